#include "device/steady_state.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace warpsim::device {
namespace {

uint64_t instructions(const sm::WorkCounters& w) { return std::accumulate(w.instructions.begin(), w.instructions.end(), uint64_t{0}); }

uint64_t total_instructions(const SteadyStateMonitor::Snapshot& s) {
  uint64_t n = 0;
  for (const auto& w : s.work) n += instructions(w);
  return n;
}

// Student's t quantile t(0.975, dof) for dof = 1..30 (any statistics table); 30's value beyond,
// which errs on the wide side.
double t_975(size_t dof) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                      2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                      2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  return kTable[std::clamp<size_t>(dof, 1, 30) - 1];
}

}  // namespace

double relative_half_width(const std::vector<double>& x) {
  const size_t n = x.size();
  if (n < 2) return std::numeric_limits<double>::infinity();
  const double mean = std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(n);
  if (mean <= 0) return std::numeric_limits<double>::infinity();
  double c0 = 0, c1 = 0;
  for (size_t i = 0; i < n; ++i) c0 += (x[i] - mean) * (x[i] - mean);
  for (size_t i = 0; i + 1 < n; ++i) c1 += (x[i] - mean) * (x[i + 1] - mean);
  if (c0 == 0) return 0;
  // Consecutive windows are positively correlated (slow drifts of the block pattern): with lag-1
  // autocorrelation rho the mean has the variance of n (1 - rho) / (1 + rho) independent windows.
  const double rho = std::max(0.0, c1 / c0);
  const double n_eff = std::max(2.0, static_cast<double>(n) * (1 - rho) / (1 + rho));
  const double s = std::sqrt(c0 / static_cast<double>(n - 1));
  return t_975(static_cast<size_t>(n_eff) - 1) * s / (std::sqrt(n_eff) * mean);
}

sm::WorkCounters work_between(const sm::WorkCounters& from, const sm::WorkCounters& to) {
  sm::WorkCounters d;
  for (size_t c = 0; c < d.instructions.size(); ++c) d.instructions[c] = to.instructions[c] - from.instructions[c];
  d.thread_ops_alu = to.thread_ops_alu - from.thread_ops_alu;
  d.bytes_requested = to.bytes_requested - from.bytes_requested;
  d.bytes_transferred = to.bytes_transferred - from.bytes_transferred;
  d.transactions = to.transactions - from.transactions;
  d.warps_executed = to.warps_executed - from.warps_executed;
  return d;
}

SteadyStateMonitor::SteadyStateMonitor(double tolerance, int64_t wave_blocks)
    : tolerance_(tolerance), wave_blocks_(std::max<int64_t>(1, wave_blocks)) {}

bool SteadyStateMonitor::on_block_refilled(uint64_t t, const std::vector<std::unique_ptr<sm::Sm>>& sms) {
  if (converged_ || ++refills_ % wave_blocks_ != 0) return converged_;
  Snapshot s{t, {}};
  for (const auto& m : sms) s.work.push_back(m->stats().work);
  if (snapshots_.empty()) snapshots_.push_back(Snapshot{0, std::vector<sm::WorkCounters>(sms.size())});
  const Snapshot& prev = snapshots_.back();
  if (t == prev.time) return false;  // a burst of completions within one cycle: extend the window
  throughput_.push_back(static_cast<double>(total_instructions(s) - total_instructions(prev)) / static_cast<double>(t - prev.time));
  snapshots_.push_back(std::move(s));
  const size_t kept = throughput_.size() / 2;
  if (kept < kMinKept) return false;
  const std::vector<double> x(throughput_.end() - static_cast<std::ptrdiff_t>(kept), throughput_.end());
  const double h = relative_half_width(x);
  if (h > tolerance_) return false;
  converged_ = true;
  half_width_ = h;
  first_kept_ = snapshots_.size() - 1 - kept;
  return true;
}

}  // namespace warpsim::device
