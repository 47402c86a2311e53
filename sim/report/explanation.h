// `warpsim explain`'s analysis of simulated runs, in words: which bound the simulated throughput is
// up against (Volkov 2016 §3.6-3.7: the latency bound, n warps over the longest path of the
// execution graph, and each resource's throughput bound of the Table 3.4 worksheet), how the issue
// slots went, the occupancy at which the regime changes, and what what-ifs changed. Every number
// comes from the Results it is given; the bounds from the model context of the same config.
#pragma once

#include <string>
#include <vector>

#include "device/result.h"
#include "model/model_context.h"

namespace warpsim::report {

// One bound on warp throughput at a run's occupancy, and how much of it the run attains.
struct BoundUse {
  std::string name;            // "latency bound" or a worksheet resource ("CUDA cores", "Memory system", ...)
  std::string kind;            // "latency", "issue", "functional unit", "memory bandwidth"
  double warps_per_cycle = 0;  // the bound, warps/cycle/SM
  double attained = 0;         // the run's warp throughput over the bound
};

// Every bound at the run's occupancy, the one the run is closest to (the binding bound) first.
std::vector<BoundUse> bounds_at(const model::ModelContext& c, const device::Result& r);

// Where the regime changes over an occupancy sweep (Results in increasing occupancy).
struct RegimeChange {
  double plateau = 0;        // the sweep's largest warp throughput, warps/cycle/SM
  int plateau_warps = 0;     // where it is attained
  int reaches_90 = 0;        // the smallest occupancy attaining 90% of it
  int bound_changes_at = 0;  // the smallest occupancy whose binding bound is not the latency bound (0: none)
  std::string bound_before;  // the binding bound at the occupancy swept before that one ("" if it is the first)
  std::string bound_after;
};
RegimeChange regime_change(const model::ModelContext& c, const std::vector<device::Result>& sweep);

// The stall breakdown as a sentence: each share of the issue slots, largest first, in words with
// the stall column's name.
std::string stall_words(const device::StallBreakdown& s);

// A what-if: the same kernel rerun with some config keys changed (or at another occupancy).
struct WhatIf {
  std::vector<std::string> sets;  // key=value, as --set takes them
  int warps_per_sm = 0;           // the occupancy it ran at
  std::string why;                // what the change is, in words ("half the memory latency")
};

// What-ifs that move the binding bound of `focus`: twice the occupancy, and the --set that relaxes
// the binding resource (its rate doubled) or, for a latency-bound run, the latency its stalls wait
// on most (halved). Only keys the simulation reads (config/model_keys.h).
std::vector<WhatIf> default_what_ifs(const model::ModelContext& c, const device::Result& focus);

struct WhatIfOutcome {
  WhatIf what_if;
  bool ran = false;
  std::string not_run;  // why it could not run (the config it makes is rejected), when !ran
  device::Result result;
};

std::string explanation_text(const model::ModelContext& c, const device::Result& focus, const std::vector<device::Result>& sweep,
                             const std::vector<WhatIfOutcome>& what_ifs);

}  // namespace warpsim::report
