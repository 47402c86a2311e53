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
// `in_flight`: the same, with the sectors that found their data already being fetched counted as
// hits, as the Monte Carlo view (no time, a fetch fills at once) counts them.
struct TimedHitRatios {
  std::array<std::optional<double>, kLevels> plain, in_flight;
};
TimedHitRatios timed_hit_ratios(const device::Result& r);

// level, trials, converged, mean, sd, low, high (mean ± 2σ), timed, timed_in_flight_as_hits,
// inside: "yes" (the timed ratio in [low, high]), "in flight" (only once the sectors in flight
// count as hits: the timing the Monte Carlo view leaves out accounts for the difference), "no".
report::Table levels_table(const MonteCarloResult& r, const TimedHitRatios& timed);
// One row per static load: where it is, its hit ratios and its expected latency (§6.1).
report::Table loads_table(const MonteCarloResult& r, const trace::MemoryTrace& t);
// trial, l1_read, l2_read, l2_write (the levels measured).
report::Table trials_table(const MonteCarloResult& r);
// trials, sd_l1_read, ... : σ over the first n trials.
report::Table convergence_table(const MonteCarloResult& r);

}  // namespace warpsim::montecarlo
