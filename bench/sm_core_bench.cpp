// Simulator speed: simulated warp instructions and cycles per second of wall time.
#include <benchmark/benchmark.h>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"

namespace {

using namespace warpsim;

void run_case(benchmark::State& state, const char* gpu, isa::ParamMap params, int warps, int sms) {
  const config::HwConfig cfg = config::load_hw_config(gpu);
  const isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), params);
  device::RunOptions o;
  o.warps_per_sm = warps;
  o.sms = sms;
  uint64_t instructions = 0, cycles = 0;
  for (auto _ : state) {
    const device::Result r = device::simulate(cfg, k, o);
    instructions += r.warp_instructions_by_class[0] + r.warp_instructions_by_class[3] + r.warp_instructions_by_class[6];
    cycles += r.total_cycles;
    benchmark::DoNotOptimize(r.cycles);
  }
  state.counters["warp_instr_per_s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
  state.counters["cycles_per_s"] = benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
}

// alpha = inf (all FADD), Maxwell, 64 warps, one SM: the issue-bound hot path (issue 3 target).
void BM_AlphaInf_Maxwell_64w_1sm(benchmark::State& s) { run_case(s, "maxwell", {{"alpha", "inf"}, {"adds", "16384"}}, 64, 1); }
BENCHMARK(BM_AlphaInf_Maxwell_64w_1sm)->Unit(benchmark::kMillisecond);

}  // namespace
