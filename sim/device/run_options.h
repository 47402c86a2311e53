// How one simulation runs: its occupancy, the SMs it simulates, its seed, what it records, and
// when it stops (device/simulate.h runs it; device/device.h carries it out).
#pragma once

#include <cstdint>
#include <functional>

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

}  // namespace warpsim::device
