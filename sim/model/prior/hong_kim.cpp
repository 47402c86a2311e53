#include "model/prior/hong_kim.h"

#include <algorithm>

namespace warpsim::model {

HongKimTerms hong_kim_terms(const TwoClassMix& m, double n) {
  HongKimTerms t;
  const double mem_cycles = m.mem_lat * m.mem;
  const double comp_cycles = m.inst_time * m.insts;
  t.mwp_peak_bw = m.mem_lat / m.pin_cpi;
  t.cwp_full = (mem_cycles + comp_cycles) / comp_cycles;
  t.mwp = std::min(n, t.mwp_peak_bw);
  t.cwp = std::min(n, t.cwp_full);
  return t;
}

Estimate hong_kim(const TwoClassMix& m, double n) {
  const HongKimTerms t = hong_kim_terms(m, n);
  const double mem_cycles = m.mem_lat * m.mem;
  const double comp_cycles = m.inst_time * m.insts;
  double w;
  if (t.mwp == n && t.cwp == n)
    w = n / (mem_cycles + comp_cycles);  // Eq. 22: latency-bound
  else if (t.mwp < t.cwp)
    w = t.mwp / mem_cycles;  // Eq. 23: memory-bound
  else
    w = 1 / comp_cycles;  // Eq. 24: compute-bound
  return Estimate::of(w, std::min(t.cwp_full, t.mwp_peak_bw));
}

Estimate hong_kim(const ModelContext& c, double n) {
  std::string why;
  const auto m = two_class_mix(c, &why);
  return m ? hong_kim(*m, n) : Estimate::na(why);
}

}  // namespace warpsim::model
