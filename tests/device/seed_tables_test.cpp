// Volkov 2016 ch. 6 measured on the simulator by the seed's own method (§6.1): peak throughput
// is the best over occupancies, latency the smallest warp latency per repeated instruction,
// needed occupancy the smallest reaching the peak. Hardware parameters come from the built-in
// configs; these tables are what the mechanisms must reproduce.
#include <gtest/gtest.h>

#include <map>

#include "common/user_error.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "support/test_support.h"

namespace warpsim::device {
namespace {

const std::vector<std::string> kGpus{"g80", "gt200", "fermi", "kepler", "maxwell"};
const std::vector<std::string> kOps{"add", "sfu", "smem", "smem2"};

// Volkov Tables 6.1 (ops/cycle/scheduler), 6.2 (cycles), 6.3 (warps/scheduler), columns add,
// SFU, smem, smem2.
const std::map<std::string, std::array<double, 4>> kTable6_1{
    {"g80", {8, 2, 6, 3}}, {"gt200", {8, 2, 8, 4}}, {"fermi", {16, 2, 8, 4}}, {"kepler", {32, 8, 8, 4}}, {"maxwell", {32, 8, 8, 4}}};
const std::map<std::string, std::array<double, 4>> kTable6_2{{"g80", {20, 32, 38, 54}},
                                                             {"gt200", {24, 34, 40, 56}},
                                                             {"fermi", {18, 22, 26, 58}},
                                                             {"kepler", {9, 9, 24, 56}},
                                                             {"maxwell", {6, 13, 24, 26}}};
const std::map<std::string, std::array<double, 4>> kTable6_3{
    {"g80", {5, 2, 9, 6}}, {"gt200", {6, 3, 11, 8}}, {"fermi", {9, 1.5, 6.5, 7.5}}, {"kepler", {9, 3, 6, 7}}, {"maxwell", {6, 4, 8, 3.75}}};

Result run(const config::HwConfig& cfg, const std::string& op, int warps, int count = 1024) {
  RunOptions o;
  o.warps_per_sm = warps;
  o.sms = 1;
  return simulate(cfg, isa::generate(*isa::find_generator("homogeneous"), {{"op", op}, {"count", std::to_string(count)}}), o);
}

bool realisable(const config::HwConfig& cfg, int n) {
  try {
    run(cfg, "add", n, 1);
    return true;
  } catch (const UserError&) {
    return false;
  }
}

}  // namespace

TEST(SimulatedSeedTables, Table6_1PeakThroughputWithinTwoPercentOnAllFiveGpus) {
  for (const auto& g : kGpus) {
    const auto cfg = test::builtin(g);
    for (size_t i = 0; i < kOps.size(); ++i) {
      const double peak = run(cfg, kOps[i], cfg.sm.max_warps).ops_per_cycle_per_scheduler;
      EXPECT_NEAR(peak, kTable6_1.at(g)[i], 0.02 * kTable6_1.at(g)[i]) << g << " " << kOps[i];
    }
  }
}

TEST(SimulatedSeedTables, Table6_2LatenciesWithinOneCycleOnAllFiveGpus) {
  for (const auto& g : kGpus) {
    const auto cfg = test::builtin(g);
    for (size_t i = 0; i < kOps.size(); ++i) {
      double best = 1e18;  // smallest warp latency per instruction over occupancies (§6.1)
      for (int n : {1, 2, 3}) best = std::min(best, run(cfg, kOps[i], n).mean_warp_latency / 1024);
      EXPECT_NEAR(best, kTable6_2.at(g)[i], 1.0) << g << " " << kOps[i];
    }
  }
}

// A native_cos chain (op=cos: RRO.SINCOS on the CUDA cores, then MUFU.COS) takes the add latency
// plus the SFU latency of Table 6.2 per cosine at one warp: Kepler 9 + 9 = 18 and Fermi 18 + 22 =
// 40, Lemeire 2016 Table II's Λ of its special function on those generations (the EXIT adds under
// a cycle per warp). Not Maxwell, where a result reaches a CUDA-core consumer and another unit at
// different times (§4.7).
TEST(SimulatedSeedTables, ACosineChainTakesTheAddLatencyPlusTheSfuLatency) {
  for (const std::string g : {"g80", "gt200", "fermi", "kepler"}) {
    const auto cfg = test::builtin(g);
    EXPECT_NEAR(run(cfg, "cos", 1, 512).mean_warp_latency / 512, kTable6_2.at(g)[0] + kTable6_2.at(g)[1], 0.01) << g;
  }
}

TEST(SimulatedSeedTables, Table6_3NeededOccupancyWithinOneWarpPerScheduler) {
  // Smallest occupancy reaching 99% of the peak (§6.1: "over 99%"), with warps long enough
  // (4096 instructions) that the block launch gap is ~1% as in the seed's long-running kernels.
  // Maxwell smem is the value the seed itself calls odd (§6.1: 92% at 24 warps, "a feature of
  // experimental setup"); the simulator reaches the peak at 24 warps = 6 per scheduler, as
  // latency x throughput predicts. Only a window around the table's value is scanned; the run
  // just below the window must not reach the peak, so "smallest" is still checked.
  for (const auto& g : kGpus) {
    const auto cfg = test::builtin(g);
    const double sched = cfg.scheduler.count;
    for (size_t i = 0; i < kOps.size(); ++i) {
      const double expected = (g == "maxwell" && kOps[i] == "smem") ? 6.0 : kTable6_3.at(g)[i];
      const double peak = run(cfg, kOps[i], cfg.sm.max_warps, 4096).ops_per_cycle_per_scheduler;
      auto reaches = [&](int n) { return realisable(cfg, n) && run(cfg, kOps[i], n, 4096).ops_per_cycle_per_scheduler >= 0.99 * peak; };
      const int lo = std::max(1, static_cast<int>((expected - 1) * sched) - 1);
      if (lo > 1) {
        EXPECT_FALSE(reaches(lo)) << g << " " << kOps[i] << " reaches the peak below the window";
      }
      int needed = 0;
      for (int n = lo + 1; n <= cfg.sm.max_warps && !needed; ++n)
        if (reaches(n)) needed = n;
      EXPECT_NEAR(needed / sched, expected, 1.0) << g << " " << kOps[i];
    }
  }
}

TEST(SimulatedSeedTables, SharedMemoryThroughputStaysAtThePeakAboveTheNeededOccupancy) {
  // Fermi's two schedulers share one shared-memory unit. An arbiter that favoured one of them
  // left its partner's warps 30% behind, so blocks (whose slots refill only when their last warp
  // ends) ran part-empty: 90% of the peak at 18-22 warps/SM after 96% at 14. A round-robin
  // arbiter keeps the peak once it is reached (Table 6.3: 7.5 warps/scheduler, then flat).
  const auto cfg = test::builtin("fermi");
  const double peak = run(cfg, "smem2", cfg.sm.max_warps, 256).ops_per_cycle_per_scheduler;
  for (int n = 16; n <= cfg.sm.max_warps; n += 2) {
    if (!realisable(cfg, n)) continue;
    EXPECT_GE(run(cfg, "smem2", n, 256).ops_per_cycle_per_scheduler, 0.98 * peak) << n << " warps/SM";
  }
}

TEST(SimulatedSeedTables, Section5_8SeventeenWarpsInOneBlockLoseAboutFifteenPercentOnKepler) {
  // rsqrt on Kepler, 1 block of 17 warps over 4 schedulers: 5 warps on one scheduler finish last,
  // occupancy sags, and throughput falls ~15% below 12 or 16 warps/SM (§5.8, Figure 5.2).
  const auto cfg = test::builtin("kepler");
  const double at12 = run(cfg, "sfu", 12, 4096).ops_per_cycle_per_scheduler;
  const double at16 = run(cfg, "sfu", 16, 4096).ops_per_cycle_per_scheduler;
  const Result r17 = run(cfg, "sfu", 17, 4096);
  EXPECT_EQ(r17.launch.blocks_per_sm, 1);
  EXPECT_NEAR(r17.ops_per_cycle_per_scheduler / at12, 0.85, 0.04);
  EXPECT_NEAR(r17.ops_per_cycle_per_scheduler / at16, 0.85, 0.04);
  EXPECT_LT(r17.mean_occupancy, 17 * 0.9);  // the timeline shows the imbalance
}

}  // namespace warpsim::device
