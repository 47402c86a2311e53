#include "validation/evaluation/what_if.h"

#include <fmt/format.h>

#include <cmath>

namespace warpsim::validation {

RunSpec beyond_limit_run(const RunSpec& run, const config::HwConfig& cfg, double factor) {
  const int step = cfg.scheduler.count;
  const auto scaled = [factor](double v) { return static_cast<long long>(std::llround(v * factor)); };
  // Whole warps per scheduler, so that every scheduler gets the same share (§5.8).
  const int per_scheduler = static_cast<int>(std::floor(cfg.sm.max_warps * factor / step));
  RunSpec wider = run;
  wider.sets.push_back(fmt::format("sm.max_warps={}", per_scheduler * step));
  wider.sets.push_back(fmt::format("scheduler.max_warps={}", per_scheduler));
  wider.sets.push_back(fmt::format("sm.max_blocks={}", scaled(cfg.sm.max_blocks)));
  wider.sets.push_back(fmt::format("sm.registers={}", scaled(cfg.sm.registers)));
  wider.sets.push_back(fmt::format("sm.shared_memory_bytes={}", scaled(cfg.sm.shared_memory_bytes)));
  wider.warps.clear();
  for (int n = cfg.sm.max_warps + step; n <= per_scheduler * step; n += step) wider.warps.push_back(n);
  return wider;
}

}  // namespace warpsim::validation
