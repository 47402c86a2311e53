// The latency bound (Volkov 2016 §3.7): the longest path of the program execution graph, a lower
// bound on warp latency. Long kernels are not unrolled in full: each long top-level loop is cut to
// a few iterations, and the result extended linearly in its trip count (exact once the loop has
// reached its steady state, which the seeds' loops do after one iteration).
#pragma once

#include <cstdint>
#include <map>
#include <utility>

#include "model/execution_graph.h"

namespace warpsim::model {

// Huang et al. 2014 intervals: runs of instructions issued with no dependency stall, keyed by
// (instructions in the interval, stall cycles after it), counted per warp (§7.5-7.6).
using IntervalHistogram = std::map<std::pair<int64_t, int64_t>, double>;

struct LatencyBound {
  double cycles = 0;       // bound on warp latency (longest path), cycles
  double termination = 0;  // of which: warp termination / block replacement latency
  bool extrapolated = false;
  IntervalHistogram intervals;
};

// Largest graph built in one piece.
inline constexpr size_t kMaxGraphNodes = size_t{1} << 18;

LatencyBound latency_bound(const config::HwConfig& cfg, const isa::Kernel& kernel, const KernelProfile& profile,
                           const GraphOptions& options = {});

// Intervals of one unrolled graph, from the issue times of its longest-path solution.
IntervalHistogram intervals_of(const ExecutionGraph& g, const LongestPath& lp);

}  // namespace warpsim::model
