#include "validation/evaluation/curve.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "common/user_error.h"

namespace warpsim::validation {

Metric metric_of(const std::string& name) {
  const auto& names = metric_names();
  auto it = std::find(names.begin(), names.end(), name);
  WARPSIM_ASSERT(it != names.end(), "unknown metric " + name);
  return static_cast<Metric>(it - names.begin());
}

Curve curve_from_sim(const std::vector<SimPoint>& points, const config::HwConfig& cfg, const isa::Kernel& k) {
  Curve c;
  c.schedulers = cfg.scheduler.count;
  c.max_warps = cfg.sm.max_warps;
  c.chain_instructions = isa::chain_instructions(k);
  for (const auto& p : points) {
    if (!p.result) continue;
    const device::Result& r = *p.result;
    CurvePoint q;
    q.warps = p.warps_per_sm;
    q[Metric::IpcPerSm] = r.ipc_per_sm;
    q[Metric::MemIpcPerSm] = r.mem_ipc_per_sm;
    q[Metric::OpsPerCyclePerScheduler] = r.ops_per_cycle_per_scheduler;
    q[Metric::AddsPerCyclePerSm] = r.adds_per_cycle_per_sm;
    q[Metric::Gbps] = r.gbps;
    q[Metric::WarpThroughputPerSm] = r.warp_throughput_per_sm;
    q[Metric::MeanWarpLatency] = r.mean_warp_latency;
    q[Metric::KernelCycles] = static_cast<double>(r.total_cycles);
    q[Metric::CyclesPerInstruction] = 1.0 / (r.warp_throughput_per_sm * c.chain_instructions);
    if (r.access_latency.count > 0) {
      const auto& a = r.access_latency;
      q[Metric::AccessLatencyMean] = a.mean;
      q[Metric::AccessLatencyMin] = static_cast<double>(a.min);
      q[Metric::AccessLatencyP5] = static_cast<double>(a.p5);
      q[Metric::AccessLatencyP25] = static_cast<double>(a.p25);
      q[Metric::AccessLatencyP50] = static_cast<double>(a.p50);
      q[Metric::AccessLatencyP75] = static_cast<double>(a.p75);
      q[Metric::AccessLatencyP95] = static_cast<double>(a.p95);
      q[Metric::AccessLatencyMax] = static_cast<double>(a.max);
    }
    c.points.push_back(q);
  }
  return c;
}

Curve merge_best(const std::vector<Curve>& curves, Metric by) {
  if (curves.empty()) return {};
  Curve out = curves.front();
  std::map<double, CurvePoint> best;
  for (const auto& c : curves)
    for (const auto& p : c.points) {
      auto it = best.find(p.warps);
      if (it == best.end() || p[by] > it->second[by]) best[p.warps] = p;
    }
  out.points.clear();
  for (const auto& [n, p] : best) out.points.push_back(p);
  return out;
}

double to_unit(double warps_per_sm, OccupancyUnit unit, const Curve& c) {
  switch (unit) {
    case OccupancyUnit::WarpsPerScheduler:
      return warps_per_sm / c.schedulers;
    case OccupancyUnit::PercentOccupancy:
      return 100.0 * warps_per_sm / c.max_warps;
    default:
      return warps_per_sm;
  }
}

double from_unit(double value, OccupancyUnit unit, const Curve& c) {
  switch (unit) {
    case OccupancyUnit::WarpsPerScheduler:
      return value * c.schedulers;
    case OccupancyUnit::PercentOccupancy:
      return value / 100.0 * c.max_warps;
    default:
      return value;
  }
}

}  // namespace warpsim::validation
