// Little's law and the unit conversions the seeds use (Volkov 2016 §3.1-3.4, §6.1).
// mean concurrency = mean latency x throughput; everything else is a change of units.
#pragma once

#include "model/hw_params.h"

namespace warpsim::model {

// Concurrency needed to sustain `throughput` items/cycle when each takes `latency` cycles (§3.2).
double needed_concurrency(double latency_cycles, double throughput_per_cycle);

// Warps per SM needed to sustain `warp_throughput` (warps/cycle/SM) at `warp_latency` (§3.4).
double warps_needed(double warp_latency_cycles, double warp_throughput_per_sm);

// Memory IPC/SM <-> GB/s for `bytes_per_instruction` (128 for the seeds' coalesced accesses, §3.2).
double ipc_per_sm_to_gbps(const HwParams& hw, double ipc_per_sm, double bytes_per_instruction = kCoalescedWarpBytes);
double gbps_to_ipc_per_sm(const HwParams& hw, double gbps, double bytes_per_instruction = kCoalescedWarpBytes);

// Warp IPC/SM <-> thread-ops per cycle per SM ("adds/cycle/SM" for FADDs; 32 ops = 1 instruction).
double ipc_to_ops_per_sm(const HwParams& hw, double ipc_per_sm);
double ops_per_sm_to_ipc(const HwParams& hw, double ops_per_cycle_per_sm);

// Per SM <-> per scheduler (Table 6.1 units are ops/cycle per scheduler, §6.1).
double per_sm_to_per_scheduler(const HwParams& hw, double per_sm);
double per_scheduler_to_per_sm(const HwParams& hw, double per_scheduler);

}  // namespace warpsim::model
