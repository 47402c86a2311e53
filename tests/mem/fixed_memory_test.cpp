// The `fixed` model: the seeds' basic model (Volkov 2016 §4.1) — constant unloaded latency and a
// bandwidth cap at the measured peak (Table 6.4).
#include <gtest/gtest.h>

#include <cmath>

#include "mem/closed_loop.h"
#include "mem/fixed_memory.h"
#include "support/test_support.h"

namespace warpsim::mem {
namespace {

config::HwConfig fixed(const char* gpu) {
  config::HwConfig c = test::builtin(gpu);
  c.memory.model = config::MemoryModelKind::Fixed;
  return c;
}

config::HwConfig maxwell() { return fixed("maxwell"); }

// The completion of one transaction of `bytes` submitted at cycle 1000 to an idle device.
Completion lone_transaction(const config::HwConfig& c, uint32_t bytes) {
  FixedMemory m({&c, c.device.sms, 1});
  m.submit({4096, bytes, false, 0, 7}, 1000);
  std::vector<Completion> done;
  m.advance(m.next_event_time(), done);
  EXPECT_EQ(done.size(), 1u);
  EXPECT_EQ(m.transaction_latencies().summary().max, done.at(0).time - 1000);
  return done.at(0);
}

TEST(FixedMemory, UnloadedLatencyIsTable62LessTheDepartureSpread) {
  // Table 6.2 stream less (passes - 1) x Table 6.7: G80 444 - 1 x 6.7 (2 half-warp transactions,
  // 2 passes); Kepler 301 (its 4 sectors of one line leave in one pass, as Maxwell's);
  // with one pass per sector (Table 6.7's reading) 301 - 3 x 33.
  const Completion g80 = lone_transaction(fixed("g80"), 64);
  EXPECT_EQ(g80.time, 1000u + 437);
  EXPECT_EQ(g80.tag, 7u);
  EXPECT_EQ(lone_transaction(fixed("kepler"), 32).time, 1000u + 301);
  config::HwConfig per_sector = fixed("kepler");
  per_sector.lsu.issue_unit = config::IssueUnit::Transaction;
  per_sector.lsu.transaction_issue_cycles = 33;
  EXPECT_EQ(lone_transaction(per_sector, 32).time, 1000u + 202);
}

TEST(FixedMemory, OnMaxwellACoalescedLoadsSectorsLeaveTogether) {
  // Maxwell sends one 128-byte line per LSU pass (lsu.issue_unit, §4.3), so the 4 sectors of a
  // coalesced access depart at issue and each takes Table 6.2's whole latency.
  EXPECT_EQ(lone_transaction(maxwell(), 32).time, 1000u + 368);
}

TEST(FixedMemory, OneWarpAccessDoesNotQueueOnAOneSmShare) {
  // G80 at 1/16 of the device: a coalesced access is 2 half-warp transactions of 64 bytes, 6.7
  // cycles apart (Table 6.7), while the share moves 64 bytes in ~19 cycles. Up to one warp access
  // (128 bytes) runs ahead of the share's rate, so both take the unloaded latency exactly (the
  // basic model at 1 warp/SM, Table 6.2); the access after them waits for the rate.
  config::HwConfig c = test::builtin("g80");
  c.memory.model = config::MemoryModelKind::Fixed;
  FixedMemory m({&c, 1, 1});
  const uint64_t latency = static_cast<uint64_t>(std::llround(m.latency_cycles()));
  m.submit({0, 64, false, 0, 0, 2}, 0);  // the two halves of one 128-byte line
  m.submit({64, 64, false, 0, 1, 2}, 7);
  m.submit({128, 64, false, 0, 2, 2}, 8);  // a third 64 bytes right behind: over the one-access allowance
  std::vector<Completion> done;
  while (done.size() < 3) m.advance(m.next_event_time(), done);
  EXPECT_EQ(done[0].time, latency);
  EXPECT_EQ(done[1].time, 7 + latency);
  EXPECT_GT(done[2].time, 8 + latency);
}

TEST(FixedMemory, ThroughputIsCappedAtThePeakShareOfTheSimulatedSms) {
  const config::HwConfig c = maxwell();
  for (int sms : {16, 1}) {
    FixedMemory m({&c, sms, 1});
    const int n = 20000;
    for (int i = 0; i < n; ++i) m.submit({uint64_t(i) * 32, 32, false, 0, uint32_t(i), 4}, 0);  // 4 sectors per line
    std::vector<Completion> done;
    while (done.size() < size_t(n)) m.advance(m.next_event_time(), done);
    // n transactions of 32 bytes drain at peak x share: bytes per cycle = 211 / 1.266 x sms/16.
    const double cycles = double(done.back().time - done.front().time);
    const double gbps = n * 32.0 / cycles * c.device.core_clock_ghz * c.device.sms / sms;
    EXPECT_NEAR(gbps, 211.0, 211.0 * 0.001) << sms << " SMs";
    for (size_t i = 1; i < done.size(); ++i) ASSERT_LE(done[i - 1].time, done[i].time);
  }
}

TEST(FixedMemory, EachLineTouchedCostsAtLeastTheLineCharge) {
  // Volkov §6.7: fully diverging accesses run 28-33x below streaming, "as if all transactions
  // were never shorter than about 128 bytes". Sectors alone in their line drain at a quarter of
  // the peak in bytes moved; with memory.line_charge_bytes = 0 at the full peak.
  for (int charge : {128, 0}) {
    config::HwConfig c = maxwell();
    c.memory.line_charge_bytes = charge;
    FixedMemory m({&c, 16, 1});
    const int n = 20000;
    for (int i = 0; i < n; ++i) m.submit({uint64_t(i) * 4096, 32, false, 0, uint32_t(i), 1}, 0);
    std::vector<Completion> done;
    while (done.size() < size_t(n)) m.advance(m.next_event_time(), done);
    const double cycles = double(done.back().time - done.front().time);
    const double gbps = n * 32.0 / cycles * c.device.core_clock_ghz;
    EXPECT_NEAR(gbps, charge ? 211.0 / 4 : 211.0, 211.0 * 0.001) << charge;
  }
}

TEST(FixedMemory, ClosedLoopFollowsTheBasicModelAndLittlesLaw) {
  // Basic model (Volkov §4.2, alpha = 0): throughput = min(n / latency, peak), sharp knee.
  const config::HwConfig c = maxwell();
  const double peak_ipc = 211.0 / (128 * c.device.sms * c.device.core_clock_ghz);
  for (int n : {8, 16, 48}) {
    ClosedLoopSpec s;
    s.config = &c;
    s.warps_per_sm = n;
    s.measure_cycles = 60000;
    const ClosedLoopResult r = run_closed_loop(s);
    EXPECT_NEAR(r.ipc_per_sm, std::min(n / 368.0, peak_ipc), 0.01 * peak_ipc) << n;
    // Little's law for a closed loop: warps in flight = throughput x latency.
    EXPECT_NEAR(r.ipc_per_sm * r.mean_latency, n, 0.02 * n) << n;
  }
}

}  // namespace
}  // namespace warpsim::mem
