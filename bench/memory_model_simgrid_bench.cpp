// Simulation speed of the memory models on the same run: Kepler, all 8 SMs, α = 0 streaming
// loads (Volkov 2016 §6.3) at 32 and 64 warps/SM, under `fixed`, `queue`, `dram` and
// `simgrid`. warp_instr_per_s is the figure docs/memory-model-simgrid.md compares. Wall time, not CPU
// time: the simgrid model runs SimGrid on its own thread (engine_thread.h), which CPU time of the
// benchmark thread would not count.
#include <benchmark/benchmark.h>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "mem/memory_factory.h"

namespace {

using namespace warpsim;

void run_model(benchmark::State& state, const char* model, int warps) {
  const config::HwConfig cfg = config::load_hw_config("kepler", {std::string("memory.model=") + model});
  if (!mem::memory_model_built(cfg.memory.model)) {
    state.SkipWithError("memory model not built into this warpsim");
    return;
  }
  const isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", "stream"}, {"count", "32"}});
  device::RunOptions o;
  o.warps_per_sm = warps;
  uint64_t instructions = 0, transactions = 0;
  for (auto _ : state) {
    const device::Result r = device::simulate(cfg, k, o);
    instructions += r.warp_instructions;
    transactions += r.transaction_latency.count;
    benchmark::DoNotOptimize(r.gbps);
  }
  state.counters["warp_instr_per_s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
  state.counters["transactions_per_s"] = benchmark::Counter(static_cast<double>(transactions), benchmark::Counter::kIsRate);
}

void BM_MemoryModel_Fixed_Kepler_32w(benchmark::State& s) { run_model(s, "fixed", 32); }
void BM_MemoryModel_Queue_Kepler_32w(benchmark::State& s) { run_model(s, "queue", 32); }
void BM_MemoryModel_Dram_Kepler_32w(benchmark::State& s) { run_model(s, "dram", 32); }
void BM_MemoryModel_SimGrid_Kepler_32w(benchmark::State& s) { run_model(s, "simgrid", 32); }
void BM_MemoryModel_Fixed_Kepler_64w(benchmark::State& s) { run_model(s, "fixed", 64); }
void BM_MemoryModel_Queue_Kepler_64w(benchmark::State& s) { run_model(s, "queue", 64); }
void BM_MemoryModel_Dram_Kepler_64w(benchmark::State& s) { run_model(s, "dram", 64); }
void BM_MemoryModel_SimGrid_Kepler_64w(benchmark::State& s) { run_model(s, "simgrid", 64); }
BENCHMARK(BM_MemoryModel_Fixed_Kepler_32w)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MemoryModel_Queue_Kepler_32w)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MemoryModel_Dram_Kepler_32w)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MemoryModel_SimGrid_Kepler_32w)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MemoryModel_Fixed_Kepler_64w)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MemoryModel_Queue_Kepler_64w)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MemoryModel_Dram_Kepler_64w)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MemoryModel_SimGrid_Kepler_64w)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
