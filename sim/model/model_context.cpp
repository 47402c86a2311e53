#include "model/model_context.h"

#include <algorithm>

namespace warpsim::model {
namespace {

// Added memory latency used to measure how the latency bound grows with memory latency.
constexpr double kLatencyProbeCycles = 4096;

}  // namespace

std::function<double(double)> curve_from_samples(std::vector<std::pair<double, double>> s) {
  std::sort(s.begin(), s.end());
  return [s](double n) {
    if (s.empty()) return 0.0;
    if (n <= s.front().first) return s.front().second;
    if (n >= s.back().first) return s.back().second;
    auto hi = std::lower_bound(s.begin(), s.end(), std::pair{n, -1e300});
    auto lo = hi - 1;
    return lo->second + (hi->second - lo->second) * (n - lo->first) / (hi->first - lo->first);
  };
}

std::array<double, isa::kOpClassCount> pipeline_issue_latency(const config::HwConfig& cfg, const KernelProfile& p, const isa::Kernel& k) {
  using isa::OpClass;
  const double issue = static_cast<double>(cfg.scheduler.cycles_per_issue) / cfg.scheduler.count;
  const double warp = cfg.sm.warp_size;
  std::array<double, isa::kOpClassCount> lat{};
  lat.fill(issue);
  lat[isa::index(OpClass::Alu)] = std::max(issue, warp / (cfg.scheduler.count * cfg.alu.ops_per_cycle));
  lat[isa::index(OpClass::Sfu)] = std::max(issue, warp / (cfg.scheduler.count * cfg.sfu.ops_per_cycle));
  if (cfg.dp.ops_per_cycle > 0) lat[isa::index(OpClass::Dp)] = std::max(issue, warp / (cfg.scheduler.count * cfg.dp.ops_per_cycle));
  // Memory pipelines: mean cycles per instruction of the kernel's accesses (bank passes, bytes).
  const double bytes_per_cycle = cfg.memory.peak_gbps / (cfg.device.core_clock_ghz * cfg.device.sms);
  double smem = 0, smem_n = 0;
  for (size_t pc = 0; pc < k.code.size(); ++pc)
    if (k.code[pc].cls == OpClass::Smem) smem += p.counts[pc] * p.costs[pc].bank_cycles, smem_n += p.counts[pc];
  if (smem_n > 0) lat[isa::index(OpClass::Smem)] = std::max(issue, smem / smem_n);
  if (p.global_mem > 0) {
    const double mem = std::max(issue, p.bytes_transferred / p.global_mem / bytes_per_cycle);
    lat[isa::index(OpClass::Load)] = lat[isa::index(OpClass::Store)] = mem;
  }
  return lat;
}

ModelContext make_context(const config::HwConfig& cfg, const isa::Kernel& kernel) {
  ModelContext c;
  c.cfg = cfg;
  c.kernel = kernel;
  c.hw = derive_hw_params(cfg);
  c.profile = profile_kernel(cfg, kernel);
  c.worksheet = throughput_worksheet(cfg, kernel, c.profile);
  c.latency = latency_bound(cfg, kernel, c.profile);
  GraphOptions unloaded;
  unloaded.transaction_latency = false;
  unloaded.termination = false;
  c.latency_unloaded = latency_bound(cfg, kernel, c.profile, unloaded);
  GraphOptions pipeline;
  pipeline.termination = false;
  pipeline.dual_issue = false;
  pipeline.issue_latency = pipeline_issue_latency(cfg, c.profile, kernel);
  c.latency_pipeline = latency_bound(cfg, kernel, c.profile, pipeline);
  const auto& m = cfg.memory;
  if (m.contention_a_cycles > 0 && m.contention_c_gbps > 0) {
    GraphOptions at_a, probe;
    at_a.memory_latency = m.contention_a_cycles;
    probe.memory_latency = m.contention_a_cycles + kLatencyProbeCycles;
    c.latency_at_a = latency_bound(cfg, kernel, c.profile, at_a);
    c.latency_per_memory_cycle = (latency_bound(cfg, kernel, c.profile, probe).cycles - c.latency_at_a->cycles) / kLatencyProbeCycles;
  }
  const HwParams hw = c.hw;
  const double mem_lat = c.profile.mean_mem_latency;
  const double mem_ipc = c.profile.global_mem > 0 ? hw.bytes_per_cycle * c.profile.global_mem / c.profile.bytes_transferred : hw.mem_thru;
  c.curves.alu = [hw](double n) { return hw.warp_size * std::min(n / hw.alu_lat, hw.alu_thru); };
  c.curves.mem = [hw, mem_lat, mem_ipc](double n) { return hw.warp_size * std::min(n / mem_lat, mem_ipc); };
  return c;
}

}  // namespace warpsim::model
