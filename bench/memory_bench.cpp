// Memory-system speed: transactions per second of wall time through the `queue` model, and warp
// instructions per second of the whole simulator on the seeds' alpha = 0 streaming mix (Kepler).
#include <benchmark/benchmark.h>

#include <random>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "mem/closed_loop.h"
#include "mem/memory_system.h"

namespace {

using namespace warpsim;

config::HwConfig with_model(const char* gpu, config::MemoryModelKind model) {
  config::HwConfig c = config::load_hw_config(gpu);
  c.memory.model = model;
  return c;
}

// Open-loop random 32-byte reads, 4 per cycle on average (beyond saturation: queues stay full).
void BM_QueueModel_RandomTransactions_Maxwell(benchmark::State& state) {
  const config::HwConfig c = with_model("maxwell", config::MemoryModelKind::Queue);
  uint64_t transactions = 0;
  for (auto _ : state) {
    auto m = mem::make_memory_system({&c, c.device.sms, 1});
    std::mt19937_64 rng(1);
    std::vector<mem::Completion> done;
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
      const uint64_t now = static_cast<uint64_t>(i) / 4;
      m->advance(now, done);
      m->submit(mem::Transaction{(rng() % (1ull << 29)) / 32 * 32, 32, false, static_cast<uint16_t>(i % 16), static_cast<uint32_t>(i)}, now);
    }
    while (m->next_event_time() != mem::kNever) m->advance(m->next_event_time(), done);
    transactions += done.size();
    benchmark::DoNotOptimize(done.data());
  }
  state.counters["transactions_per_s"] = benchmark::Counter(static_cast<double>(transactions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_QueueModel_RandomTransactions_Maxwell)->Unit(benchmark::kMillisecond);

// The closed-loop streaming experiment (alpha = 0, 40 warps/SM): memory system alone.
void BM_QueueModel_ClosedLoopStream_Kepler(benchmark::State& state) {
  const config::HwConfig c = with_model("kepler", config::MemoryModelKind::Queue);
  uint64_t transactions = 0;
  for (auto _ : state) {
    mem::ClosedLoopSpec s;
    s.config = &c;
    s.warps_per_sm = 40;
    s.warmup_cycles = 0;
    s.measure_cycles = 100000;
    const mem::ClosedLoopResult r = mem::run_closed_loop(s);
    transactions += r.transaction_latency.count();
  }
  state.counters["transactions_per_s"] = benchmark::Counter(static_cast<double>(transactions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_QueueModel_ClosedLoopStream_Kepler)->Unit(benchmark::kMillisecond);

// The whole simulator on alpha = 0 (streaming loads only), Kepler, 40 warps/SM, all 8 SMs.
void alpha0_kepler(benchmark::State& state, config::MemoryModelKind model) {
  const config::HwConfig c = with_model("kepler", model);
  const isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), {{"alpha", "0"}, {"loads", "256"}});
  device::RunOptions o;
  o.warps_per_sm = 40;
  uint64_t instructions = 0;
  for (auto _ : state) {
    const device::Result r = device::simulate(c, k, o);
    instructions += r.warp_instructions;
    benchmark::DoNotOptimize(r.cycles);
  }
  state.counters["warp_instr_per_s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
}
void BM_Alpha0_Kepler_40w_Queue(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Queue); }
void BM_Alpha0_Kepler_40w_Fixed(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Fixed); }
BENCHMARK(BM_Alpha0_Kepler_40w_Queue)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Alpha0_Kepler_40w_Fixed)->Unit(benchmark::kMillisecond);

}  // namespace
