// Invariants of the `queue` model (bank-collision queues behind a fixed interconnect latency).
#include <gtest/gtest.h>

#include "mem/closed_loop.h"
#include "mem/coalescer.h"
#include "mem/queue/queue_memory.h"
#include "mem/random_traffic.h"
#include "support/test_support.h"

namespace warpsim::mem {
namespace {

config::HwConfig queue_config(const std::string& gpu) { return test_traffic::model_config(gpu, config::MemoryModelKind::Queue); }

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
