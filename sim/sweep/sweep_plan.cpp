#include "sweep/sweep_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "common/text.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "device/l2_note.h"
#include "device/occupancy.h"
#include "isa/workloads.h"

namespace warpsim::sweep {
namespace {

// Loads each distinct (gpu, sets) and (workload, params) once: a grid of thousands of points
// usually has a handful of each.
class Loader {
 public:
  std::shared_ptr<const config::HwConfig> config(const GridPoint& p) {
    auto& slot = configs_[p.gpu + "\n" + join(p.sets, "\n")];
    if (!slot) slot = std::make_shared<const config::HwConfig>(config::load_hw_config(p.gpu, p.sets));
    return slot;
  }
  std::shared_ptr<const isa::Kernel> kernel(const GridPoint& p) {
    std::string id = p.workload;
    for (const auto& [k, v] : p.params) id += "\n" + k + "=" + v;
    auto& slot = kernels_[id];
    if (!slot) slot = std::make_shared<const isa::Kernel>(isa::load_workload(p.workload, p.params));
    return slot;
  }

 private:
  std::map<std::string, std::shared_ptr<const config::HwConfig>> configs_;
  std::map<std::string, std::shared_ptr<const isa::Kernel>> kernels_;
};

// The options every point shares, where they differ from their defaults, end each point's key:
// a file written with another --sms, --seed or --steady-tolerance holds other simulations, and
// resuming from it is refused (its points are not in this grid).
std::string shared_options_key(const device::RunOptions& o) {
  const device::RunOptions d;
  std::string k;
  if (o.sms != d.sms) k += fmt::format("|sms={}", o.sms);
  if (o.seed != d.seed) k += fmt::format("|seed={}", o.seed);
  if (o.stop_when_steady && o.steady_tolerance != d.steady_tolerance) k += fmt::format("|steady_tolerance={}", o.steady_tolerance);
  return k;
}

// "4, 6, 65-128": the occupancies a note lists, consecutive runs folded.
std::string warps_ranges(const std::vector<int>& warps) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < warps.size();) {
    size_t j = i;
    while (j + 1 < warps.size() && warps[j + 1] == warps[j] + 1) ++j;
    parts.push_back(j == i ? std::to_string(warps[i]) : fmt::format("{}-{}", warps[i], warps[j]));
    i = j + 1;
  }
  return join(parts, ", ");
}

}  // namespace

SweepPlan plan_sweep(const GridSpec& spec, const device::RunOptions& base) {
  std::vector<GridPoint> grid = expand_grid(spec);
  const std::vector<int> requested = parse_warps_list(spec.warps);
  const bool one_occupancy = requested.size() == 1;
  const std::string options_key = shared_options_key(base);
  Loader loader;
  SweepPlan plan;
  std::set<std::pair<const config::HwConfig*, const isa::Kernel*>> noted;  // one L2 note per config and workload
  std::set<const config::HwConfig*> memory_checked;
  // Occupancies left out, per (workload, GPU), in the order first met: one note each.
  std::vector<std::pair<std::string, std::vector<int>>> skipped;
  for (GridPoint& p : grid) {
    SimulationPoint run{loader.config(p), loader.kernel(p), base};
    // Errors a memory model finds when it is built, before any output is written (docs/sweep.md).
    if (memory_checked.insert(run.config.get()).second) device::check_memory_system(*run.config, base);
    if (noted.emplace(run.config.get(), run.kernel.get()).second)
      if (std::string l2 = device::unsimulated_l2_note(*run.config, *run.kernel); !l2.empty()) plan.notes.push_back(std::move(l2));
    run.options.warps_per_sm = p.warps;
    try {
      device::realize_launch(*run.config, *run.kernel, p.warps, base.sms > 0 ? base.sms : run.config->device.sms);
    } catch (const UserError&) {
      if (one_occupancy) throw;
      const std::string where = fmt::format("of {} on {}", p.workload, p.gpu);
      auto it = std::find_if(skipped.begin(), skipped.end(), [&](const auto& s) { return s.first == where; });
      if (it == skipped.end()) it = skipped.insert(skipped.end(), {where, {}});
      it->second.push_back(p.warps);
      continue;
    }
    p.key += options_key;
    plan.points.push_back(std::move(p));
    plan.runs.push_back(std::move(run));
  }
  std::vector<int> beyond;  // occupancies expand_grid made no point of
  for (int n : requested)
    if (n > kMostWarpsPerSm) beyond.push_back(n);
  if (!beyond.empty())
    plan.notes.push_back(fmt::format("skipping {} warps/SM: above the {} any GPU config holds", warps_ranges(beyond), kMostWarpsPerSm));
  for (auto& [where, warps] : skipped) {
    std::sort(warps.begin(), warps.end());
    warps.erase(std::unique(warps.begin(), warps.end()), warps.end());
    plan.notes.push_back(fmt::format("skipping {} warps/SM {}: cannot be realised (Volkov 2016 §5.7)", warps_ranges(warps), where));
  }
  if (plan.points.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--warps", "no point of the grid can be realised (Volkov 2016 §5.7)"});
  return plan;
}

}  // namespace warpsim::sweep
