// Running many independent simulations on a thread pool. Results come back in the order of the
// points, whatever the number of jobs, so outputs are byte-identical for any --jobs.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "config/hw_config.h"
#include "device/result.h"
#include "device/simulate.h"
#include "isa/kernel.h"

namespace warpsim::sweep {

struct SimulationPoint {
  std::shared_ptr<const config::HwConfig> config;
  std::shared_ptr<const isa::Kernel> kernel;
  device::RunOptions options;
};

// A relative estimate of a point's simulation cost: warp instructions it executes per wave
// (warps per SM x simulated SMs x instructions per warp). Only orders work; never changes results.
double estimated_cost(const SimulationPoint& p);

// Called after each point completes (from worker threads, serialised): done, total.
using ProgressFn = std::function<void(size_t done, size_t total)>;

// Runs every point with up to `jobs` threads. A UserError or bug in one point is rethrown after
// all workers stop (the first one by point order), so failures are deterministic too.
std::vector<device::Result> run_points(const std::vector<SimulationPoint>& points, int jobs, const ProgressFn& progress = {});

}  // namespace warpsim::sweep
