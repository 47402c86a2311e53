#include "model/prior/cuda_guide.h"

#include <algorithm>

namespace warpsim::model {

double cuda_guide_warps_needed(const TwoClassMix& m) { return m.mem_lat / (m.inst_time * m.alpha()); }

double cuda_guide_warps_needed_refined(const TwoClassMix& m) { return m.mem_lat / (m.inst_time * (m.alpha() + 1)) + 1; }

Estimate cuda_guide(const TwoClassMix& m, double n) {
  if (m.mem == 0 || m.arith == 0)
    return Estimate::na("the guide's estimate needs both arithmetic and memory instructions (α between 0 and ∞, §4.8)");
  const double needed = cuda_guide_warps_needed(m);
  const double peak = 1 / (m.insts * m.inst_time);  // every instruction issued at the peak rate
  Estimate e = Estimate::of(peak * std::min(1.0, n / needed), needed);
  e.flag = "the guide gives only the needed occupancy; curve linear up to it";
  return e;
}

Estimate cuda_guide(const ModelContext& c, double n) {
  std::string why;
  const auto m = two_class_mix(c, &why);
  return m ? cuda_guide(*m, n) : Estimate::na(why);
}

}  // namespace warpsim::model
