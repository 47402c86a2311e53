// The extraction vocabulary on one curve (docs/validation.md): the seed's own definitions of peak
// throughput, latency and needed occupancy (Volkov 2016 §6.1), throughput at an occupancy, and the
// memory-latency fit of §6.4. Each returns a Value: a number, or NaN with a note saying why not.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "validation/evaluation/curve.h"

namespace warpsim::validation {

struct Value {
  double v = kNaN;
  std::string note;      // why there is no number, or a caveat ("lower bound: ...")
  bool what_if = false;  // found beyond the GPU's limit, on a what-if SM (validation/evaluation/what_if.h)
  bool ok() const { return v == v; }
  static Value none(std::string why) { return Value{kNaN, std::move(why)}; }
};

// Largest value over occupancies (Table 6.1: "maximum attained throughput").
Value peak(const Curve& c, Metric m);
// The smallest positive value over occupancies (Lemeire 2016's λ: the least CPI, Eq. 4).
Value least(const Curve& c, Metric m);
// Smallest mean warp latency per dependent instruction over occupancies (Table 6.2).
Value latency(const Curve& c, double per_warp_instructions);
// Smallest occupancy whose value reaches `target`, in `unit` (Tables 6.3, 6.4).
Value occupancy_at(const Curve& c, Metric m, double target, OccupancyUnit unit);
// The value at `warps_per_sm`, which must be a point of the curve.
Value throughput_at(const Curve& c, Metric m, double warps_per_sm);

// latency = a + b·x/(c − x), x the throughput in GB/s (Volkov 2016 §6.4, Table 6.5), fitted as the
// seed fits it: to the outer envelope of the samples (mem/contention_fit.h). NaN with fewer than
// three envelope samples.
struct AbcFit {
  double a = kNaN, b = kNaN, c = kNaN;
  double rms = kNaN;  // cycles
};
AbcFit fit_abc(const std::vector<std::pair<double, double>>& gbps_latency);

}  // namespace warpsim::validation
