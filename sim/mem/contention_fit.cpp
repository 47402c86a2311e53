#include "mem/contention_fit.h"

#include <algorithm>
#include <cmath>

#include "common/user_error.h"

namespace warpsim::mem {
namespace {

// Best (a, b) for a fixed c and the residual sum of squares.
ContentionFit fit_for(const std::vector<LatencySample>& s, double c) {
  double n = 0, su = 0, suu = 0, sy = 0, suy = 0;
  for (const LatencySample& p : s) {
    const double u = p.gbps / (c - p.gbps);
    n += 1, su += u, suu += u * u, sy += p.latency, suy += u * p.latency;
  }
  ContentionFit f;
  const double det = n * suu - su * su;
  f.c = c;
  f.b = det > 0 ? (n * suy - su * sy) / det : 0;
  f.a = (sy - f.b * su) / n;
  double sse = 0;
  for (const LatencySample& p : s) sse += std::pow(p.latency - f.latency(p.gbps), 2);
  f.rms = std::sqrt(sse / n);
  return f;
}

}  // namespace

ContentionFit fit_contention(const std::vector<LatencySample>& samples) {
  WARPSIM_ASSERT(samples.size() >= 3, "fit_contention: need at least three samples");
  double xmax = 0;
  for (const LatencySample& p : samples) xmax = std::max(xmax, p.gbps);
  // The residual is not convex in c: scan a log grid above the largest sample, then refine.
  ContentionFit best = fit_for(samples, xmax * 1.0001);
  double lo = 1e-4, hi = 3.0;
  for (int pass = 0; pass < 4; ++pass) {
    const int steps = 200;
    double best_e = std::log(lo);
    for (int i = 0; i <= steps; ++i) {
      const double e = std::log(lo) + (std::log(hi) - std::log(lo)) * i / steps;
      const ContentionFit f = fit_for(samples, xmax * (1 + std::exp(e)));
      if (f.rms < best.rms) best = f, best_e = e;
    }
    const double span = (std::log(hi) - std::log(lo)) / steps;
    lo = std::exp(best_e - span), hi = std::exp(best_e + span);
  }
  return best;
}

}  // namespace warpsim::mem
