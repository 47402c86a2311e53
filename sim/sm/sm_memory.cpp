// Memory instructions: global loads and stores through the coalescer and the LSU, shared-memory
// accesses through the bank model, and completions coming back from the memory system.
#include <algorithm>
#include <cmath>

#include "common/user_error.h"
#include "sm/sm.h"
#include "sm/sm_hot.h"

namespace warpsim::sm {

using mem::kNever;

void Sm::send(uint32_t slot, const DecodedInstruction& d, uint64_t t, bool write, uint32_t tag) {
  const Warp& w = warps_[slot];
  const WarpCoordinates coords{w.block_id, w.warp_in_block, static_cast<uint32_t>(setup_.block_threads)};
  uint64_t& exec = executions_[slot * accesses_stride_ + d.access];
  addresses_.global_addresses(d.access, coords, exec++, addr_);
  const isa::AccessPattern& ap = addresses_.pattern(d.access);
  mem::coalesce(cfg_.lsu.coalescing, addr_, addresses_.active_mask(d.access), ap.bytes, segments_);
  stats_.work.bytes_requested += static_cast<uint64_t>(d.ops) * static_cast<uint64_t>(ap.bytes);
  stats_.work.transactions += segments_.size();
  // The j-th transaction departs j x (Table 6.7 increment) after issue: replays of the instruction.
  WARPSIM_ASSERT(segments_.size() < departure_offset_.size(), "more transactions than warp threads");
  for (size_t j = 0; j < segments_.size(); ++j) {
    stats_.work.bytes_transferred += segments_[j].bytes;
    const mem::Transaction tr{segments_[j].address, segments_[j].bytes, write, static_cast<uint16_t>(setup_.index), tag};
    const uint64_t at = t + departure_offset_[j];
    if (at == t) memory_.submit(tr, t);
    else lsu_.depart(at, tr);
  }
}

void Sm::issue_load(uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  Warp& w = warps_[slot];
  LoadRecord r;
  r.warp = slot;
  r.ndst = d.ndst;
  r.dst = d.dst;
  r.issue = t;
  r.sampled = accesses_seen_++ % static_cast<uint64_t>(setup_.access_sample_every) == 0;
  const uint32_t tag = lsu_.new_load(r);
  send(slot, d, t, false, tag);
  LoadRecord& rec = lsu_.load(tag);
  rec.remaining = static_cast<uint32_t>(segments_.size());
  for (int i = 0; i < d.ndst; ++i) reg(slot, d.dst[i]) = RegReady{kNever, kNever};
  ++w.outstanding_loads;
  if (rec.remaining == 0) on_completion(tag, t);  // no active thread: nothing to wait for
}

void Sm::issue_store(uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  send(slot, d, t, true, Lsu::kStoreTag);
}

void Sm::issue_smem(uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  (void)slot;
  smem_unit_.accept(t, d.smem_unit_cycles);
}

void Sm::on_completion(uint32_t tag, uint64_t t) {
  if (tag & Lsu::kStoreTag) return;  // stores complete silently: nothing waits on them
  LoadRecord& r = lsu_.load(tag);
  if (r.remaining > 0 && --r.remaining > 0) return;
  const uint32_t slot = r.warp;
  for (int i = 0; i < r.ndst; ++i) reg(slot, r.dst[i]) = RegReady{t, t};
  --warps_[slot].outstanding_loads;
  if (r.sampled) stats_.access_latency.record(t - r.issue);
  lsu_.free_load(tag);
  refresh_ready(slot);
  wake_scheduler_of(slot, t);
}

}  // namespace warpsim::sm
