// One simulation per benchmark iteration, reported as simulated warp instructions per second of
// CPU time (the `warp_instr_per_s` counter of bench/README.md).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

#include "device/simulate.h"

namespace warpsim::bench {

inline void time_simulations(benchmark::State& state, const config::HwConfig& cfg, const isa::Kernel& kernel,
                             const device::RunOptions& options) {
  uint64_t instructions = 0;
  for (auto _ : state) {
    const device::Result r = device::simulate(cfg, kernel, options);
    instructions += r.warp_instructions;
    benchmark::DoNotOptimize(r.cycles);
  }
  state.counters["warp_instr_per_s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
}

}  // namespace warpsim::bench
