#include "model/prior/zhang_owens.h"

#include <algorithm>

namespace warpsim::model {

Estimate zhang_owens(const TwoClassMix& m, const ThroughputCurves& curves, double n, TimeMerge merge) {
  const double warp = m.warp_size;  // thread-ops per instruction
  const double alu_time = m.arith > 0 ? m.arith * warp / curves.alu(n) : 0;
  const double mem_time = m.mem > 0 ? m.mem * warp / curves.mem(n) : 0;
  const double time = merge == TimeMerge::Overlap ? std::max(alu_time, mem_time) : alu_time + mem_time;
  return Estimate::of(1 / time);
}

Estimate zhang_owens(const ModelContext& c, double n, TimeMerge merge) {
  std::string why;
  const auto m = two_class_mix(c, &why);
  return m ? zhang_owens(*m, c.curves, n, merge) : Estimate::na(why);
}

}  // namespace warpsim::model
