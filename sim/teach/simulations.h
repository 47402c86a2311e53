// What the lessons share: their workloads, their one-SM simulations over an occupancy grid, and
// the few numbers they read off the results (peaks, the occupancy reaching a fraction of one).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "device/result.h"
#include "isa/kernel.h"
#include "isa/workloads.h"

namespace warpsim::teach {

// A built-in generator's kernel with these parameters (isa/generators.h).
isa::Kernel generated(const std::string& generator, const isa::ParamMap& params);

struct GridRun {
  std::vector<int> warps;               // the occupancies simulated, ascending
  std::vector<device::Result> results;  // one per occupancy
};

struct GridOptions {
  bool record_occupancy = false;
  bool record_issues = false;
  int jobs = 1;
};

// `kernel` on one SM of `cfg` (its share of the memory system, as `run --sms 1`) at each of
// `warps` that a launch can realise (§5.7; the others are left out). Little's law is checked on
// every run: a violation is a simulator bug.
GridRun simulate_grid(const config::HwConfig& cfg, const isa::Kernel& kernel, const std::vector<int>& warps, const GridOptions& o = {});

// Several kernels at once (one thread pool for all): grid i of the result is kernels[i] at `warps`.
std::vector<GridRun> simulate_grids(const config::HwConfig& cfg, const std::vector<isa::Kernel>& kernels, const std::vector<int>& warps,
                                    const GridOptions& o = {});

// `step`, 2·step, ... up to the SM's warp limit (step 0: one warp per scheduler, §5.8's grid).
std::vector<int> occupancy_grid(const config::HwConfig& cfg, int step = 0, int first = 0);

using Metric = std::function<double(const device::Result&)>;

// The largest value of `metric` over the grid.
double peak(const GridRun& g, const Metric& metric);
// The smallest occupancy whose `metric` reaches `fraction` of `reference`; 0 when none does.
int first_reaching(const GridRun& g, const Metric& metric, double fraction, double reference);
// Index of the largest occupancy not above `n` (0 when every one is above).
size_t index_at_or_below(const GridRun& g, double n);

// Cycles per instruction of one warp's dependent chain: its whole life over isa::chain_instructions
// (Volkov §3.3's latency per instruction). Not the Result's instruction and warp counts: those
// cover only the steady-state window.
double latency_per_instruction(const device::Result& r, const isa::Kernel& kernel);

std::vector<double> xs(const GridRun& g);
std::vector<double> ys(const GridRun& g, const Metric& metric);

// Numbers for people: "36", "8.95", "0.134" (3 significant digits, no exponent for the lessons' ranges).
std::string num(double v);
std::string pct(double fraction);  // "67%"

}  // namespace warpsim::teach
