#include "mem/unloaded_latency.h"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "common/user_error.h"
#include "mem/access_probe.h"
#include "mem/coalescer.h"

namespace warpsim::mem {

double unloaded_transaction_latency_cycles(const config::HwConfig& cfg) {
  const int steps = coalesced_issue_steps(cfg.lsu);
  // The LSU departs pass j at whole cycles (departure_offset_cycles), so the spread the device
  // adds is the last pass's whole-cycle offset.
  const auto spread = static_cast<double>(departure_offset_cycles(steps - 1, cfg.lsu.transaction_issue_cycles));
  if (spread >= cfg.memory.latency_cycles)
    throw UserError(cfg.conflict({"lsu.transaction_issue_cycles", "memory.latency_cycles"},
                                 "the departure spread of a coalesced access exceeds memory.latency_cycles"));
  return cfg.memory.latency_cycles - spread;
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
    throw UserError(
        cfg.conflict({"memory.latency_cycles", "memory.dram.trcd_ns", "memory.dram.tcl_ns", "memory.dram.burst_length",
                      "memory.dram.beats_per_clock", "memory.dram.channels_per_controller", "memory.memory_clock_mhz",
                      "memory.bus_width_bits", "lsu.transaction_issue_cycles", "device.core_clock_ghz"},
                     fmt::format("the unloaded latency of a transaction, {:.1f} cycles (memory.latency_cycles less the departure spread of "
                                 "a coalesced access), is not longer than the DRAM timings alone give it ({} cycles)",
                                 total, memory_cycles)));
  const double ps = (total - static_cast<double>(memory_cycles)) * 1000.0 / cfg.device.core_clock_ghz;
  return static_cast<uint64_t>(std::llround(ps));
}

}  // namespace warpsim::mem
