#include "validation/evaluation/alpha_sweep.h"

#include <algorithm>
#include <cmath>

#include "common/text.h"

namespace warpsim::validation {

double alpha_value(const std::string& alpha) {
  if (alpha == "inf") return INFINITY;
  if (alpha.rfind("1/", 0) == 0) {  // 1/k: one add per k loads (the generator's form)
    const auto k = parse_double(alpha.substr(2));
    return k && *k > 0 ? 1 / *k : NAN;
  }
  auto v = parse_double(alpha);
  return v ? *v : NAN;
}

RunSpec alpha_run(const RunSpec& base, const std::string& alpha) {
  RunSpec r = base;
  r.variants.clear();
  const double a = alpha_value(alpha);
  const bool stream = !base.params.count("pattern") || base.params.at("pattern") == "stream";
  // The limit cases are the homogeneous runs of Tables 6.1-6.4 (§4.2: α = ∞ is all adds, α = 0 all
  // loads), so those runs serve both and are simulated once.
  if (std::isinf(a)) {
    r.workload = "homogeneous";
    r.params = {{"op", "add"}, {"count", "1024"}};
    r.waves = 2;
    return r;
  }
  if (a == 0 && stream) {
    r.workload = "homogeneous";
    r.params = {{"op", "stream"}, {"count", std::to_string(kStreamLoads)}, {"ilp", "1"}};
    r.waves = kStreamWaves;
    return r;
  }
  r.workload = "alpha_mix";
  r.params.erase("loads");
  r.params.erase("adds");
  r.params["alpha"] = alpha;
  if (!std::isfinite(a)) return r;  // not a number: the generator names the bad alpha
  // Long warps, as the seed's (kChainInstructions), with at least 2 loads at the largest α.
  const double loads = std::clamp(std::round(kChainInstructions / (std::max(a, 0.0) + 1)), 2.0, double{kMaxChainLoads});
  r.params["loads"] = std::to_string(static_cast<int>(loads));
  r.waves = kChainWaves;
  return r;
}

const std::vector<std::string>& default_alphas() {
  static const std::vector<std::string> a{"0", "1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "inf"};
  return a;
}

}  // namespace warpsim::validation

namespace warpsim::validation {

RunSpec stream_peak_run(const RunSpec& base) {
  RunSpec r;
  r.gpu = base.gpu;
  r.sets = base.sets;
  r.sms = base.sms;
  r.workload = "homogeneous";
  r.params = {{"op", "stream"}, {"count", std::to_string(kStreamLoads)}};
  r.waves = kStreamWaves;
  r.variants = {{{"ilp", "1"}}, {{"ilp", "2"}}, {{"ilp", "4"}}};
  return r;
}

}  // namespace warpsim::validation
