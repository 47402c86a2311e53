#include "validation/evaluation/sim_cache.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/text.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "device/occupancy.h"
#include "isa/workloads.h"
#include "report/result_table.h"

namespace warpsim::validation {

ParamSet variant_params(const RunSpec& run, size_t variant) {
  ParamSet p = run.params;
  if (variant < run.variants.size())
    for (const auto& [k, v] : run.variants[variant]) p[k] = v;
  return p;
}

size_t variant_count(const RunSpec& run) { return std::max<size_t>(1, run.variants.size()); }

std::shared_ptr<const config::HwConfig> SimulationCache::config(const std::string& gpu, const std::vector<std::string>& sets) {
  const std::string key = gpu + "|" + join(sets, " ");
  auto& slot = configs_[key];
  if (slot) return slot;
  std::vector<std::string> all = sets;
  all.insert(all.end(), global_sets_.begin(), global_sets_.end());
  slot = std::make_shared<const config::HwConfig>(config::load_hw_config(gpu, all));
  return slot;
}

isa::Kernel case_kernel(const RunSpec& run, const ParamSet& params) {
  ParamSet workload_params = params;
  int block_warps = 0;
  if (auto it = workload_params.find("block_warps"); it != workload_params.end()) {
    const auto v = parse_int(it->second);
    if (!v || *v < 1 || *v > 32)
      throw UserError(Diagnostic{"<--param>", 0, 0, "block_warps", fmt::format("expected an integer in [1, 32], found '{}'", it->second)});
    block_warps = static_cast<int>(*v);
    workload_params.erase(it);
  }
  isa::Kernel k = isa::load_workload(run.workload, workload_params);
  if (block_warps > 0) {  // the occupancy realisation then varies the blocks per SM only (device/occupancy.h)
    k.launch.threads_per_block = 32 * block_warps;
    k.params["block_warps"] = std::to_string(block_warps);
  }
  if (run.waves > 0) {  // blocks per resident slot (Volkov §5.9); 1 = persistent threads
    k.launch.grid = isa::GridKind::Oversubscribed;
    k.launch.blocks_per_slot = run.waves;
  }
  k.launch.fill_shared_memory = k.launch.fill_shared_memory || run.fill_shared_memory;
  if (run.device_blocks > 0) {  // the grid the GPU ran (a measurement's), shared out as the SMs are
    k.launch.grid = isa::GridKind::Oversubscribed;
    k.launch.device_blocks = run.device_blocks;
  }
  if (run.blocks > 0) {  // a fixed grid, e.g. one warp on the whole device (§6.7)
    k.launch.grid = isa::GridKind::Fixed;
    k.launch.blocks = run.blocks;
  }
  return k;
}

std::shared_ptr<const isa::Kernel> SimulationCache::kernel(const RunSpec& run, const ParamSet& params) {
  const std::string key = fmt::format("{}|{}|{}|{}|{}|{}", run.workload, report::params_text(params), run.waves, run.blocks,
                                      run.device_blocks, run.fill_shared_memory);
  auto& slot = kernels_[key];
  if (!slot) slot = std::make_shared<const isa::Kernel>(case_kernel(run, params));
  return slot;
}

std::string SimulationCache::point_key(const RunSpec& run, const ParamSet& params, int warps) {
  // A generated kernel's params hold every parameter of its generator, defaults included, and
  // decide its text: cases that name one kernel differently ({op: stream} and {op: stream, ilp: 1})
  // share its simulations.
  const auto k = kernel(run, params);
  const bool generated = k->source.rfind("generator:", 0) == 0;
  return fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", run.gpu, join(run.sets, " "), run.workload,
                     report::params_text(generated ? k->params : params), run.waves, run.blocks, run.device_blocks, run.fill_shared_memory,
                     sms_of(run), warps);
}

std::vector<int> SimulationCache::occupancies(const RunSpec& run, const ParamSet& params) {
  const std::string key = point_key(run, params, 0) + "|" +
                          join(
                              [&] {
                                std::vector<std::string> w;
                                for (int n : run.warps) w.push_back(std::to_string(n));
                                return w;
                              }(),
                              ",");
  auto it = grids_.find(key);
  if (it != grids_.end()) return it->second;
  const auto cfg = config(run.gpu, run.sets);
  const auto k = kernel(run, params);
  std::vector<int> wanted = run.warps;
  if (wanted.empty())
    for (int n = cfg->scheduler.count; n <= cfg->sm.max_warps; n += cfg->scheduler.count) wanted.push_back(n);
  std::vector<int> out;
  const int sms = device::simulated_sms(*cfg, sms_of(run));
  for (int n : wanted) {
    try {
      device::realize_launch(*cfg, *k, n, sms);
      out.push_back(n);
    } catch (const UserError&) {
      // Not realisable on this GPU (§5.7): the seed has no sample there either.
    }
  }
  return grids_[key] = out;
}

void SimulationCache::request(const RunSpec& run, const ParamSet& params) {
  const auto cfg = config(run.gpu, run.sets);
  const auto k = kernel(run, params);
  for (int n : occupancies(run, params)) {
    std::string key = point_key(run, params, n);
    if (requested_[key]) continue;
    requested_[key] = true;
    Pending p;
    p.key = std::move(key);
    p.point.config = cfg;
    p.point.kernel = k;
    p.point.options.warps_per_sm = n;
    p.point.options.sms = device::simulated_sms(*cfg, sms_of(run));
    try {
      device::check_work_is_feasible(*cfg, *k, device::realize_launch(*cfg, *k, n, p.point.options.sms));
    } catch (const UserError& e) {
      requested_[p.key] = false;  // asked again, it is refused again
      for (const Diagnostic& d : e.diagnostics()) infeasible_.push_back(d.message);
      continue;
    }
    p.cost = sweep::estimated_cost(p.point);
    pending_.push_back(std::move(p));
  }
}

size_t SimulationCache::run_pending(int jobs, const sweep::ProgressFn& progress) {
  // Longest first: the thread pool takes points in order, so the last ones to start are short.
  std::stable_sort(pending_.begin(), pending_.end(), [](const Pending& a, const Pending& b) { return a.cost > b.cost; });
  std::vector<sweep::SimulationPoint> points;
  points.reserve(pending_.size());
  for (const auto& p : pending_) points.push_back(p.point);
  auto results = sweep::run_points(points, jobs, progress);
  for (size_t i = 0; i < pending_.size(); ++i)
    results_[pending_[i].key] = Done{pending_[i].point, std::make_unique<device::Result>(std::move(results[i]))};
  const size_t n = pending_.size();
  pending_.clear();
  return n;
}

std::vector<SimPoint> SimulationCache::points(const RunSpec& run, const ParamSet& params) {
  std::vector<SimPoint> out;
  for (int n : occupancies(run, params)) {
    auto it = results_.find(point_key(run, params, n));
    out.push_back(SimPoint{n, it == results_.end() ? nullptr : it->second.result.get()});
  }
  return out;
}

void SimulationCache::for_each_simulation(const std::function<void(const sweep::SimulationPoint&, const device::Result&)>& fn) const {
  for (const auto& [key, done] : results_) fn(done.point, *done.result);
}

}  // namespace warpsim::validation
