#include "model/prior/baghsorkhi.h"

#include <algorithm>

namespace warpsim::model {

Estimate baghsorkhi(const TwoClassMix& m, double n, Bandwidth bw) {
  const double alu = std::max(m.inst_time, m.alu_lat / n);  // Eq. 3
  if (m.mem == 0) return Estimate::of(1 / (m.arith * alu));
  const double cyc_compute = m.arith * alu + m.mem * m.inst_time;
  const double cyc_mem = m.mem * (bw == Bandwidth::Pin ? m.pin_cpi : m.mem_cpi);
  const double latency_bw = m.inst_time + std::max(0.0, (cyc_mem - cyc_compute) / m.mem);  // Eq. 4
  const double nbc = cyc_compute / m.mem;                                                  // Eq. 5, no barriers
  const double latency_exposed = m.mem_lat - (n - 1) * nbc;                                // Eq. 6
  const double warp_latency = m.arith * alu + m.mem * std::max(latency_bw, latency_exposed);
  return Estimate::of(1 / warp_latency);  // total time = sum of warp latencies
}

Estimate baghsorkhi(const ModelContext& c, double n, Bandwidth bw) {
  std::string why;
  const auto m = two_class_mix(c, &why);
  return m ? baghsorkhi(*m, n, bw) : Estimate::na(why);
}

}  // namespace warpsim::model
