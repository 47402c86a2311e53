// The one entry point of the simulator: a GPU, a kernel and an occupancy in, a Result out.
#pragma once

#include <cstdint>
#include <functional>

#include "config/hw_config.h"
#include "device/result.h"
#include "isa/kernel.h"

namespace warpsim::device {

struct RunOptions {
  int warps_per_sm = 0;  // target occupancy (0: as many as the launch allows)
  int sms = 0;           // SMs to simulate (0: all of the device; fewer get their share of memory)
  uint64_t seed = 1;
  bool record_warps = false;      // fill Result::warp_records
  bool record_occupancy = false;  // fill Result::occupancy_timeline
  bool record_issues = false;     // fill Result::issue_log and idle_log (every instruction and idle slot: for small runs)
  int access_sample_every = 1;    // record 1 of every N global-load latencies (§6.6 uses 8)
  uint64_t max_cycles = 0;        // the run stops with an error past this cycle (`--max-cycles`); 0: 2^50
  // Called now and then (every 65,536 events) with the fraction of the grid's warp instructions
  // issued so far: a terminal's progress bar for a long run. Empty: not called.
  std::function<void(double)> on_progress = {};
  // Steady-state stopping (device/steady_state.h): end the run once the throughput has converged
  // to within `steady_tolerance` (relative half-width of its 95% confidence interval). Off by
  // default: a stopped run measures the steady state only, not the whole grid.
  bool stop_when_steady = false;
  double steady_tolerance = 0.01;
};

// Warp instructions the whole grid of `launch` issues (the kernel's per-warp count x its warps).
double grid_instructions(const config::HwConfig& cfg, const isa::Kernel& kernel, const LaunchRealization& launch);

// Throws UserError if the occupancy cannot be realised or the kernel does not fit the GPU.
Result simulate(const config::HwConfig& cfg, const isa::Kernel& kernel, const RunOptions& opts);

// Builds (and drops) the memory system simulate() would build for `cfg` under `opts`, so that
// the input errors only a memory model finds (a latency shorter than its unloaded time, a
// departure spread beyond the latency) surface before a command that runs many simulations
// writes anything (`warpsim sweep`). Throws the UserError simulate() would.
void check_memory_system(const config::HwConfig& cfg, const RunOptions& opts);

}  // namespace warpsim::device
