#include "validation/evaluation/extract.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "mem/contention_fit.h"

namespace warpsim::validation {

Value peak(const Curve& c, Metric m) {
  Value out = Value::none(c.note.empty() ? "no samples" : c.note);
  for (const auto& p : c.points)
    if (std::isfinite(p[m]) && (!out.ok() || p[m] > out.v)) out = Value{p[m], ""};
  return out;
}

Value least(const Curve& c, Metric m) {
  Value out = Value::none(c.note.empty() ? "no samples" : c.note);
  for (const auto& p : c.points)
    if (std::isfinite(p[m]) && p[m] > 0 && (!out.ok() || p[m] < out.v)) out = Value{p[m], ""};
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
  return Value::none(
      fmt::format("{:g} warps/SM not simulated (not in the case's warps:, or not realisable on this GPU, Volkov §5.7)", warps));
}

AbcFit fit_abc(const std::vector<std::pair<double, double>>& gbps_latency) {
  std::vector<mem::LatencySample> samples;
  for (const auto& [x, y] : gbps_latency)
    if (std::isfinite(x) && std::isfinite(y)) samples.push_back({x, y});
  samples = mem::outer_envelope(samples);
  if (samples.size() < 3 || samples.back().gbps <= 0) return AbcFit{};
  const mem::ContentionFit f = mem::fit_contention(samples);
  return AbcFit{f.a, f.b, f.c, f.rms};
}

}  // namespace warpsim::validation
