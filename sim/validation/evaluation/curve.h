// A throughput-vs-occupancy curve, the common input of every extraction: simulated points (from
// Results) and analytical-model points (from Estimates) look the same, so one extraction serves
// the simulator and every model alike.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"
#include "validation/cases/case_spec.h"
#include "validation/evaluation/sim_cache.h"

namespace warpsim::validation {

enum class Metric {
  IpcPerSm,
  MemIpcPerSm,
  OpsPerCyclePerScheduler,
  AddsPerCyclePerSm,
  Gbps,
  WarpThroughputPerSm,
  MeanWarpLatency,
  AccessLatencyMean,
  AccessLatencyMin,  // individual global-load latencies (Volkov 2016 §6.6): min, percentiles, max
  AccessLatencyP5,
  AccessLatencyP25,
  AccessLatencyP50,
  AccessLatencyP75,
  AccessLatencyP95,
  AccessLatencyMax,
  // The duration of one pass of the kernel by the resident warps, as TEG times it (Lai and Seznec
  // 2011 §5: one block per SM, every warp the same work): the simulator's first warp start to last
  // warp end; a model's n / warp throughput.
  KernelCycles,
  // Cycles per dependent-chain instruction of the SM: 1 / (warp throughput x instructions per warp),
  // Lemeire 2016's CPI per CU (its λ is the least over occupancies, Eq. 4) and TEG's issue latency.
  CyclesPerInstruction,
  kCount
};

// metric_names() (case_spec.h) in this enum's order.
Metric metric_of(const std::string& name);

struct CurvePoint {
  double warps = 0;  // warps per SM
  std::array<double, static_cast<size_t>(Metric::kCount)> values{};
  CurvePoint() { values.fill(kNaN); }
  double operator[](Metric m) const { return values[static_cast<size_t>(m)]; }
  double& operator[](Metric m) { return values[static_cast<size_t>(m)]; }
};

struct Curve {
  std::vector<CurvePoint> points;  // increasing occupancy
  int schedulers = 1;              // for warps per scheduler
  int max_warps = 1;               // for percent occupancy
  double chain_instructions = 1;   // dependent instructions per warp (latency per instruction)
  std::string note;                // why the curve is empty ("n/a: ...") where it is
};

Curve curve_from_sim(const std::vector<SimPoint>& points, const config::HwConfig& cfg, const isa::Kernel& k);
// The largest value of `by` at each occupancy over several curves (Volkov §6.3, §7).
Curve merge_best(const std::vector<Curve>& curves, Metric by);

double to_unit(double warps_per_sm, OccupancyUnit unit, const Curve& c);
double from_unit(double value, OccupancyUnit unit, const Curve& c);

}  // namespace warpsim::validation
