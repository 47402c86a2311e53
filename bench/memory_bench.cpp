// Memory-system speed: transactions per second of CPU time through the `queue` and `dram`
// models, and warp instructions per second of the whole simulator on the seeds' alpha = 0
// streaming mix (Kepler, all SMs) under each model. Compare ratios within one run.
#include <benchmark/benchmark.h>

#include <random>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "isa/workload_parser.h"
#include "mem/closed_loop.h"
#include "mem/memory_factory.h"
#include "simulation_rate.h"

namespace {

using namespace warpsim;

config::HwConfig with_model(const char* gpu, config::MemoryModelKind model) {
  config::HwConfig c = config::load_hw_config(gpu);
  c.memory.model = model;
  return c;
}

// Open-loop random 32-byte reads, 4 per cycle on average (beyond saturation: queues stay full).
void random_transactions(benchmark::State& state, config::MemoryModelKind model) {
  const config::HwConfig c = with_model("maxwell", model);
  uint64_t transactions = 0;
  for (auto _ : state) {
    auto m = mem::make_memory_system({&c, c.device.sms, 1});
    std::mt19937_64 rng(1);
    std::vector<mem::Completion> done;
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
      const uint64_t now = static_cast<uint64_t>(i) / 4;
      m->advance(now, done);
      m->submit(mem::Transaction{(rng() % (1ull << 29)) / 32 * 32, 32, false, static_cast<uint16_t>(i % 16), static_cast<uint32_t>(i)},
                now);
    }
    while (m->next_event_time() != mem::kNever) m->advance(m->next_event_time(), done);
    transactions += done.size();
    benchmark::DoNotOptimize(done.data());
  }
  state.counters["transactions_per_s"] = benchmark::Counter(static_cast<double>(transactions), benchmark::Counter::kIsRate);
}
void BM_QueueModel_RandomTransactions_Maxwell(benchmark::State& s) { random_transactions(s, config::MemoryModelKind::Queue); }
void BM_DramModel_RandomTransactions_Maxwell(benchmark::State& s) { random_transactions(s, config::MemoryModelKind::Dram); }
BENCHMARK(BM_QueueModel_RandomTransactions_Maxwell)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DramModel_RandomTransactions_Maxwell)->Unit(benchmark::kMillisecond);

// The model's own cost per transaction: precomputed random 32-byte reads, one every 2 cycles
// (0.63 G activations/s on Maxwell, below saturation: a bounded number in flight), submit +
// advance only.
void model_only(benchmark::State& state, config::MemoryModelKind model) {
  const config::HwConfig c = with_model("maxwell", model);
  const int n = 400000;
  std::mt19937_64 rng(1);
  std::vector<uint64_t> addr(n);
  for (uint64_t& a : addr) a = (rng() % (1ull << 29)) / 32 * 32;
  auto m = mem::make_memory_system({&c, c.device.sms, 1});
  std::vector<mem::Completion> done;
  done.reserve(4096);
  uint64_t transactions = 0, base = 0;
  for (auto _ : state) {
    for (int i = 0; i < n; ++i) {
      const uint64_t now = base + 2 * static_cast<uint64_t>(i);
      if (m->next_event_time() <= now) {
        done.clear();
        m->advance(now, done);
      }
      m->submit(mem::Transaction{addr[static_cast<size_t>(i)], 32, false, static_cast<uint16_t>(i % 16), static_cast<uint32_t>(i)}, now);
    }
    base += 2 * static_cast<uint64_t>(n);
    transactions += n;
  }
  state.counters["transactions_per_s"] = benchmark::Counter(static_cast<double>(transactions), benchmark::Counter::kIsRate);
  state.counters["ns_per_transaction"] =
      benchmark::Counter(static_cast<double>(transactions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
void BM_QueueModel_Only_Maxwell(benchmark::State& s) { model_only(s, config::MemoryModelKind::Queue); }
void BM_DramModel_Only_Maxwell(benchmark::State& s) { model_only(s, config::MemoryModelKind::Dram); }
void BM_FixedModel_Only_Maxwell(benchmark::State& s) { model_only(s, config::MemoryModelKind::Fixed); }
BENCHMARK(BM_QueueModel_Only_Maxwell)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DramModel_Only_Maxwell)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FixedModel_Only_Maxwell)->Unit(benchmark::kMillisecond);

// The closed-loop streaming experiment (alpha = 0, 40 warps/SM): memory system alone.
void closed_loop_stream(benchmark::State& state, config::MemoryModelKind model) {
  const config::HwConfig c = with_model("kepler", model);
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
void BM_QueueModel_ClosedLoopStream_Kepler(benchmark::State& s) { closed_loop_stream(s, config::MemoryModelKind::Queue); }
void BM_DramModel_ClosedLoopStream_Kepler(benchmark::State& s) { closed_loop_stream(s, config::MemoryModelKind::Dram); }
BENCHMARK(BM_QueueModel_ClosedLoopStream_Kepler)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DramModel_ClosedLoopStream_Kepler)->Unit(benchmark::kMillisecond);

// The whole simulator on alpha = 0 (streaming loads only), Kepler, all 8 SMs.
void alpha0_kepler(benchmark::State& state, config::MemoryModelKind model, int warps) {
  const config::HwConfig c = with_model("kepler", model);
  const isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), {{"alpha", "0"}, {"loads", "256"}});
  device::RunOptions o;
  o.warps_per_sm = warps;
  bench::time_simulations(state, c, k, o);
}
void BM_Alpha0_Kepler_40w_Queue(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Queue, 40); }
void BM_Alpha0_Kepler_40w_Dram(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Dram, 40); }
void BM_Alpha0_Kepler_40w_Fixed(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Fixed, 40); }
void BM_Alpha0_Kepler_64w_Queue(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Queue, 64); }
void BM_Alpha0_Kepler_64w_Dram(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Dram, 64); }
void BM_Alpha0_Kepler_64w_Fixed(benchmark::State& s) { alpha0_kepler(s, config::MemoryModelKind::Fixed, 64); }
BENCHMARK(BM_Alpha0_Kepler_40w_Queue)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Alpha0_Kepler_40w_Dram)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Alpha0_Kepler_40w_Fixed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Alpha0_Kepler_64w_Queue)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Alpha0_Kepler_64w_Dram)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Alpha0_Kepler_64w_Fixed)->Unit(benchmark::kMillisecond);

// What the caches in front cost on that stream, where every load misses (no reuse, §5.10): the
// same run with Kepler's L2 turned off.
void BM_Alpha0_Kepler_64w_Dram_NoL2(benchmark::State& state) {
  config::HwConfig c = with_model("kepler", config::MemoryModelKind::Dram);
  c.memory.l2.slices = 0;
  const isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), {{"alpha", "0"}, {"loads", "256"}});
  device::RunOptions o;
  o.warps_per_sm = 64;
  bench::time_simulations(state, c, k, o);
}
BENCHMARK(BM_Alpha0_Kepler_64w_Dram_NoL2)->Unit(benchmark::kMillisecond);

// Loads the L2 serves: fully diverging loads over an 8 MB array on one H100 SM's share (the
// array folded onto its share of the L2: ~99% hits at 64 warps/SM).
void BM_RandomInL2_H100_64w_1sm(benchmark::State& state) {
  const config::HwConfig c = with_model("h100_sxm", config::MemoryModelKind::Dram);
  const isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", "random"}, {"array", "8MB"}, {"count", "32"}});
  device::RunOptions o;
  o.warps_per_sm = 64;
  o.sms = 1;
  bench::time_simulations(state, c, k, o);
}
BENCHMARK(BM_RandomInL2_H100_64w_1sm)->Unit(benchmark::kMillisecond);

// Stores no warp waits for, fully diverging (one 16-byte sector per thread): they fill the DRAM
// write buffer faster than it drains. An unbounded `dram` buffer runs this in
// time quadratic in its length (4 stores per warp: 75 s; bounded, under 1 s).
void store_flood_fermi(benchmark::State& state, config::MemoryModelKind model) {
  const config::HwConfig c = with_model("fermi", model);
  const isa::Kernel k =
      isa::parse_workload(".kernel stores\n.array a 64MB\n.loop 4\n  ST [R1], R2 ; pattern=stride:32 bytes=16\n.endloop\n", "stores.wl");
  device::RunOptions o;
  o.warps_per_sm = 48;
  o.sms = 1;
  bench::time_simulations(state, c, k, o);
}
void BM_StoreFlood_Fermi_48w_Dram(benchmark::State& s) { store_flood_fermi(s, config::MemoryModelKind::Dram); }
void BM_StoreFlood_Fermi_48w_Queue(benchmark::State& s) { store_flood_fermi(s, config::MemoryModelKind::Queue); }
BENCHMARK(BM_StoreFlood_Fermi_48w_Dram)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StoreFlood_Fermi_48w_Queue)->Unit(benchmark::kMillisecond);

}  // namespace
