// The hardware parameters of Volkov 2016 Table 4.1, derived from a HwConfig — never entered by hand,
// so the analytical models and the simulator provably share one description of the GPU.
#pragma once

#include "config/hw_config.h"

namespace warpsim::model {

// Bytes a fully coalesced 32-bit warp access requests: the unit of the seeds' "memory IPC" (§3.2).
inline constexpr double kCoalescedWarpBytes = 128;

struct HwParams {
  double alu_lat = 0;              // cycles: CUDA-core register-dependency latency (alu.latency_cycles)
  double mem_lat = 0;              // cycles: unloaded streaming-load latency (memory.latency_cycles)
  double mem_thru = 0;             // IPC/SM: sustained peak / (128 B x SMs x clock), §4.1
  double pin_thru = 0;             // IPC/SM: the same at pin bandwidth (Hong & Kim, §7.1)
  double alu_thru = 0;             // IPC/SM: CUDA cores, single issue factored in (§4.1)
  double issue_thru = 0;           // IPC/SM: schedulers / cycles per issue, single issue (Table 2.8)
  double bytes_per_cycle = 0;      // sustained memory bytes per cycle per SM (§3.8: 17.1 on Kepler)
  double pin_bytes_per_cycle = 0;  // pin-bandwidth bytes per cycle per SM
  int sms = 1;
  int schedulers = 1;
  double clock_ghz = 1;
  int warp_size = 32;
};

HwParams derive_hw_params(const config::HwConfig& cfg);

}  // namespace warpsim::model
