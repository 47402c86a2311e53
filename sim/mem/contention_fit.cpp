#include "mem/contention_fit.h"

#include <algorithm>
#include <cmath>

#include "common/user_error.h"

namespace warpsim::mem {
namespace {

// Best (a, b) for a fixed c, the model being linear in them, and the residual.
ContentionFit fit_for(const std::vector<LatencySample>& s, double c) {
  const double n = static_cast<double>(s.size());
  double su = 0, suu = 0, sy = 0, suy = 0;
  for (const LatencySample& p : s) {
    const double u = p.gbps / (c - p.gbps);
    su += u, suu += u * u, sy += p.latency, suy += u * p.latency;
  }
  ContentionFit f;
  const double det = n * suu - su * su;
  f.c = c;
  f.b = std::max(0.0, det > 0 ? (n * suy - su * sy) / det : 0);
  f.a = (sy - f.b * su) / n;
  double sse = 0;
  for (const LatencySample& p : s) sse += std::pow(p.latency - f.latency(p.gbps), 2);
  f.rms = std::sqrt(sse / n);
  return f;
}

}  // namespace

ContentionFit fit_contention(const std::vector<LatencySample>& samples) {
  double xmax = 0;
  for (const LatencySample& p : samples) xmax = std::max(xmax, p.gbps);
  WARPSIM_ASSERT(samples.size() >= 3 && xmax > 0, "fit_contention: need three samples and a positive throughput");
  // The residual is not convex in c: a log-spaced scan, then a golden-section search around the
  // best scan point.
  constexpr int kSteps = 400;
  const auto c_at = [&](double i) { return xmax * std::pow(4.0, i / kSteps) * (1 + 1e-6); };
  int best = 0;
  double best_rms = INFINITY;
  for (int i = 0; i <= kSteps; ++i) {
    const double rms = fit_for(samples, c_at(i)).rms;
    if (rms < best_rms * (1 - 1e-12)) best_rms = rms, best = i;
  }
  double lo = c_at(std::max(0, best - 1)), hi = c_at(std::min(kSteps, best + 1));
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 100; ++it) {
    const double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
    if (fit_for(samples, m1).rms <= fit_for(samples, m2).rms)
      hi = m2;
    else
      lo = m1;
  }
  const ContentionFit refined = fit_for(samples, (lo + hi) / 2);
  return refined.rms <= best_rms ? refined : fit_for(samples, c_at(best));
}

std::vector<LatencySample> outer_envelope(const std::vector<LatencySample>& samples) {
  std::vector<LatencySample> by_throughput = samples;
  std::sort(by_throughput.begin(), by_throughput.end(),
            [](const LatencySample& l, const LatencySample& r) { return l.gbps != r.gbps ? l.gbps > r.gbps : l.latency < r.latency; });
  // From the highest throughput down, a sample stays unless one at no less throughput had a
  // strictly lower latency (ties stay: a flat curve keeps all its samples).
  std::vector<LatencySample> kept;
  double lowest = INFINITY;
  for (const LatencySample& p : by_throughput) {
    if (p.latency <= lowest) kept.push_back(p);
    lowest = std::min(lowest, p.latency);
  }
  std::reverse(kept.begin(), kept.end());
  return kept;
}

}  // namespace warpsim::mem
