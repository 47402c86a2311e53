#include "sweep/sweep_plan.h"

#include <fmt/format.h>

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

}  // namespace

SweepPlan plan_sweep(const GridSpec& spec, const device::RunOptions& base) {
  const std::vector<GridPoint> grid = expand_grid(spec);
  const bool one_occupancy = parse_warps_list(spec.warps).size() == 1;
  Loader loader;
  SweepPlan plan;
  std::set<std::pair<const config::HwConfig*, const isa::Kernel*>> noted;  // one L2 note per config and workload
  for (const GridPoint& p : grid) {
    SimulationPoint run{loader.config(p), loader.kernel(p), base};
    if (noted.emplace(run.config.get(), run.kernel.get()).second)
      if (std::string l2 = device::unsimulated_l2_note(*run.config, *run.kernel); !l2.empty()) plan.notes.push_back(std::move(l2));
    run.options.warps_per_sm = p.warps;
    try {
      device::realize_launch(*run.config, *run.kernel, p.warps, base.sms > 0 ? base.sms : run.config->device.sms);
    } catch (const UserError&) {
      if (one_occupancy) throw;
      plan.notes.push_back(fmt::format("skipping {} warps/SM of {} on {}: cannot be realised (Volkov 2016 §5.7)", p.warps, p.workload, p.gpu));
      continue;
    }
    plan.points.push_back(p);
    plan.runs.push_back(std::move(run));
  }
  if (plan.points.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--warps", "no point of the grid can be realised (Volkov 2016 §5.7)"});
  return plan;
}

}  // namespace warpsim::sweep
