// Memory instructions: global loads and stores through the coalescer and the LSU, shared-memory
// accesses through the bank model, and completions coming back from the memory system.
#include <algorithm>
#include <cmath>

#include "common/user_error.h"
#include "sm/sm.h"
#include "sm/sm_hot.h"

namespace warpsim::sm {

using mem::kNever;

uint32_t Sm::send(uint32_t slot, const DecodedInstruction& d, uint64_t t, bool write, uint32_t tag) {
  const Warp& w = warps_[slot];
  const WarpCoordinates coords{w.block_id, w.warp_in_block, static_cast<uint32_t>(setup_.block_threads)};
  const uint64_t exec = executions_[slot * accesses_stride_ + d.access]++;
  const isa::AccessPattern& ap = addresses_.pattern(d.access);
  stats_.work.bytes_requested += static_cast<uint64_t>(d.ops) * static_cast<uint64_t>(ap.bytes);
  const mem::Transaction proto{0, 0, write, static_cast<uint16_t>(setup_.index), tag};
  uint64_t lane0 = 0;
  if (addresses_.fixed_offsets(d.access, coords, exec, lane0)) {
    CoalescingCache::Entry& e = coalescing_.entry(d.access, lane0);
    if (e.key != static_cast<int32_t>(lane0 % CoalescingCache::kPeriod)) {
      addresses_.global_addresses(d.access, coords, exec, addr_);
      mem::coalesce(cfg_.lsu.coalescing, addr_, addresses_.active_mask(d.access), ap.bytes, segments_);
      if (!CoalescingCache::fill(e, lane0, segments_)) return depart_all(t, proto);
    }
    const uint64_t block = lane0 - lane0 % CoalescingCache::kPeriod;
    stats_.work.bytes_transferred += e.bytes;
    stats_.work.transactions += e.count;
    for (uint32_t j = 0; j < e.count; ++j) depart(t, j, proto, block + e.offset[j], e.size[j]);
    return e.count;
  }
  addresses_.global_addresses(d.access, coords, exec, addr_);
  mem::coalesce(cfg_.lsu.coalescing, addr_, addresses_.active_mask(d.access), ap.bytes, segments_);
  return depart_all(t, proto);
}

uint32_t Sm::depart_all(uint64_t t, const mem::Transaction& proto) {
  stats_.work.transactions += segments_.size();
  for (size_t j = 0; j < segments_.size(); ++j) {
    stats_.work.bytes_transferred += segments_[j].bytes;
    depart(t, static_cast<uint32_t>(j), proto, segments_[j].address, segments_[j].bytes);
  }
  return static_cast<uint32_t>(segments_.size());
}

// The j-th transaction departs j x (Table 6.7 increment) after issue: replays of the instruction.
void Sm::depart(uint64_t t, uint32_t j, const mem::Transaction& proto, uint64_t address, uint32_t bytes) {
  WARPSIM_ASSERT(j < departure_offset_.size(), "more transactions than warp threads");
  mem::Transaction tr = proto;
  tr.address = address;
  tr.bytes = bytes;
  if (j == 0) memory_.submit(tr, t);
  else lsu_.depart(j, t + departure_offset_[j], tr);
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
  const uint32_t sent = send(slot, d, t, false, tag);
  LoadRecord& rec = lsu_.load(tag);
  rec.remaining = sent;
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
