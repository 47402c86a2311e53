// Simulator speed: simulated warp instructions and cycles per second of CPU time, and
// heap bytes per simulated warp, for alpha = inf / 32 / 0 (alpha_mix, Volkov 2016 §4.1) on
// Maxwell and Kepler, one SM and the full device, 64 warps per SM. Results: bench/README.md.
#include <benchmark/benchmark.h>

#include <string>

#include "common/user_error.h"
#include "config/loader.h"
#include "device/simulate.h"
#include "heap_counter.h"
#include "isa/generators.h"
#include "mem/memory_factory.h"
#include "simulation_rate.h"

namespace {

using namespace warpsim;

// Kepler's alpha = 0 target names the queueing memory model: used when this build has it.
config::HwConfig load_gpu(const std::string& gpu, bool prefer_queue) {
  if (prefer_queue) {
    try {
      config::HwConfig cfg = config::load_hw_config(gpu, {"memory.model=queue"});
      mem::make_memory_system(mem::MemorySystemSpec{&cfg, 1, 1});  // throws when not built in
      return cfg;
    } catch (const UserError&) {
    }
  }
  return config::load_hw_config(gpu);
}

// Work per warp: enough for a steady state, little enough that a full-device run takes ~1 s.
isa::ParamMap mix(const std::string& alpha, bool device) {
  if (alpha == "inf") return {{"alpha", "inf"}, {"adds", device ? "2048" : "16384"}};
  if (alpha == "32") return {{"alpha", "32"}, {"loads", device ? "16" : "128"}};
  return {{"alpha", "0"}, {"loads", device ? "128" : "1024"}};
}

void run_case(benchmark::State& state, const std::string& gpu, const std::string& alpha, bool device, bool prefer_queue) {
  const config::HwConfig cfg = load_gpu(gpu, prefer_queue);
  const isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), mix(alpha, device));
  device::RunOptions o;
  o.warps_per_sm = 64;
  o.sms = device ? 0 : 1;
  uint64_t instructions = 0, cycles = 0;
  // The first simulation of a config in a process also fills the per-config caches (the LSU
  // calibration, mem/lsu_calibration.h, runs the memory model ~11 x 1024 accesses); later ones
  // hold only the run's own state. Both are reported.
  size_t first_peak_bytes = 0, peak_bytes = 0, resident_warps = 0;
  bool first = true;
  std::string model;
  for (auto _ : state) {
    bench::heap_reset_peak();
    const size_t before = bench::heap_live_bytes();
    const device::Result r = device::simulate(cfg, k, o);
    size_t& peak = first ? first_peak_bytes : peak_bytes;
    peak = std::max(peak, bench::heap_peak_bytes() - before);
    first = false;
    resident_warps = static_cast<size_t>(r.launch.warps_per_sm) * static_cast<size_t>(r.simulated_sms);
    instructions += r.warp_instructions;
    cycles += r.total_cycles;
    model = r.memory_model;
    benchmark::DoNotOptimize(r.cycles);
  }
  state.counters["warp_instr_per_s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
  state.counters["cycles_per_s"] = benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
  // Peak heap of one simulation (config copies, decoded kernel, SMs, memory system, Result)
  // over the warps resident at once: what the simulator holds per simulated warp. Of a later
  // simulation (the first one's where there was only one iteration), and of the first one.
  const auto per_warp = [&](size_t bytes) { return static_cast<double>(bytes) / static_cast<double>(std::max<size_t>(1, resident_warps)); };
  state.counters["bytes_per_warp"] = per_warp(peak_bytes > 0 ? peak_bytes : first_peak_bytes);
  state.counters["first_run_bytes_per_warp"] = per_warp(first_peak_bytes);
  state.SetLabel("memory=" + model);
}

void register_matrix() {
  for (const char* gpu : {"maxwell", "kepler"})
    for (const char* alpha : {"inf", "32", "0"})
      for (bool device : {false, true}) {
        const std::string name = std::string("Sim/") + gpu + "/alpha_" + alpha + "/" + (device ? "device" : "1sm") + "/64w";
        const bool stream = std::string(alpha) == "0";
        benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
          run_case(s, gpu, alpha, device, stream);
        })->Unit(benchmark::kMillisecond);
        // alpha = 0 again on the config's own model.
        if (stream)
          benchmark::RegisterBenchmark((name + "/config_model").c_str(), [=](benchmark::State& s) {
            run_case(s, gpu, alpha, device, false);
          })->Unit(benchmark::kMillisecond);
      }
}

// alpha = inf (all FADD), Maxwell, 64 warps, one SM: the issue-bound hot path, kept
// under its old name so that figures compare across commits.
void BM_AlphaInf_Maxwell_64w_1sm(benchmark::State& s) { run_case(s, "maxwell", "inf", false, false); }
BENCHMARK(BM_AlphaInf_Maxwell_64w_1sm)->Unit(benchmark::kMillisecond);

// Unit-bound runs, 64 warps, one SM: 2-way conflicting shared loads on Maxwell (the SM's shared
// unit, which all four schedulers share) and SFU operations on Kepler. Most issue attempts fail
// here, so these time the stall path (Sm::wait_for_warps) as alpha = inf times the issue path.
void run_homogeneous(benchmark::State& state, const std::string& gpu, const std::string& op) {
  const config::HwConfig cfg = config::load_hw_config(gpu);
  const isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", op}, {"count", "1024"}});
  device::RunOptions o;
  o.warps_per_sm = 64;
  o.sms = 1;
  bench::time_simulations(state, cfg, k, o);
}
void BM_SmemBound_Maxwell_64w_1sm(benchmark::State& s) { run_homogeneous(s, "maxwell", "smem2"); }
BENCHMARK(BM_SmemBound_Maxwell_64w_1sm)->Unit(benchmark::kMillisecond);
void BM_SfuBound_Kepler_64w_1sm(benchmark::State& s) { run_homogeneous(s, "kepler", "sfu"); }
BENCHMARK(BM_SfuBound_Kepler_64w_1sm)->Unit(benchmark::kMillisecond);

[[maybe_unused]] const int kRegistered = (register_matrix(), 0);

}  // namespace
