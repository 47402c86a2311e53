// The LSU's per-pass latency net of the DRAM model's own diverging-access excess (lsu_calibration.h).
#include <gtest/gtest.h>

#include <cmath>

#include "mem/lsu_calibration.h"
#include "mem/random_traffic.h"

namespace warpsim::mem {
namespace {

constexpr const char* kGpus[] = {"g80", "gt200", "fermi", "kepler", "maxwell"};

TEST(LsuCalibration, ModelsWithoutDramBanksKeepTheTable67Increment) {
  for (const char* gpu : kGpus) {
    for (auto model : {config::MemoryModelKind::Fixed, config::MemoryModelKind::SimGrid}) {
      const config::HwConfig c = test_traffic::model_config(gpu, model);
      EXPECT_EQ(diverging_access_dram_excess_cycles(c), 0.0) << gpu;
      EXPECT_EQ(with_lsu_passes_net_of_dram(c).lsu.transaction_issue_cycles, c.lsu.transaction_issue_cycles) << gpu;
    }
  }
}

TEST(LsuCalibration, DivergingAccessesPayARowOpeningThatTheTableCountsAsIssueLatency) {
  // Each sector of a diverging access opens its own row and touches every channel (a refresh in
  // any of them delays it), where a coalesced load is one row of one channel. On G80 and GT200
  // (GDDR3) the coalesced load's second half-warp finds the row its first opened, and a diverging
  // sector pays tRCD = 15 ns (20-22 cycles) more: the excess is of that order. On Maxwell and
  // Kepler the coalesced load's 4 sectors queue behind each other on one bank (3 x tCCD_L), which
  // offsets tRCD or a little more, and Fermi's coalesced load is one line: their excesses are small.
  for (auto model : {config::MemoryModelKind::Queue, config::MemoryModelKind::Dram}) {
    for (const char* gpu : kGpus) {
      const config::HwConfig c = test_traffic::model_config(gpu, model);
      const double excess = diverging_access_dram_excess_cycles(c);
      EXPECT_GT(excess, -10.0) << gpu;
      EXPECT_LT(excess, 60.0) << gpu;
      if (std::string(gpu) == "g80" || std::string(gpu) == "gt200") {
        EXPECT_GT(excess, 10.0) << gpu;
      }
    }
  }
}

TEST(LsuCalibration, NetIncrementSolvesForTheTableLatencyDifference) {
  // (extra passes) x net + excess(net) = (extra passes) x Table 6.7. The excess jumps by a few
  // cycles where a small change of the departures changes which sectors collide on a bank, so
  // the bisection ends at such a jump: within 8 cycles (1.2% of Table 6.2's random latencies).
  for (auto model : {config::MemoryModelKind::Queue, config::MemoryModelKind::Dram}) {
    for (const char* gpu : kGpus) {
      const config::HwConfig c = test_traffic::model_config(gpu, model);
      const config::HwConfig net = with_lsu_passes_net_of_dram(c);
      const double table = c.lsu.transaction_issue_cycles;
      const double delta = net.lsu.transaction_issue_cycles;
      EXPECT_GE(delta, 0.0) << gpu;
      EXPECT_LT(delta, table + 1.0) << gpu;
      const double excess = diverging_access_dram_excess_cycles(net);
      const int passes = std::string(gpu) == "kepler" ? 28 : std::string(gpu) == "g80" || std::string(gpu) == "gt200" ? 30 : 31;
      EXPECT_NEAR(passes * delta + excess, passes * table, 8.0) << gpu << " net " << delta;
    }
  }
}

TEST(LsuCalibration, IsDeterministic) {
  const config::HwConfig c = test_traffic::model_config("maxwell", config::MemoryModelKind::Queue);
  EXPECT_EQ(with_lsu_passes_net_of_dram(c).lsu.transaction_issue_cycles, with_lsu_passes_net_of_dram(c).lsu.transaction_issue_cycles);
}

}  // namespace
}  // namespace warpsim::mem
