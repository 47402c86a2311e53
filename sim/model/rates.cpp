#include "model/rates.h"

namespace warpsim::model {

Rates rates_of(const ModelContext& c, double n, const Estimate& e) {
  const KernelProfile& p = c.profile;
  const double w = e.warp_throughput;
  Rates r;
  r.ipc_per_sm = w * p.instructions;
  r.mem_ipc_per_sm = w * p.global_mem;
  r.adds_per_cycle_per_sm = w * p.alu * c.hw.warp_size;
  r.gbps = w * p.bytes_requested * c.hw.sms * c.hw.clock_ghz;
  r.warp_throughput_per_sm = w;
  r.mean_warp_latency = w > 0 ? n / w : 0;
  return r;
}

}  // namespace warpsim::model
