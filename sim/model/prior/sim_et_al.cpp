#include "model/prior/sim_et_al.h"

#include <algorithm>

namespace warpsim::model {

double sim_mwp_peak_bw(const TwoClassMix& m) { return m.mem_lat / m.mem_cpi; }

Estimate sim_et_al(const TwoClassMix& m, double n) {
  const double cpi = std::max(m.alu_lat / n, m.inst_time);
  const double t_comp = m.insts * n * cpi;
  const double mem_cycles = m.mem_lat * m.mem;
  const double cwp = std::min(n, 1 + mem_cycles / (m.insts * cpi));
  const double mwp = std::min(n, sim_mwp_peak_bw(m));
  const double t_mem = n * mem_cycles / std::min(mwp, std::max(1.0, cwp - 1));
  const double t_exec = cwp > mwp ? std::max(t_comp, t_mem) : std::max(t_comp, t_mem + t_comp / n);
  return Estimate::of(n / t_exec);
}

Estimate sim_et_al(const ModelContext& c, double n) {
  std::string why;
  const auto m = two_class_mix(c, &why);
  return m ? sim_et_al(*m, n) : Estimate::na(why);
}

}  // namespace warpsim::model
