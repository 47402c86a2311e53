#include "model/simulated_bound.h"

#include <algorithm>
#include <cmath>

#include "model/kernel_profile.h"
#include "model/throughput_bound.h"

namespace warpsim::model {

double simulated_throughput_bound(const config::HwConfig& cfg, const isa::Kernel& k, const std::vector<uint64_t>* timed_counts) {
  config::HwConfig c = cfg;
  // `fixed` and `servers` pass every byte through Table 6.4's peak; the DRAM models move it at the pins.
  const bool peak_capped = c.memory.model == config::MemoryModelKind::Fixed || c.memory.model == config::MemoryModelKind::Servers;
  if (!peak_capped) c.memory.peak_gbps = c.memory.pin_bandwidth_gbps;
  // Behind caches the bytes a warp moves need not reach the memory: its row is the fastest level
  // that can serve them, the L2 slices' ports, and none where an L1 serves global loads (its port
  // is not modelled; the LSU's rows still bound it).
  if (c.memory.l1.bytes > 0)
    c.memory.peak_gbps = 1e12;
  else if (c.memory.l2.slices > 0 && c.memory.l2_bytes > 0)
    c.memory.peak_gbps = std::max(c.memory.peak_gbps, c.memory.l2.slices * c.memory.l2.bytes_per_cycle * c.device.core_clock_ghz);
  const bool timed = timed_counts != nullptr && timed_counts->size() == k.code.size();
  KernelProfile p = timed ? profile_kernel(c, k, std::vector<int64_t>(timed_counts->begin(), timed_counts->end())) : profile_kernel(c, k);
  if (p.instructions == 0) return INFINITY;
  // warpsim's schedulers spend no issue slot on a reissue: a bank-conflict pass occupies the
  // shared-memory banks (their row), a diverging access's extra transactions leave the LSU at
  // Table 6.7 spacing. Volkov's Reissue row is a cost of the real GPUs, not of this machine.
  p.reissues = 0;
  return p.instructions * throughput_worksheet(c, k, p).warp_throughput();
}

}  // namespace warpsim::model
