#include "model/refined_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/littles_law.h"
#include "model/volkov_model.h"

namespace warpsim::model {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kBisectionSteps = 200;

}  // namespace

double Contention::latency(double gbps) const {
  if (gbps >= c_gbps) return kInf;
  return a_cycles + b_cycles * gbps / (c_gbps - gbps);
}

Contention contention_of(const config::HwConfig& cfg) {
  return {cfg.memory.contention_a_cycles, cfg.memory.contention_b_cycles, cfg.memory.contention_c_gbps};
}

double solve_fixed_point(const std::function<double(double)>& rhs, double hi) {
  // g(x) = x - rhs(x) increases from g(0) <= 0 to g(hi) >= 0: halve the bracket.
  double lo = 0;
  if (rhs(hi) >= hi) return hi;
  for (int i = 0; i < kBisectionSteps && hi - lo > 0; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    (mid - rhs(mid) < 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

Estimate refined_estimate(const ModelContext& c, double n) {
  if (!c.latency_at_a) return Estimate::na("no memory contention fit in the config (memory.contention_a_cycles/b/c, Table 6.5)");
  const Contention k = contention_of(c.cfg);
  const double bound = c.worksheet.warp_throughput();
  const double bytes = c.profile.bytes_transferred;
  const double base = c.latency_at_a->cycles;
  const double slope = c.latency_per_memory_cycle;
  // Warp latency at warp throughput x: the bound with memory latency a + b·λ/(c − λ) (§6.5).
  auto latency = [&](double x) {
    const double extra = k.latency(ipc_per_sm_to_gbps(c.hw, x, bytes)) - k.a_cycles;
    return std::isinf(extra) ? kInf : base + slope * extra;
  };
  const double x = solve_fixed_point([&](double x) { return std::min(n / latency(x), bound); }, bound);
  return Estimate::of(x, latency(bound) * bound);  // Little's law at the saturated point (§4.5)
}

double refined_alpha_mix_memory_ipc(const HwParams& hw, const Contention& k, double alpha, double n) {
  const double bound = alpha_mix_throughput_bound(hw, alpha);
  auto rhs = [&](double x) {
    const double lat = k.latency(ipc_per_sm_to_gbps(hw, x)) + alpha * hw.alu_lat;
    return std::min(n / lat, bound);
  };
  return solve_fixed_point(rhs, bound);
}

}  // namespace warpsim::model
