// Memory instructions: global loads and stores through the coalescer and the LSU, shared-memory
// accesses through the bank model, and completions coming back from the memory system.
#include <algorithm>
#include <bit>
#include <cmath>

#include "common/user_error.h"
#include "sm/sm.h"
#include "sm/sm_hot.h"

namespace warpsim::sm {

using mem::kNever;

void Sm::send(uint32_t slot, const DecodedInstruction& d, uint64_t t, bool write, uint32_t tag, AccessWork& work) {
  const Warp& w = warps_[slot];
  const WarpCoordinates coords{w.block_id, w.warp_in_block, static_cast<uint32_t>(setup_.block_threads)};
  const uint64_t exec = executions_[slot * accesses_stride_ + d.access]++;
  const isa::AccessPattern& ap = addresses_.pattern(d.access);
  work.bytes_requested = static_cast<uint32_t>(d.ops) * static_cast<uint32_t>(ap.bytes);
  const mem::Transaction proto{0, 0, write, static_cast<uint16_t>(setup_.index), tag, 1, true, static_cast<uint16_t>(slot)};
  uint64_t lane0 = 0;
  if (addresses_.fixed_offsets(d.access, coords, exec, lane0)) {
    CoalescingCache::Entry& e = coalescing_.entry(d.access, lane0);
    if (e.key != static_cast<int32_t>(lane0 % CoalescingCache::kPeriod)) {
      const uint32_t mask = addresses_.global_addresses(d.access, coords, exec, addr_);
      mem::coalesce(cfg_.lsu.coalescing, addr_, mask, ap.bytes, segments_, cfg_.lsu.issue_unit);
      if (!CoalescingCache::fill(e, lane0, segments_)) return depart_all(t, proto, work);
    }
    const uint64_t block = lane0 - lane0 % CoalescingCache::kPeriod;
    work.bytes_transferred = e.bytes;
    work.transactions = e.count;
    for (uint32_t j = 0; j < e.count; ++j)
      depart(t, e.issue_step[j], proto, block + e.offset[j], e.size[j], e.line_transactions[j], j == e.last);
    return;
  }
  // A gather's active lanes vary by execution (AddressGenerator::global_addresses).
  const uint32_t mask = addresses_.global_addresses(d.access, coords, exec, addr_);
  work.bytes_requested = static_cast<uint32_t>(std::popcount(mask)) * static_cast<uint32_t>(ap.bytes);
  mem::coalesce(cfg_.lsu.coalescing, addr_, mask, ap.bytes, segments_, cfg_.lsu.issue_unit);
  depart_all(t, proto, work);
}

void Sm::depart_all(uint64_t t, const mem::Transaction& proto, AccessWork& work) {
  work.transactions = static_cast<uint32_t>(segments_.size());
  work.bytes_transferred = 0;
  const size_t last = mem::last_to_depart(segments_);
  for (size_t j = 0; j < segments_.size(); ++j) {
    work.bytes_transferred += segments_[j].bytes;
    depart(t, segments_[j].issue_step, proto, segments_[j].address, segments_[j].bytes, segments_[j].line_transactions, j == last);
  }
}

// A transaction of issue step j departs j x (Table 6.7 increment) after issue: replays of the
// instruction (mem::Segment::issue_step).
void Sm::depart(uint64_t t, uint32_t j, const mem::Transaction& proto, uint64_t address, uint32_t bytes, uint8_t line_transactions,
                bool last) {
  WARPSIM_ASSERT(j < departure_offset_.size(), "more issue steps than warp threads");
  mem::Transaction tr = proto;
  tr.address = address;
  tr.bytes = bytes;
  tr.line_transactions = line_transactions;
  tr.last_of_access = last;
  if (j == 0)
    memory_.submit(tr, t);
  else
    departures_.push(j, t + departure_offset_[j], tr);
}

// One record per global access; its work is counted when it completes (on_completion).
uint32_t Sm::issue_access(uint32_t slot, const DecodedInstruction& d, uint64_t t, bool store) {
  AccessRecord r;
  r.warp = slot;
  r.issue = t;
  r.serial = accesses_issued_++;
  r.store = store;
  const uint32_t tag = lsu_.new_access(r);
  granted_shared_unit(slot);
  AccessWork work;
  send(slot, d, t, store, tag, work);
  AccessRecord& rec = lsu_.access(tag);
  rec.work = work;
  rec.remaining = work.transactions;
  return tag;
}

void Sm::close_window(uint64_t t) {
  WindowTally& win = stats_.window;
  win.closed = true;
  win.close_serial = accesses_issued_;
  win.in_flight = lsu_.accesses_in_flight();
  win.done = t;
  win.work = stats_.work;
  win.issued_by_pc = stats_.issued_by_pc;
}

void Sm::issue_load(uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  const uint32_t tag = issue_access(slot, d, t, false);
  AccessRecord& rec = lsu_.access(tag);
  rec.ndst = d.ndst;
  rec.dst = d.dst;
  for (int i = 0; i < d.ndst; ++i) reg(slot, d.dst[i]) = RegReady{kNever, kNever};
  ++warps_[slot].outstanding_loads;
  if (rec.remaining > 0) {
    rec.sampled = accesses_seen_++ % static_cast<uint64_t>(setup_.access_sample_every) == setup_.access_sample_phase;
    return;
  }
  // No active thread (a gather whose lanes' rows all ended): nothing goes to memory, and the
  // access is no sample of memory latency. It completes at issue, as an instruction whose lanes
  // are all predicated off: its registers are ready at once, and the warp's next instruction
  // waits only its same-warp issue latency (the LSU's costs in warpsim are per transaction,
  // lsu.transaction_issue_cycles, and there is none). It counts as a warp instruction executed.
  rec.sampled = false;
  on_completion(tag, t);
}

void Sm::issue_store(uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  const uint32_t tag = issue_access(slot, d, t, true);
  if (lsu_.access(tag).remaining == 0) on_completion(tag, t);
}

uint64_t Sm::issue_smem(uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  const uint64_t taken = t + smem_unit_.queue_wait(t);
  smem_unit_.accept(t, d.smem_unit_cycles);
  granted_shared_unit(slot);
  return taken;
}

// Round-robin arbiter of the SM's shared units (shared memory, the LSU's path to the memory
// system): the scheduler just granted goes last next time (see tick_schedulers).
void Sm::granted_shared_unit(uint32_t slot) {
  const uint32_t next = slot_scheduler_[slot] + 1;
  arbitration_start_ = next == scheduler_count_ ? 0 : next;
}

namespace {

void count(WorkCounters& w, const AccessRecord& r) {
  w.instructions[isa::index(r.store ? isa::OpClass::Store : isa::OpClass::Load)]++;
  w.bytes_requested += r.work.bytes_requested;
  w.bytes_transferred += r.work.bytes_transferred;
  w.transactions += r.work.transactions;
}

}  // namespace

// An access's work counts when its last transaction completes, not at issue: in a window that
// starts empty and ends with accesses in flight, counting at issue would credit the window with
// work the memory system has not yet done (up to one loaded latency's worth at saturation). An
// access issued before the window closed still belongs to it (WindowTally).
void Sm::on_completion(uint32_t tag, uint64_t t, uint32_t transactions, bool from_cache) {
  AccessRecord& r = lsu_.access(tag);
  r.from_cache = r.from_cache && from_cache;
  if (r.remaining > transactions) {
    r.remaining -= transactions;
    return;
  }
  r.remaining = 0;
  count(stats_.work, r);
  stats_.last_access_done = std::max(stats_.last_access_done, t);
  WindowTally& win = stats_.window;
  if (win.closed && r.serial < win.close_serial) {
    count(win.work, r);
    --win.in_flight;
    win.done = t;
  }
  if (r.store) {
    lsu_.free_access(tag);
    return;
  }
  const uint32_t slot = r.warp;
  for (int i = 0; i < r.ndst; ++i) reg(slot, r.dst[i]) = RegReady{t, t};
  --warps_[slot].outstanding_loads;
  if (r.sampled) {
    stats_.access_latency.record(t - r.issue);
    if (r.from_cache) stats_.access_latency_from_cache.record(t - r.issue);
  }
  lsu_.free_access(tag);
  refresh_ready(slot);
  wake_scheduler_of(slot, t);
}

}  // namespace warpsim::sm
