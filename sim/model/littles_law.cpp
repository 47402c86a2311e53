#include "model/littles_law.h"

namespace warpsim::model {

double needed_concurrency(double latency_cycles, double throughput_per_cycle) { return latency_cycles * throughput_per_cycle; }

double warps_needed(double warp_latency_cycles, double warp_throughput_per_sm) {
  return needed_concurrency(warp_latency_cycles, warp_throughput_per_sm);
}

double ipc_per_sm_to_gbps(const HwParams& hw, double ipc_per_sm, double bytes_per_instruction) {
  return ipc_per_sm * bytes_per_instruction * hw.sms * hw.clock_ghz;
}

double gbps_to_ipc_per_sm(const HwParams& hw, double gbps, double bytes_per_instruction) {
  return gbps / (bytes_per_instruction * hw.sms * hw.clock_ghz);
}

double ipc_to_ops_per_sm(const HwParams& hw, double ipc_per_sm) { return ipc_per_sm * hw.warp_size; }
double ops_per_sm_to_ipc(const HwParams& hw, double ops_per_cycle_per_sm) { return ops_per_cycle_per_sm / hw.warp_size; }

double per_sm_to_per_scheduler(const HwParams& hw, double per_sm) { return per_sm / hw.schedulers; }
double per_scheduler_to_per_sm(const HwParams& hw, double per_scheduler) { return per_scheduler * hw.schedulers; }

}  // namespace warpsim::model
