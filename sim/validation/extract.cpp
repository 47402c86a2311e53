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

AbcFit fit_abc(const std::vector<std::pair<double, double>>& samples) {
  AbcFit best;
  double xmax = 0;
  for (const auto& [x, y] : samples) xmax = std::max(xmax, x);
  if (samples.size() < 3 || xmax <= 0) return best;
  const double n = static_cast<double>(samples.size());
  double best_sse = INFINITY;
  // c from just above the largest sample to 4x it, 2000 log-spaced steps: fine enough that the
  // rounding of Table 6.5 (whole GB/s) dominates.
  for (int i = 0; i <= 2000; ++i) {
    const double c = xmax * std::pow(4.0, i / 2000.0) * (1 + 1e-6);
    double su = 0, sy = 0, suu = 0, suy = 0;
    for (const auto& [x, y] : samples) {
      const double u = x / (c - x);
      su += u, sy += y, suu += u * u, suy += u * y;
    }
    const double den = n * suu - su * su;
    double b = den > 0 ? (n * suy - su * sy) / den : 0;
    b = std::max(0.0, b);
    const double a = (sy - b * su) / n;
    double sse = 0;
    for (const auto& [x, y] : samples) {
      const double e = a + b * x / (c - x) - y;
      sse += e * e;
    }
    if (sse < best_sse * (1 - 1e-12)) best_sse = sse, best = AbcFit{a, b, c, std::sqrt(sse / n)};
  }
  return best;
}

}  // namespace warpsim::validation
