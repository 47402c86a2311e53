// Everything the analytical models read about one (GPU, kernel) pair, computed once and shared by
// all models and all occupancies: the Table 4.1 parameters, the kernel profile, the throughput
// worksheet, the latency bounds, and the curves Zhang & Owens take as input.
#pragma once

#include <functional>
#include <optional>

#include "config/hw_config.h"
#include "isa/kernel.h"
#include "model/hw_params.h"
#include "model/kernel_profile.h"
#include "model/latency_bound.h"
#include "model/throughput_bound.h"

namespace warpsim::model {

// Throughput of one instruction type executed alone, in thread-ops per cycle per SM, at occupancy
// n warps/SM: measured or simulated microbenchmark curves (Zhang & Owens 2011, Volkov §7.3).
struct ThroughputCurves {
  std::function<double(double n)> alu;  // CUDA-core instructions (adds)
  std::function<double(double n)> mem;  // the kernel's global memory instructions
};

// Piecewise-linear curve through (n, value) samples, flat beyond the ends (for measured curves).
std::function<double(double)> curve_from_samples(std::vector<std::pair<double, double>> samples);

struct ModelContext {
  config::HwConfig cfg;
  isa::Kernel kernel;
  HwParams hw;
  KernelProfile profile;
  Worksheet worksheet;
  LatencyBound latency;           // §3.7: the full graph
  LatencyBound latency_unloaded;  // Huang's total_cycles: unloaded memory latency, no termination
  LatencyBound latency_pipeline;  // Lemeire: issue latencies between instructions, no termination
  // Refined model (§6.5): latency bound at memory latency a, and its growth per cycle of memory
  // latency (the number of memory latencies on the longest path). Empty without a/b/c.
  std::optional<LatencyBound> latency_at_a;
  double latency_per_memory_cycle = 0;
  ThroughputCurves curves;  // default: Volkov's basic limits min(n / lat, thru) per type
};

ModelContext make_context(const config::HwConfig& cfg, const isa::Kernel& kernel);

// Issue latency of each instruction class for one SM in Lemeire's pipeline model: cycles between
// independent warp instructions of that class (single issue, as in the seeds' dependent mixes).
std::array<double, isa::kOpClassCount> pipeline_issue_latency(const config::HwConfig& cfg, const KernelProfile& p, const isa::Kernel& k);

}  // namespace warpsim::model
