#include "validation/memory_models/memory_model_comparison.h"

#include <algorithm>
#include <memory>

#include "common/user_error.h"
#include "device/occupancy.h"
#include "isa/generators.h"
#include "mem/memory_factory.h"
#include "sweep/parallel_runner.h"
#include "validation/evaluation/invariants.h"

namespace warpsim::validation {

namespace {

constexpr int kIlpForPeak = 2;  // the seed's best streaming throughputs use ILP (§6.3, Figure 6.2)

isa::Kernel stream_kernel(int ilp, int loads) {
  return isa::generate(*isa::find_generator("homogeneous"),
                       {{"op", "stream"}, {"ilp", std::to_string(ilp)}, {"count", std::to_string(loads)}});
}

bool realisable(const config::HwConfig& cfg, const isa::Kernel& k, int warps, int sms) {
  try {
    device::realize_launch(cfg, k, warps, device::simulated_sms(cfg, sms));
    return true;
  } catch (const UserError&) {
    return false;
  }
}

// Smallest occupancy whose throughput reaches `fraction` of the peak; 0 if none.
int warps_reaching(const std::vector<MemorySweepPoint>& points, double peak, double fraction) {
  for (const auto& p : points)
    if (p.gbps >= fraction * peak) return p.warps_per_sm;
  return 0;
}

}  // namespace

MemoryModelSummary summarize_memory_model(const config::HwConfig& base, config::MemoryModelKind model, const MemorySweepOptions& o) {
  auto cfg = std::make_shared<config::HwConfig>(base);
  cfg->memory.model = model;
  if (!mem::memory_model_built(model)) mem::make_memory_system(mem::MemorySystemSpec{cfg.get(), 1, o.seed});  // throws the UserError

  auto alpha0 = std::make_shared<const isa::Kernel>(stream_kernel(1, o.loads_per_warp));
  auto ilp = std::make_shared<const isa::Kernel>(stream_kernel(kIlpForPeak, o.loads_per_warp));
  const int max_warps = cfg->sm.max_warps;
  std::vector<int> warps = o.warps;
  if (warps.empty())
    for (int w = std::max(1, o.step); w <= max_warps; w += std::max(1, o.step)) warps.push_back(w);

  std::vector<sweep::SimulationPoint> points;
  std::vector<int> skipped;
  device::RunOptions run;
  run.sms = o.sms;
  run.seed = o.seed;
  for (int w : warps) {
    if (!realisable(*cfg, *alpha0, w, o.sms)) {
      skipped.push_back(w);
      continue;
    }
    run.warps_per_sm = w;
    points.push_back(sweep::SimulationPoint{cfg, alpha0, run});
  }
  run.warps_per_sm = 0;  // as many as the launch allows
  points.push_back(sweep::SimulationPoint{cfg, ilp, run});
  const std::vector<device::Result> results = sweep::run_points(points, o.jobs, o.progress);
  if (o.invariants)
    for (size_t i = 0; i < results.size(); ++i) o.invariants->add(points[i], results[i]);

  MemoryModelSummary s;
  s.gpu = cfg->gpu.name;
  s.model = config::to_string(model);
  s.sms = device::simulated_sms(*cfg, o.sms);
  s.device_sms = cfg->device.sms;
  s.schedulers = cfg->scheduler.count;
  s.skipped_warps = std::move(skipped);
  for (size_t i = 0; i + 1 < results.size(); ++i) {
    const device::Result& r = results[i];
    s.points.push_back(MemorySweepPoint{points[i].options.warps_per_sm, r.gbps, r.access_latency.mean, r.transaction_latency});
    s.peak_gbps = std::max(s.peak_gbps, r.gbps);
  }
  s.peak_gbps = std::max(s.peak_gbps, results.back().gbps);
  s.warps_at_90 = warps_reaching(s.points, s.peak_gbps, 0.90);
  s.warps_at_95 = warps_reaching(s.points, s.peak_gbps, 0.95);
  return s;
}

}  // namespace warpsim::validation
