// An Estimate in the units of `warpsim run` (report/result_table.h): a warp throughput becomes
// instruction, memory, add and byte rates through the kernel's per-warp counts, and a mean warp
// latency through Little's law (Volkov 2016 §3.4).
#pragma once

#include "model/estimate.h"
#include "model/model_context.h"

namespace warpsim::model {

struct Rates {
  double ipc_per_sm = 0;             // warp instructions / cycle / SM
  double mem_ipc_per_sm = 0;         // global memory warp instructions / cycle / SM
  double adds_per_cycle_per_sm = 0;  // CUDA-core thread-ops / cycle / SM
  double gbps = 0;                   // requested bytes, device-wide, as the seeds count them
  double warp_throughput_per_sm = 0;
  double mean_warp_latency = 0;  // occupancy / warp throughput; 0 if the throughput is not positive
};

Rates rates_of(const ModelContext& c, double warps_per_sm, const Estimate& e);

}  // namespace warpsim::model
