// `warpsim sweep` as a library call: plan the grid, resume from the output file, run the points
// still missing on a thread pool (or across MPI ranks when started by mpirun) and stream their
// lines to the output, which ends in grid order (docs/sweep.md).
#pragma once

#include <string>

#include "device/simulate.h"
#include "sweep/sweep_grid.h"

namespace warpsim::sweep {

struct SweepRequest {
  GridSpec grid;
  device::RunOptions base;     // shared by every point (sms, seed, steady-state stopping)
  std::string format = "csv";  // csv | jsonl
  std::string out;             // output file (resumable); empty: stdout
  int jobs = 1;                // worker threads (per MPI rank)
  bool progress = true;        // draw the progress bar when stderr is a terminal
};

// Throws UserError on bad input before writing anything. Returns "" when every point ran clean,
// else the error line of the points whose Little's law broke (a simulator bug; the output is
// still complete).
std::string run_sweep(const SweepRequest& req);

}  // namespace warpsim::sweep
