#include "validation/extract.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace warpsim::validation {

Value peak(const Curve& c, Metric m) {
  Value out = Value::none(c.note.empty() ? "no samples" : c.note);
  for (const auto& p : c.points)
    if (std::isfinite(p[m]) && (!out.ok() || p[m] > out.v)) out = Value{p[m], ""};
  return out;
}

Value latency(const Curve& c, double per) {
  Value out = Value::none(c.note.empty() ? "no samples" : c.note);
  for (const auto& p : c.points) {
    const double l = p[Metric::MeanWarpLatency] / per;
    if (std::isfinite(l) && l > 0 && (!out.ok() || l < out.v)) out = Value{l, ""};
  }
  return out;
}

Value occupancy_at(const Curve& c, Metric m, double target, OccupancyUnit unit) {
  if (c.points.empty()) return Value::none(c.note.empty() ? "no samples" : c.note);
  if (!std::isfinite(target)) return Value::none("no target throughput");
  for (const auto& p : c.points)
    if (std::isfinite(p[m]) && p[m] >= target) return Value{to_unit(p.warps, unit, c), ""};
  return Value::none(fmt::format("not attained up to {:g} warps/SM", c.points.back().warps));
}

Value throughput_at(const Curve& c, Metric m, double warps) {
  for (const auto& p : c.points)
    if (std::abs(p.warps - warps) < 1e-9) return std::isfinite(p[m]) ? Value{p[m], ""} : Value::none("not defined there");
  if (!c.note.empty()) return Value::none(c.note);
  return Value::none(fmt::format("{:g} warps/SM not simulated (not realisable, Volkov §5.7)", warps));
}

namespace {

// Least squares in a and b for a given c (the model is linear in them), b kept >= 0.
AbcFit fit_for_c(const std::vector<std::pair<double, double>>& samples, double c) {
  const double n = static_cast<double>(samples.size());
  double su = 0, sy = 0, suu = 0, suy = 0;
  for (const auto& [x, y] : samples) {
    const double u = x / (c - x);
    su += u, sy += y, suu += u * u, suy += u * y;
  }
  const double den = n * suu - su * su;
  const double b = std::max(0.0, den > 0 ? (n * suy - su * sy) / den : 0);
  const double a = (sy - b * su) / n;
  double sse = 0;
  for (const auto& [x, y] : samples) {
    const double e = a + b * x / (c - x) - y;
    sse += e * e;
  }
  return AbcFit{a, b, c, std::sqrt(sse / n)};
}

}  // namespace

AbcFit fit_abc(const std::vector<std::pair<double, double>>& samples) {
  double xmax = 0;
  for (const auto& [x, y] : samples) xmax = std::max(xmax, x);
  if (samples.size() < 3 || xmax <= 0) return AbcFit{};
  // c from just above the largest sample to 4x it: a log-spaced scan, then golden-section search
  // around the best scan point.
  constexpr int kSteps = 400;
  const auto c_at = [&](double i) { return xmax * std::pow(4.0, i / kSteps) * (1 + 1e-6); };
  int best = 0;
  double best_rms = INFINITY;
  for (int i = 0; i <= kSteps; ++i) {
    const double rms = fit_for_c(samples, c_at(i)).rms;
    if (rms < best_rms * (1 - 1e-12)) best_rms = rms, best = i;
  }
  double lo = c_at(std::max(0, best - 1)), hi = c_at(std::min(kSteps, best + 1));
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 100; ++it) {
    const double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
    if (fit_for_c(samples, m1).rms <= fit_for_c(samples, m2).rms) hi = m2;
    else lo = m1;
  }
  const AbcFit refined = fit_for_c(samples, (lo + hi) / 2);
  return refined.rms <= best_rms ? refined : fit_for_c(samples, c_at(best));
}

}  // namespace warpsim::validation
