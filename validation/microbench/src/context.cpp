#include "context.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "kernel_shapes.h"

namespace warpsim::microbench {

using validation::OccupancyPlan;

double Sample::adds_per_cycle_per_sm() const {
  return validation::per_sm_rate(work.adds * 32 * total_warps(), metrics.cycles, metrics.sms);
}

double Sample::ops_per_cycle_per_scheduler(double instructions_per_warp) const {
  return validation::ops_per_cycle_per_scheduler(instructions_per_warp * total_warps(), metrics.cycles, metrics.sms, 4);
}

double Sample::ipc_per_sm(double instructions_per_warp) const {
  return validation::per_sm_rate(instructions_per_warp * total_warps(), metrics.cycles, metrics.sms);
}

double Sample::gbps() const {
  return validation::gbps(work.loads * 32 * work.bytes_per_thread_load * total_warps(), metrics.cycles, metrics.clock_ghz);
}

double Sample::latency_per(double instructions_per_warp) const {
  return validation::latency_per_instruction(metrics.mean_warp_latency, instructions_per_warp);
}

Context::Context(Gpu& gpu, const Options& options) : gpu_(gpu), options_(options), t0_(std::chrono::steady_clock::now()) {
  const DeviceInfo& d = gpu.info();
  gpu_name_ = options.gpu.empty() ? validation::warpsim_gpu_name(d.name, d.sms) : options.gpu;
  stand_in_ = d.driver_version == kStandInDriver;
  if (gpu_name_.empty())
    throw std::invalid_argument("warpsim has no config named for '" + d.name + "' (" + std::to_string(d.sms) +
                                " SMs); pass --gpu NAME to label the measurements");
  limits_.max_warps = d.max_warps_per_sm;
  limits_.max_blocks = d.max_blocks_per_sm;
  // The kernels' __launch_bounds__ cap blocks at kMaxBlockThreads (for <= 32 registers per thread).
  limits_.max_threads_per_block = std::min(d.max_threads_per_block, kMaxBlockThreads);
  limits_.schedulers = 4;  // every architecture the suite compiles for (sm_75 and later)
  limits_.shared_memory_bytes = d.shared_per_sm;
  limits_.max_shared_per_block = d.shared_per_block_optin;
  limits_.reserved_shared_per_block = d.reserved_shared_per_block;
  // Shared memory allocation unit: 128 bytes from sm_80 on, 256 on sm_75 (CUDA occupancy
  // calculator); the occupancy API check in run.cu corrects a wrong guess.
  limits_.shared_alloc_granularity = d.cc_major >= 8 ? 128 : 256;
}

std::vector<int> Context::occupancies(bool dense) const {
  std::vector<int> all;
  if (options_.quick) {
    all = {1, 2, 4, 8, 16, 32, 64};
  } else if (dense) {
    for (int w = 1; w <= 16; ++w) all.push_back(w);
    for (int w = 18; w <= 64; w += 2) all.push_back(w);
  } else {
    all = {1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64};
  }
  std::vector<int> out;
  for (int w : all)
    if (w <= limits_.max_warps) out.push_back(w);
  return out;
}

std::optional<OccupancyPlan> Context::plan(int warps_per_sm, int64_t min_shared) const {
  return validation::plan_occupancy(warps_per_sm, limits_, min_shared);
}

std::optional<OccupancyPlan> Context::plan_one_warp_blocks(int warps_per_sm) const {
  validation::SmLimits one = limits_;
  one.schedulers = 1;  // gcd(warps, 1) = 1: blocks of one warp
  return validation::plan_occupancy(warps_per_sm, one, 0);
}

int64_t Context::persistent_blocks(const OccupancyPlan& p) const { return static_cast<int64_t>(gpu_.info().sms) * p.blocks_per_sm; }

int64_t Context::oversubscribed_blocks(const OccupancyPlan& p) const { return options_.waves * persistent_blocks(p); }

void Context::ensure_stream(uint64_t step) {
  const std::string state = "stream:" + std::to_string(step);
  if (array_state_ == state) return;
  gpu_.fill_stream(step);
  array_state_ = state;
}

Sample Context::measure(const Job& job, const OccupancyPlan& plan, const WarpWork& work, const ChainCheck& check, bool memory, int reps) {
  Sample best;
  bool have = false;
  for (int r = 0; r < (reps > 0 ? reps : options_.reps); ++r) {
    if (memory) gpu_.flush_l2();  // every sample starts with the array out of L2 (§5.10)
    RunOutput out = gpu_.run(job);
    ++launches_;
    for (size_t w = 0; w < out.stamps.size(); ++w)
      if (out.stamps[w].end == 0 || out.stamps[w].end < out.stamps[w].start)
        throw std::runtime_error("warp " + std::to_string(w) + " recorded no valid timestamps");
    if (std::string err = check(out); !err.empty()) throw std::runtime_error("chain check failed: " + err);
    validation::RunMetrics m = validation::analyze_run(out.stamps);
    best.latency_samples.insert(best.latency_samples.end(), out.samples.begin(), out.samples.end());
    best.calibration.insert(best.calibration.end(), out.calibration.begin(), out.calibration.end());
    if (m.clock_ghz > 0) clocks_mhz_.push_back(m.clock_ghz * 1000);
    if (!have || m.cycles < best.metrics.cycles) {
      best.metrics = std::move(m);
      best.dynamic_shared = out.dynamic_shared;
      best.api_blocks_per_sm = out.api_blocks_per_sm;
      have = true;
    }
  }
  best.target_warps = plan.warps_per_sm;
  best.blocks = job.blocks;
  best.block_warps = job.block_threads / 32;
  best.work = work;
  return best;
}

void Context::add_row(validation::MeasurementRow row) {
  if (!ids_.insert(row.id).second) throw std::logic_error("duplicate row id " + row.id);
  if (row.gpu.empty()) row.gpu = gpu_name_;
  // The dry run's numbers come from a CPU stand-in: its rows must not read as measured ones.
  const size_t prefix = std::strlen(kSourceMeasured);
  if (stand_in_ && row.source.compare(0, prefix, kSourceMeasured) == 0) row.source = kSourceStandIn + row.source.substr(prefix);
  rows_.push_back(std::move(row));
}

std::string Context::note(const Sample& s, const std::string& launch) const {
  std::string n;
  if (!s.attained())
    n += "FLAG target " + std::to_string(s.target_warps) + " warps/SM not attained on every SM (min over SMs of max occupancy " +
         std::to_string(s.metrics.attained_occupancy) + "); ";
  n += "target " + std::to_string(s.target_warps) + " warps/SM";
  n += "; " + std::to_string(s.blocks) + " blocks of " + std::to_string(s.block_warps) + " warps, " + std::to_string(s.dynamic_shared) +
       " B dynamic smem, " + launch;
  const int64_t slots = static_cast<int64_t>(gpu_.info().sms) * s.api_blocks_per_sm;
  if (s.blocks < slots)
    n += "; only " + std::to_string(s.blocks) + " blocks for " + std::to_string(slots) +
         " resident slots (a larger --array-mb gives more blocks)";
  if (s.api_blocks_per_sm * s.block_warps != s.target_warps)
    n += "; occupancy API predicts " + std::to_string(s.api_blocks_per_sm) + " blocks/SM";
  if (s.metrics.sms != static_cast<uint32_t>(gpu_.info().sms))
    n += "; ran on " + std::to_string(s.metrics.sms) + " of " + std::to_string(gpu_.info().sms) + " SMs";
  char clock[64];
  std::snprintf(clock, sizeof clock, "; clock %.0f MHz", s.clock_mhz());
  return n + clock;
}

double Context::median_clock_mhz() const {
  if (clocks_mhz_.empty()) return 0;
  std::vector<double> c = clocks_mhz_;
  std::nth_element(c.begin(), c.begin() + c.size() / 2, c.end());
  return c[c.size() / 2];
}

double Context::elapsed_s() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }

void Context::log(const std::string& line) const { std::fprintf(stderr, "[%7.1fs] %s\n", elapsed_s(), line.c_str()); }

std::string row_id(const std::vector<std::string>& parts) {
  std::string id = "mb";
  for (const auto& p : parts) {
    id += '.';
    for (char c : p) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
      id += keep ? c : (c == '.' ? 'p' : '_');
    }
  }
  return id;
}

}  // namespace warpsim::microbench
