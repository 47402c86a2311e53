// Invariants of the `queue` model (bank-collision queues behind a fixed interconnect latency).
#include <gtest/gtest.h>

#include <random>

#include "mem/closed_loop.h"
#include "mem/coalescer.h"
#include "mem/queue/queue_memory.h"
#include "support/test_support.h"

namespace warpsim::mem {
namespace {

config::HwConfig queue_config(const std::string& gpu) {
  config::HwConfig c = test::builtin(gpu);
  c.memory.model = config::MemoryModelKind::Queue;
  return c;
}

// Completions of `n` pseudo-random transactions (a quarter of them writes), submitted over time.
std::vector<Completion> random_traffic(const config::HwConfig& c, int n, uint64_t seed, std::vector<uint64_t>* submit_at = nullptr) {
  auto m = make_memory_system({&c, c.device.sms, seed});
  std::mt19937_64 rng(seed);
  std::vector<Completion> done;
  uint64_t now = 0;
  for (int i = 0; i < n; ++i) {
    now += rng() % 3;
    m->advance(now, done);
    const bool write = rng() % 4 == 0;
    m->submit(Transaction{(rng() % (1ull << 29)) / 32 * 32, 32, write, static_cast<uint16_t>(rng() % c.device.sms), static_cast<uint32_t>(i)}, now);
    if (submit_at) submit_at->push_back(now);
  }
  while (m->next_event_time() != kNever) m->advance(m->next_event_time(), done);
  return done;
}

TEST(QueueMemory, UnloadedCoalescedLoadTakesTheTable62Latency) {
  // By construction (the derived interconnect latency), on the device and on a one-SM share.
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    const config::HwConfig c = queue_config(gpu);
    for (int sms : {c.device.sms, 1}) {
      auto m = make_memory_system({&c, sms, 1});
      const int n = coalesced_transactions(c.lsu.coalescing);
      const uint64_t start = 100000;  // not at 0: the calibration must not depend on the phase
      std::vector<Completion> done;
      for (int k = 0; k < n; ++k)
        m->submit(Transaction{(3ull << 30) + 128u / n * k, 128u / n, false, 0, uint32_t(k)}, start + uint64_t(k * c.lsu.transaction_issue_cycles));
      m->advance(kNever - 1, done);
      ASSERT_EQ(done.size(), size_t(n));
      EXPECT_NEAR(double(done.back().time - start), c.memory.latency_cycles, 1.0) << gpu << " sms " << sms;
    }
  }
}

TEST(QueueMemory, EveryTransactionCompletesOnceAndInTimeOrder) {
  const config::HwConfig c = queue_config("kepler");
  std::vector<uint64_t> submit_at;
  const auto done = random_traffic(c, 50000, 3, &submit_at);
  ASSERT_EQ(done.size(), 50000u);
  std::vector<int> seen(50000, 0);
  for (size_t i = 0; i < done.size(); ++i) {
    ++seen[done[i].tag];
    if (i > 0) {
      ASSERT_LE(done[i - 1].time, done[i].time);
    }
    ASSERT_GT(done[i].time, submit_at[done[i].tag]);
  }
  for (int s : seen) ASSERT_EQ(s, 1);
}

TEST(QueueMemory, SameInputsGiveTheSameCompletions) {
  const config::HwConfig c = queue_config("fermi");
  const auto a = random_traffic(c, 20000, 11);
  const auto b = random_traffic(c, 20000, 11);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].time, b[i].time);
    ASSERT_EQ(a[i].tag, b[i].tag);
  }
}

TEST(QueueMemory, ThroughputNeverExceedsThePinBandwidth) {
  // Everything at once: the channels drain 2.5 MB no faster than the pins allow, and a stream
  // of consecutive lines comes close to them (refresh and activations cost a few percent).
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    const config::HwConfig c = queue_config(gpu);
    for (int sms : {c.device.sms, 1}) {
      auto m = make_memory_system({&c, sms, 1});
      const int n = 20000;
      for (int i = 0; i < n; ++i) m->submit(Transaction{uint64_t(i) * 128, 128, false, 0, uint32_t(i)}, 0);
      std::vector<Completion> done;
      m->advance(kNever - 1, done);
      const double ns = done.back().time / c.device.core_clock_ghz;
      const double share = double(sms) / c.device.sms;
      EXPECT_LE(n * 128.0 / ns, c.memory.pin_bandwidth_gbps * share) << gpu << " sms " << sms;
      EXPECT_GT(n * 128.0 / ns, 0.8 * c.memory.pin_bandwidth_gbps * share) << gpu << " sms " << sms;
    }
  }
}

TEST(QueueMemory, LatencyGrowsFromLowLoadOn) {
  // Table 6.5's b: bank collisions make latency grow well before the bus saturates. At a quarter
  // and at half of the peak the mean latency is above the unloaded one by a growing margin.
  const config::HwConfig c = queue_config("maxwell");
  ClosedLoopSpec s;
  s.config = &c;
  s.measure_cycles = 40000;
  s.warps_per_sm = 1;
  const double l1 = run_closed_loop(s).mean_latency;
  s.warps_per_sm = 8;
  const double l8 = run_closed_loop(s).mean_latency;
  s.warps_per_sm = 16;
  const double l16 = run_closed_loop(s).mean_latency;
  EXPECT_GT(l8, l1 + 2);
  EXPECT_GT(l16, l8 + 2);
}

TEST(QueueMemory, OneSimulatedSmGetsItsShareOfTheMemorySystem) {
  // The share of one SM (fewer channels and banks, a proportionally slower bus) gives the per-SM
  // throughput of the whole device within 5% at a quarter of the occupancy (Kepler, Maxwell)
  // and at full occupancy (Maxwell). Not closer: the share's few warps collide less often than
  // the device's many (a finite population). Known gaps (docs/memory-model.md): Kepler at 64
  // warps/SM -9%, GT200 (one channel of 2 banks) +14% at a quarter load.
  const std::tuple<const char*, int, double> cases[] = {{"kepler", 16, 0.05}, {"maxwell", 16, 0.05}, {"maxwell", 64, 0.05}};
  for (auto [gpu, warps, tol] : cases) {
    const config::HwConfig c = queue_config(gpu);
    ClosedLoopSpec s;
    s.config = &c;
    s.warps_per_sm = warps;
    s.measure_cycles = 60000;
    const double full = run_closed_loop(s).ipc_per_sm;
    s.simulated_sms = 1;
    const double one = run_closed_loop(s).ipc_per_sm;
    EXPECT_NEAR(one, full, tol * full) << gpu << " at " << warps << " warps/SM";
  }
}

}  // namespace
}  // namespace warpsim::mem
