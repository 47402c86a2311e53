// The simulations behind a validation run, each simulated once however many cases use it: points
// are requested first (the whole plan), then run together on the thread pool (sweep::run_points,
// largest first so that two cores finish together), then read back as curves. Configs and kernels
// are loaded once per distinct (gpu, sets) and (workload, params).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "config/hw_config.h"
#include "device/result.h"
#include "isa/kernel.h"
#include "sweep/parallel_runner.h"
#include "validation/cases/case_spec.h"

namespace warpsim::validation {

// One simulated occupancy of a run.
struct SimPoint {
  int warps_per_sm = 0;
  const device::Result* result = nullptr;  // null: requested but not (yet) simulated
};

class SimulationCache {
 public:
  // --set overrides applied to every config after each run's own (`warpsim validate --set`);
  // whole_device: every simulation on all of the GPU's SMs, whatever its run asks
  // (`warpsim validate --whole-device`).
  explicit SimulationCache(std::vector<std::string> global_sets = {}, bool whole_device = false)
      : global_sets_(std::move(global_sets)), whole_device_(whole_device) {}

  std::shared_ptr<const config::HwConfig> config(const std::string& gpu, const std::vector<std::string>& sets);
  // case_kernel(run, params), loaded once.
  std::shared_ptr<const isa::Kernel> kernel(const RunSpec& run, const ParamSet& params);

  // The occupancies `run` asks for that the GPU can realise (Volkov §5.7); the default grid is every
  // integer number of warps per scheduler (§5.8, §7).
  std::vector<int> occupancies(const RunSpec& run, const ParamSet& params);

  // Registers the points of `run` with `params` (one variant). Throws UserError for a bad GPU or workload.
  // A point whose grid would take days to simulate (device::check_work_is_feasible) is not
  // registered: its reason is kept for take_infeasible().
  void request(const RunSpec& run, const ParamSet& params);
  // The reasons of the points request() refused since the last call.
  std::vector<std::string> take_infeasible() { return std::exchange(infeasible_, {}); }
  // Simulates every requested point not simulated yet. Returns the number simulated.
  size_t run_pending(int jobs, const sweep::ProgressFn& progress = {});
  size_t pending() const { return pending_.size(); }  // simulations the next run_pending runs
  // The points of `run` with `params`, by increasing occupancy (results null until run_pending).
  std::vector<SimPoint> points(const RunSpec& run, const ParamSet& params);

  size_t simulated() const { return results_.size(); }
  // Every simulation run so far with what it ran, in key order (deterministic).
  void for_each_simulation(const std::function<void(const sweep::SimulationPoint&, const device::Result&)>& fn) const;

 private:
  std::vector<std::string> infeasible_;
  struct Pending {
    std::string key;
    sweep::SimulationPoint point;
    double cost = 0;
  };
  std::string point_key(const RunSpec& run, const ParamSet& params, int warps);
  int sms_of(const RunSpec& run) const { return whole_device_ ? 0 : run.sms; }  // 0: all

  std::vector<std::string> global_sets_;
  bool whole_device_ = false;
  std::map<std::string, std::shared_ptr<const config::HwConfig>> configs_;
  std::map<std::string, std::shared_ptr<const isa::Kernel>> kernels_;
  std::map<std::string, std::vector<int>> grids_;
  struct Done {
    sweep::SimulationPoint point;
    std::unique_ptr<device::Result> result;
  };
  std::map<std::string, Done> results_;
  std::vector<Pending> pending_;
  std::map<std::string, bool> requested_;
};

// Parameters of one variant: the run's params with the variant's overrides.
ParamSet variant_params(const RunSpec& run, size_t variant);

// The kernel a case runs: the workload with `params`, except the case-level parameter
// `block_warps` (warps per thread block, so that variants can realise each occupancy with several
// block sizes and keep the best, as Volkov 2016 §5.8 and ch. 7 do), and the launch set to the
// run's `waves` or `blocks` where given. Throws UserError (file "<--param>") for a bad one.
isa::Kernel case_kernel(const RunSpec& run, const ParamSet& params);
size_t variant_count(const RunSpec& run);

}  // namespace warpsim::validation
