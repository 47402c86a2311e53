// Cusp behaviour (Volkov 2016 §4.5, Figure 4.6): the smallest occupancy where an α-mix attains a
// fraction of "one of the peak throughputs", at each α. The simulator's peaks are its own, found as
// the seed found the GPUs' (Table 6.1): streaming loads at their best over ILP 1, 2, 4, adds at
// α = ∞, and the documented issue rate (Table 4.1 takes it from the vendor). A model's peak is its
// own throughput bound (its estimate at a very large occupancy).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "validation/evaluation/alpha_sweep.h"
#include "validation/evaluation/evaluator.h"

namespace warpsim::validation {
namespace {

// Models have no occupancy limit; their needed occupancy is found on a 1/4-warp grid up to 4x the
// GPU's limit, which covers every cusp of the seeds' GPUs (Maxwell's 53.5 warps, §4.5).
std::vector<double> fine_grid(int max_warps) {
  std::vector<double> g;
  for (double n = 0.25; n <= 4.0 * max_warps; n += 0.25) g.push_back(n);
  return g;
}

double needed_on(const Curve& c, double alpha, double target) {
  for (const auto& p : c.points)
    if (group_throughput(p, alpha) >= target) return p.warps;
  return kNaN;
}

// Where `target` is not attained at the curve's largest occupancy N: the least occupancy that can
// attain it. Throughput against occupancy is concave (a warp added never adds more than the one
// before it: latency does not fall as load grows, Volkov §4.1, §6.4), so T(n) / n does not rise
// and T(n) >= target needs n >= N x target / T(N).
double needed_beyond(const Curve& c, double alpha, double target) {
  if (c.points.empty()) return kNaN;
  const double top = group_throughput(c.points.back(), alpha);
  return top > 0 ? c.points.back().warps * target / top : kNaN;
}

}  // namespace

double Evaluator::group_peak_sim(const RunSpec& base, const std::string& alpha) {
  const Curve stream = curve(stream_peak_run(base), Source{}, Metric::MemIpcPerSm);
  const Curve adds = curve(alpha_run(base, "inf"), Source{}, Metric::AddsPerCyclePerSm);
  if (planning_) return kNaN;
  const auto cfg = sims_.config(base.gpu, base.sets);
  const double mem = peak(stream, Metric::MemIpcPerSm).v;
  const double alu = peak(adds, Metric::AddsPerCyclePerSm).v / 32.0;
  const double issue = static_cast<double>(cfg->scheduler.count) / cfg->scheduler.cycles_per_issue;
  const double a = alpha_value(alpha);
  if (std::isinf(a)) return std::min(alu, issue);
  double p = std::min(mem, issue / (a + 1));
  if (a > 0) p = std::min(p, alu / a);
  return p;
}

Cusp Evaluator::cusp(const RunSpec& base, const std::vector<std::string>& alphas, double threshold, const Source& s) {
  Cusp out;
  int max_warps = 0;
  for (const auto& a : alphas) {
    const RunSpec run = alpha_run(base, a);
    const double alpha = alpha_value(a);
    CuspPoint point{a, kNaN, kNaN};
    if (s.is_sim()) {
      const Curve c = curve(run, s, Metric::WarpThroughputPerSm);
      const double p = group_peak_sim(base, a);
      if (!planning_) {
        point.needed = needed_on(c, alpha, threshold * p), max_warps = c.max_warps;
        if (std::isnan(point.needed)) point.at_least = needed_beyond(c, alpha, threshold * p);
      }
    } else if (!planning_) {
      const auto cfg = sims_.config(run.gpu, run.sets);
      max_warps = cfg->sm.max_warps;
      const Curve top = model_curve(run, run.params, s.model, {1e4});
      if (!top.note.empty()) {
        out.height = Value::none(top.note);
        return out;
      }
      const Curve c = model_curve(run, run.params, s.model, fine_grid(max_warps));
      point.needed = needed_on(c, alpha, threshold * group_throughput(top.points.front(), alpha));
    }
    out.points.push_back(point);
  }
  if (planning_ || out.points.size() < 3) return out;
  const double lo = out.points.front().needed, hi = out.points.back().needed;
  if (std::isnan(lo) || std::isnan(hi)) {
    out.height = Value::none(
        fmt::format("{:.0f}% of peak not attained at α = {}", 100 * threshold, std::isnan(lo) ? alphas.front() : alphas.back()));
    return out;
  }
  double top = 0;
  bool bound = false;
  for (size_t i = 1; i + 1 < out.points.size(); ++i) {
    // Not attained at any occupancy: more warps are needed than the GPU holds (the seed plots no
    // point there, §4.5); the least occupancy that could attain it (needed_beyond, at least the
    // GPU's limit) is then a lower bound on the cusp.
    const CuspPoint& p = out.points[i];
    const double beyond = std::isnan(p.at_least) ? max_warps : std::max<double>(max_warps, p.at_least);
    const double n = std::isnan(p.needed) ? beyond : p.needed;
    if (n > top) top = n, out.alpha_at_max = p.alpha, bound = std::isnan(p.needed);
  }
  out.height = Value{top / std::max(lo, hi), fmt::format("max {:.3g} warps/SM at α = {}{}; ends {:g} and {:g}", top, out.alpha_at_max,
                                                         bound ? " (lower bound: not attained within the GPU's limit)" : "", lo, hi)};
  return out;
}

}  // namespace warpsim::validation
