// A sweep ready to run: the grid expanded, every GPU config and workload loaded once and shared by
// its points, occupancies no launch can realise left out (Volkov 2016 §5.7). All bad input is
// found here, before any output is written.
#pragma once

#include <string>
#include <vector>

#include "device/simulate.h"
#include "sweep/parallel_runner.h"
#include "sweep/sweep_grid.h"

namespace warpsim::sweep {

struct SweepPlan {
  std::vector<GridPoint> points;      // the runnable points, in grid order
  std::vector<SimulationPoint> runs;  // runs[i] simulates points[i]
  std::vector<std::string> notes;     // one line per point left out, and why
};

// `base` supplies the options every point shares (sms, seed, steady-state stopping); each point
// sets its own warps_per_sm. When the grid asks for several occupancies, one that cannot be
// realised on a GPU is left out with a note; when it asks for one, that is an error (as in `run`).
SweepPlan plan_sweep(const GridSpec& spec, const device::RunOptions& base);

}  // namespace warpsim::sweep
