// Steady-state stopping (RunOptions::stop_when_steady): end a run once its throughput has
// converged, so that sweeps over long grids do not simulate waves that change nothing.
//
// The rule (docs/sweep.md, "Steady-state stopping"):
//  1. Time is cut into windows at block completions that refill a slot: a window ends each time
//     one wave's worth of blocks (blocks per SM x simulated SMs) has completed. A window is thus
//     one period of the wave pattern, whether the blocks run in lock-step (a launch-latency bubble
//     per wave, Volkov 2016 §3.7) or have drifted apart, so windows do not alias with it. Its
//     throughput x_i is warp instructions / cycles over the simulated SMs.
//  2. After n windows, the first half is taken as warm-up (the first wave starts every warp at
//     once, and blocks take several waves to settle) and the last r = floor(n/2) are kept.
//  3. With r >= 4, mean m, sample standard deviation s and lag-1 autocorrelation rho (0 if
//     negative) of the kept x_i, the relative half-width of the 95% confidence interval of the
//     mean is h = t(0.975, n_e - 1) * s / (sqrt(n_e) * m), with n_e = max(2, r (1-rho)/(1+rho))
//     the effective number of independent windows (consecutive windows are correlated: the
//     block pattern drifts slowly) and Student's t quantile for n_e - 1 degrees of freedom.
//  4. Stop when h <= tolerance (default 1%). The Result then covers the r kept windows only
//     (their cycles and work counts), and reports h as steady_half_width.
// So a run stops after 8 waves at the earliest, later when windows scatter. Windows end only at
// completions that refill a slot, so the tail of the grid (slots left empty) is never measured;
// a grid that reaches its tail first, or a one-wave grid, runs to the end exactly as without the
// option. A drift slower than the kept windows can outlast any finite test, so h is a guide to
// convergence, not an exact coverage probability.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sm/sm.h"
#include "sm/sm_stats.h"

namespace warpsim::device {

class SteadyStateMonitor {
 public:
  static constexpr size_t kMinKept = 4;  // windows kept before a confidence interval is trusted

  SteadyStateMonitor(double tolerance, int64_t wave_blocks);

  // Called when a block completes at `t` and its slot is refilled. Returns true once converged.
  bool on_block_refilled(uint64_t t, const std::vector<std::unique_ptr<sm::Sm>>& sms);
  bool converged() const { return converged_; }

  // After convergence: the measured interval and each SM's counters at its start and end.
  struct Snapshot {
    uint64_t time = 0;
    std::vector<sm::WorkCounters> work;  // per SM
  };
  const Snapshot& first() const { return snapshots_[first_kept_]; }
  const Snapshot& last() const { return snapshots_.back(); }
  double half_width() const { return half_width_; }

 private:
  double tolerance_;
  int64_t wave_blocks_;
  int64_t refills_ = 0;
  std::vector<Snapshot> snapshots_;  // every window boundary, starting with time 0
  std::vector<double> throughput_;   // x_i of each window
  size_t first_kept_ = 0;            // index into snapshots_ of the kept windows' start
  bool converged_ = false;
  double half_width_ = 0;
};

// Relative half-width of the 95% confidence interval of the mean of `x`, as in step 3 above;
// infinity for fewer than two values or a zero mean, 0 when all values are equal.
double relative_half_width(const std::vector<double>& x);

// Counters accumulated between two snapshots of one SM.
sm::WorkCounters work_between(const sm::WorkCounters& from, const sm::WorkCounters& to);

}  // namespace warpsim::device
