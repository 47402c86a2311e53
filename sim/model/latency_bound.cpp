#include "model/latency_bound.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/user_error.h"

namespace warpsim::model {
namespace {

// Trip counts of the shortened loops: long enough to leave the start-up transient behind.
constexpr int64_t kShortTrips = 8;
constexpr int64_t kLongTrips = 16;

LatencyBound solve(const config::HwConfig& cfg, const isa::Kernel& k, const KernelProfile& p, const GraphOptions& o) {
  const ExecutionGraph g = build_execution_graph(cfg, k, p, o, kMaxGraphNodes);
  const LongestPath lp = longest_path(g);
  LatencyBound b;
  b.cycles = lp.length;
  b.termination = o.termination ? cfg.sm.block_launch_latency_cycles : 0;
  b.intervals = intervals_of(g, lp);
  return b;
}

bool nested(const isa::Kernel& k, size_t i) {
  for (size_t j = 0; j < k.loops.size(); ++j)
    if (j != i && k.loops[j].begin <= k.loops[i].begin && k.loops[i].end <= k.loops[j].end &&
        (k.loops[j].begin != k.loops[i].begin || k.loops[j].end != k.loops[i].end || j < i))
      return true;
  return false;
}

// result = base + slope * trips, key by key.
void add_scaled(LatencyBound& out, const LatencyBound& hi, const LatencyBound& lo, double factor) {
  out.cycles += (hi.cycles - lo.cycles) * factor;
  for (const auto& [key, n] : hi.intervals) out.intervals[key] += n * factor;
  for (const auto& [key, n] : lo.intervals) out.intervals[key] -= n * factor;
}

}  // namespace

IntervalHistogram intervals_of(const ExecutionGraph& eg, const LongestPath& lp) {
  const auto& g = eg.graph;
  IntervalHistogram h;
  if (eg.instructions == 0) return h;
  // Instruction i + 1 opens a new interval when something other than program order (a register
  // dependency, a barrier) delayed it; the stall is the wait beyond one issue cycle.
  std::vector<double> order_gap(eg.instructions, 0.0);
  for (size_t s = 0; s + 1 < eg.instructions; ++s)
    for (auto [e, end] = boost::out_edges(s, g); e != end; ++e)
      if (boost::target(*e, g) == s + 1 && (g[*e].kind == EdgeKind::ProgramOrder || g[*e].kind == EdgeKind::DualIssue))
        order_gap[s + 1] = g[*e].latency;
  int64_t size = 1;
  for (size_t i = 1; i <= eg.instructions; ++i) {
    const bool last = i == eg.instructions;
    const double gap = last ? 0.0 : lp.start[i] - lp.start[i - 1];
    if (last || gap > order_gap[i]) {
      h[{size, last ? 0 : static_cast<int64_t>(std::llround(std::max(0.0, gap - 1)))}] += 1;
      size = 0;
    }
    ++size;
  }
  return h;
}

LatencyBound latency_bound(const config::HwConfig& cfg, const isa::Kernel& kernel, const KernelProfile& p, const GraphOptions& o) {
  if (p.instructions <= static_cast<double>(kMaxGraphNodes)) return solve(cfg, kernel, p, o);
  // Cut every long top-level loop to kShortTrips; then each one alone to kLongTrips for its slope.
  isa::Kernel base = kernel;
  std::vector<size_t> long_loops;
  for (size_t i = 0; i < kernel.loops.size(); ++i)
    if (!nested(kernel, i) && kernel.loops[i].count > kLongTrips) {
      long_loops.push_back(i);
      base.loops[i].count = kShortTrips;
    }
  const double short_count = [&] {
    double n = 0;
    for (size_t pc = 0; pc < kernel.code.size(); ++pc) {
      double c = 1;
      for (const auto& l : base.loops)
        if (l.begin <= static_cast<int>(pc) && static_cast<int>(pc) <= l.end) c *= static_cast<double>(l.count);
      n += c;
    }
    return n;
  }();
  if (long_loops.empty() || short_count * (kLongTrips / kShortTrips) > static_cast<double>(kMaxGraphNodes))
    throw UserError(Diagnostic{kernel.source, 0, 0, kernel.name,
                               fmt::format("{:g} instructions per warp: too many for the execution graph, even with its outer loops "
                                           "shortened (shorten the inner loops)",
                                           p.instructions)});
  const LatencyBound lo = solve(cfg, base, p, o);
  LatencyBound out = lo;
  out.extrapolated = true;
  for (size_t i : long_loops) {
    isa::Kernel longer = base;
    longer.loops[i].count = kLongTrips;
    const LatencyBound hi = solve(cfg, longer, p, o);
    add_scaled(out, hi, lo, static_cast<double>(kernel.loops[i].count - kShortTrips) / (kLongTrips - kShortTrips));
  }
  for (auto it = out.intervals.begin(); it != out.intervals.end();)
    it = std::abs(it->second) < 1e-9 ? out.intervals.erase(it) : std::next(it);
  return out;
}

}  // namespace warpsim::model
