#include "model/prior/two_class.h"

#include <cmath>

namespace warpsim::model {

TwoClassMix alpha_mix_group(const HwParams& hw, double alpha) {
  TwoClassMix m;
  const bool adds_only = std::isinf(alpha);
  m.arith = adds_only ? 1 : alpha;
  m.mem = adds_only ? 0 : 1;
  m.insts = m.arith + m.mem;
  m.alu_lat = hw.alu_lat;
  m.mem_lat = hw.mem_lat;
  m.inst_time = 1 / hw.alu_thru;
  m.mem_cpi = 1 / hw.mem_thru;
  m.pin_cpi = 1 / hw.pin_thru;
  m.warp_size = hw.warp_size;
  return m;
}

std::optional<TwoClassMix> two_class_mix(const ModelContext& c, std::string* why_not) {
  const KernelProfile& p = c.profile;
  if (!p.two_class()) {
    if (why_not)
      *why_not =
          "defined for CUDA-core and global-memory instructions only (Volkov 2016 ch. 7); kernel has SFU, double-precision, shared-memory or barrier instructions";
    return std::nullopt;
  }
  TwoClassMix m;
  m.arith = p.alu;
  m.mem = p.global_mem;
  m.insts = p.instructions;
  m.alu_lat = c.hw.alu_lat;
  m.mem_lat = p.mean_mem_latency;
  m.inst_time = 1 / c.hw.alu_thru;
  const double bytes_per_mem = p.global_mem > 0 ? p.bytes_transferred / p.global_mem : kCoalescedWarpBytes;
  m.mem_cpi = bytes_per_mem / c.hw.bytes_per_cycle;
  m.pin_cpi = bytes_per_mem / c.hw.pin_bytes_per_cycle;
  m.warp_size = c.hw.warp_size;
  return m;
}

}  // namespace warpsim::model
