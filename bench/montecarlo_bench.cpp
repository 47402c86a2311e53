// Speed of the Monte Carlo analysis (docs/montecarlo.md): tracing a kernel, and one trial of the
// trace through the caches, in sectors per second of CPU time, on the scalar CSR SpMV of
// workloads/spmv_csr.wl (1 M nonzeros; Fermi moves whole lines: 12.3 M sectors).
#include <benchmark/benchmark.h>

#include "config/loader.h"
#include "isa/workloads.h"
#include "montecarlo/trial.h"
#include "trace/trace_builder.h"

namespace {

using namespace warpsim;

struct SpmvTrace {
  config::HwConfig cfg = config::load_hw_config("fermi");
  isa::Kernel kernel = isa::load_workload("spmv_csr");
  trace::MemoryTrace trace = trace::build_trace({&cfg, &kernel, 0, 1, 0});
};

const SpmvTrace& spmv() {
  static const SpmvTrace t;
  return t;
}

void BM_Trace_SpMV_1M_Fermi(benchmark::State& state) {
  const SpmvTrace& s = spmv();
  uint64_t sectors = 0;
  for (auto _ : state) {
    const trace::MemoryTrace t = trace::build_trace({&s.cfg, &s.kernel, 0, 1, 0});
    sectors += t.sectors.size();
    benchmark::DoNotOptimize(t.entries.data());
  }
  state.counters["sectors_per_s"] = benchmark::Counter(static_cast<double>(sectors), benchmark::Counter::kIsRate);
}

void BM_MonteCarloTrial_SpMV_1M_Fermi(benchmark::State& state) {
  const SpmvTrace& s = spmv();
  const montecarlo::SequenceIndex index(s.trace);
  uint64_t trial = 0, sectors = 0;
  for (auto _ : state) {
    const montecarlo::CacheTally tally = montecarlo::run_trial(s.trace, index, s.cfg, {}, montecarlo::trial_seed(1, trial++));
    sectors += s.trace.sectors.size();
    benchmark::DoNotOptimize(tally.l2_read.hits);
  }
  state.counters["sectors_per_s"] = benchmark::Counter(static_cast<double>(sectors), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_Trace_SpMV_1M_Fermi)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MonteCarloTrial_SpMV_1M_Fermi)->Unit(benchmark::kMillisecond);
