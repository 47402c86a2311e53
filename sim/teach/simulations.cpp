#include "teach/simulations.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "common/user_error.h"
#include "device/occupancy.h"
#include "isa/generators.h"
#include "report/table.h"
#include "sweep/parallel_runner.h"

namespace warpsim::teach {

isa::Kernel generated(const std::string& generator, const isa::ParamMap& params) {
  const isa::Generator* g = isa::find_generator(generator);
  WARPSIM_ASSERT(g != nullptr, "teach: no generator " + generator);
  return isa::generate(*g, params);
}

std::vector<GridRun> simulate_grids(const config::HwConfig& cfg, const std::vector<isa::Kernel>& kernels, const std::vector<int>& warps,
                                    const GridOptions& o) {
  const auto shared_cfg = std::make_shared<const config::HwConfig>(cfg);
  std::vector<GridRun> grids(kernels.size());
  std::vector<sweep::SimulationPoint> points;
  for (size_t k = 0; k < kernels.size(); ++k) {
    const auto kernel = std::make_shared<const isa::Kernel>(kernels[k]);
    for (int n : warps) {
      try {
        device::realize_launch(cfg, *kernel, n, 1);
      } catch (const UserError&) {
        continue;  // an occupancy no launch realises on this GPU (§5.7)
      }
      device::RunOptions ro;
      ro.warps_per_sm = n;
      ro.sms = 1;
      ro.record_occupancy = o.record_occupancy;
      ro.record_issues = o.record_issues;
      points.push_back({shared_cfg, kernel, ro});
      grids[k].warps.push_back(n);
    }
    if (grids[k].warps.empty())
      throw UserError(
          Diagnostic{"<cli>", 0, 0, "--gpu", fmt::format("{} realises none of the occupancies this lesson needs", cfg.gpu.name)});
  }
  std::vector<device::Result> results = sweep::run_points(points, o.jobs);
  size_t at = 0;
  for (auto& g : grids)
    for (size_t i = 0; i < g.warps.size(); ++i) {
      WARPSIM_ASSERT(device::littles_law_holds(results[at]), std::string("Little's law broken: ") + device::kLittlesLawRule);
      g.results.push_back(std::move(results[at++]));
    }
  return grids;
}

GridRun simulate_grid(const config::HwConfig& cfg, const isa::Kernel& kernel, const std::vector<int>& warps, const GridOptions& o) {
  return std::move(simulate_grids(cfg, {kernel}, warps, o).front());
}

std::vector<int> occupancy_grid(const config::HwConfig& cfg, int step, int first) {
  if (step <= 0) step = std::max(1, cfg.scheduler.count);
  std::vector<int> w;
  for (int n = first > 0 ? first : step; n <= cfg.sm.max_warps; n += step) w.push_back(n);
  return w;
}

double peak(const GridRun& g, const Metric& metric) {
  double best = 0;
  for (const auto& r : g.results) best = std::max(best, metric(r));
  return best;
}

int first_reaching(const GridRun& g, const Metric& metric, double fraction, double reference) {
  for (size_t i = 0; i < g.results.size(); ++i)
    if (metric(g.results[i]) >= fraction * reference) return g.warps[i];
  return 0;
}

size_t index_at_or_below(const GridRun& g, double n) {
  size_t best = 0;
  for (size_t i = 0; i < g.warps.size(); ++i)
    if (g.warps[i] <= n) best = i;
  return best;
}

double latency_per_instruction(const device::Result& r, const isa::Kernel& kernel) {
  return r.mean_warp_latency / isa::chain_instructions(kernel);
}

std::vector<double> xs(const GridRun& g) { return std::vector<double>(g.warps.begin(), g.warps.end()); }

std::vector<double> ys(const GridRun& g, const Metric& metric) {
  std::vector<double> v;
  for (const auto& r : g.results) v.push_back(metric(r));
  return v;
}

std::string num(double v) {
  if (!std::isfinite(v)) return v > 0 ? "inf" : "n/a";
  if (std::abs(v) >= 1000) return fmt::format("{:.0f}", v);
  return report::format_number(v, 3);
}

std::string pct(double fraction) { return fmt::format("{:.0f}%", 100 * fraction); }

}  // namespace warpsim::teach
