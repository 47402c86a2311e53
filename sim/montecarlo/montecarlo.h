// The Monte Carlo analysis of Baghsorkhi 2012 §3.2 and §5: trials (trial.h), each one random
// ordering of a trace's accesses, until the spread of the hit ratios settles (§5.3, Figure 7);
// the distributions summarised as §5.2 does (mean, standard deviation, and mean ± 2σ, the 95%
// interval), per level and per static load, with each load's expected latency (§6.1).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "config/hw_config.h"
#include "montecarlo/cache_replay.h"
#include "montecarlo/trial.h"
#include "trace/memory_trace.h"

namespace warpsim::montecarlo {

enum class Level { L1Read, L2Read, L2Write };
inline constexpr int kLevels = 3;
const char* level_name(Level l);  // "l1_read", "l2_read", "l2_write"

struct MonteCarloOptions {
  int max_trials = 64;       // §5.1 runs 64
  int min_trials = 20;       // §5.3: σ settles "starting after 20 simulations"
  int window = 10;           // σ over n trials is compared with σ over n - window
  double tolerance = 0.002;  // ... and the run stops once they differ by at most this, every level
  uint64_t seed = 1;
};

struct Spread {
  double mean = 0;
  double sd = 0;  // sample standard deviation over the trials
  double low() const { return mean - 2 * sd; }
  double high() const { return mean + 2 * sd; }
};

struct LoadStats {
  size_t access = 0;  // into MemoryTrace::statics (loads only)
  Spread l1, l2;      // hit ratios of its sectors at each level (l2: of those that reach it)
  Spread latency;     // X = H1 t1 + (1 - H1) (H2 t2 + (1 - H2) Tm), §6.1, cycles
};

struct MonteCarloResult {
  std::array<bool, kLevels> measured{};               // the level exists and saw accesses
  std::vector<std::array<double, kLevels>> trials;    // each trial's hit ratio per level
  std::vector<std::array<double, kLevels>> sd_after;  // σ over the first n trials, n = 1, 2, ...
  bool converged = false;                             // stopped by the rule, not by max_trials
  std::array<Spread, kLevels> levels;
  std::vector<LoadStats> loads;
  double t1 = 0, t2 = 0, tm = 0;  // the latencies of §6.1's equation, from the config
};

// Runs the trials numbered in `trials` and returns their tallies in that order (threads, ranks).
using TrialBatch = std::function<std::vector<CacheTally>(const std::vector<uint64_t>& trials)>;

// Runs trials numbered 0, 1, ... with `jobs` threads. Every result depends on the seed and the
// trial numbers only.
TrialBatch local_trials(const trace::MemoryTrace& t, const config::HwConfig& cfg, const ScheduleDeviation& d, uint64_t seed, int jobs);

// Trials are run in chunks of a fixed size and the stopping rule is checked trial by trial, so
// the trials kept, and every figure, are the same for any number of threads or ranks.
MonteCarloResult run_montecarlo(const trace::MemoryTrace& t, const config::HwConfig& cfg, const MonteCarloOptions& o,
                                const TrialBatch& batch);

}  // namespace warpsim::montecarlo
