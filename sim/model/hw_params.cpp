#include "model/hw_params.h"

#include <algorithm>

namespace warpsim::model {

HwParams derive_hw_params(const config::HwConfig& cfg) {
  HwParams p;
  p.sms = cfg.device.sms;
  p.schedulers = cfg.scheduler.count;
  p.clock_ghz = cfg.device.core_clock_ghz;
  p.warp_size = cfg.sm.warp_size;
  p.alu_lat = cfg.alu.latency_cycles;
  p.mem_lat = cfg.memory.latency_cycles;
  // GB/s -> bytes per cycle per SM: divide by the clock (GHz) and the number of SMs (§3.2).
  p.bytes_per_cycle = cfg.memory.peak_gbps / (p.clock_ghz * p.sms);
  p.pin_bytes_per_cycle = cfg.memory.pin_bandwidth_gbps / (p.clock_ghz * p.sms);
  p.mem_thru = p.bytes_per_cycle / kCoalescedWarpBytes;
  p.pin_thru = p.pin_bytes_per_cycle / kCoalescedWarpBytes;
  // The seeds' mixes are back-to-back dependent: one instruction per issue (§4.1), so dual issue
  // does not enter these two limits.
  p.issue_thru = static_cast<double>(cfg.scheduler.count) / cfg.scheduler.cycles_per_issue;
  p.alu_thru = std::min(cfg.scheduler.count * cfg.alu.ops_per_cycle / p.warp_size, p.issue_thru);
  return p;
}

}  // namespace warpsim::model
