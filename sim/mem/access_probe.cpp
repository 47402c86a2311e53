#include "mem/access_probe.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/user_error.h"
#include "mem/fixed_memory.h"

namespace warpsim::mem {

uint64_t last_completion(MemorySystem& memory, const std::vector<Segment>& access,
                         const std::function<uint64_t(const Segment&)>& departure) {
  std::vector<Completion> done;
  for (uint32_t k = 0; k < access.size(); ++k) {
    const Segment& s = access[k];
    const uint64_t at = departure(s);
    memory.advance(at, done);
    memory.submit(Transaction{s.address, s.bytes, false, 0, k, s.line_transactions}, at);
  }
  while (done.size() < access.size()) {  // not advance(kNever): `dram` refreshes for ever
    const uint64_t t = memory.next_event_time();
    WARPSIM_ASSERT(t != kNever, "access probe: the memory model lost a transaction");
    memory.advance(t, done);
  }
  uint64_t last = 0;
  for (const Completion& c : done) last = std::max(last, c.time);
  return last;
}

uint64_t unloaded_coalesced_tail_cycles(MemorySystem& memory, const config::LsuConfig& lsu) {
  const double delta = lsu.transaction_issue_cycles;
  const std::vector<Segment> access = coalesced_access(lsu, uint64_t{1} << 30);
  const auto departure = [delta](const Segment& s) { return departure_offset_cycles(s.issue_step, delta); };
  return last_completion(memory, access, departure) - departure(access.back());
}

uint64_t interconnect_ps_for(const config::HwConfig& cfg, uint64_t memory_cycles) {
  const double total = unloaded_transaction_latency_cycles(cfg);
  if (total <= static_cast<double>(memory_cycles))
    throw UserError(cfg.conflict({"memory.latency_cycles", "memory.dram.trcd_ns", "memory.dram.tcl_ns", "memory.dram.burst_length", "memory.dram.beats_per_clock",
                                  "memory.dram.channels_per_controller", "memory.memory_clock_mhz", "memory.bus_width_bits", "lsu.transaction_issue_cycles",
                                  "device.core_clock_ghz"},
                                 fmt::format("the unloaded latency of a transaction, {:.1f} cycles (memory.latency_cycles less the departure spread of "
                                             "a coalesced access), is not longer than the DRAM timings alone give it ({} cycles)",
                                             total, memory_cycles)));
  const double ps = (total - static_cast<double>(memory_cycles)) * 1000.0 / cfg.device.core_clock_ghz;
  return static_cast<uint64_t>(std::llround(ps));
}

}  // namespace warpsim::mem
