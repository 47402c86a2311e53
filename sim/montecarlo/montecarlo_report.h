// The tables of a Monte Carlo analysis (montecarlo.h): per level, per static load, per trial, and
// σ against trials (Figure 7), with the timed simulation's hit ratios beside them when run.
#pragma once

#include <array>
#include <optional>

#include "device/result.h"
#include "montecarlo/montecarlo.h"
#include "report/table.h"
#include "trace/memory_trace.h"

namespace warpsim::montecarlo {

// The timed simulation's hit ratios (mem/cache_counters.h), per level; empty where it has none.
using TimedHitRatios = std::array<std::optional<double>, kLevels>;
TimedHitRatios timed_hit_ratios(const device::Result& r);

// level, trials, converged, mean, sd, low, high (mean ± 2σ), timed, inside (the timed ratio in [low, high]).
report::Table levels_table(const MonteCarloResult& r, const TimedHitRatios& timed);
// One row per static load: where it is, its hit ratios and its expected latency (§6.1).
report::Table loads_table(const MonteCarloResult& r, const trace::MemoryTrace& t);
// trial, l1_read, l2_read, l2_write (the levels measured).
report::Table trials_table(const MonteCarloResult& r);
// trials, sd_l1_read, ... : σ over the first n trials.
report::Table convergence_table(const MonteCarloResult& r);

}  // namespace warpsim::montecarlo
