// The built-in GPU configs: they load, validate, are listed, and carry the numbers of the seed
// tables (Volkov 2016, chapters 2, 4 and 6). Each expected number is copied from the table named.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "config/loader.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

const char* const kSeedGpus[] = {"g80", "gt200", "fermi", "kepler", "maxwell"};

TEST(BuiltinConfigs, EveryBuiltinLoadsAndPassesValidation) {
  const auto gpus = builtin_gpus();
  ASSERT_GE(gpus.size(), 6u);
  for (const auto& g : gpus) {
    SCOPED_TRACE(g.path);
    HwConfig c;
    ASSERT_NO_THROW(c = load_hw_config(g.name));
    EXPECT_EQ(c.gpu.name, g.name);
    EXPECT_NO_THROW(validate(c));
  }
}

TEST(BuiltinConfigs, ListsTheFiveSeedGpusAndTheToy) {
  std::set<std::string> names;
  for (const auto& g : builtin_gpus()) names.insert(g.name);
  for (const char* n : kSeedGpus) EXPECT_TRUE(names.count(n)) << n;
  EXPECT_TRUE(names.count("toy"));
}

TEST(BuiltinConfigs, GpuNamesAreUniqueSoEveryNameMeansOneFile) {
  std::set<std::string> seen;
  for (const auto& g : builtin_gpus()) EXPECT_TRUE(seen.insert(g.name).second) << "duplicate gpu.name " << g.name;
}

// Table 2.6 (SMs, schedulers, CUDA cores and SFUs per SM) and Table 2.7 (clocks, pin bandwidth).
TEST(SeedTables, SmsSchedulersAndUnitsMatchTable2_6) {
  struct Row {
    const char* gpu;
    int sms, schedulers, cores, sfus;
  };
  const Row rows[] = {
      {"g80", 16, 1, 8, 2}, {"gt200", 30, 1, 8, 2}, {"fermi", 15, 2, 32, 4}, {"kepler", 8, 4, 192, 32}, {"maxwell", 16, 4, 128, 32}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_EQ(c.device.sms, r.sms);
    EXPECT_EQ(c.scheduler.count, r.schedulers);
    EXPECT_DOUBLE_EQ(c.alu.ops_per_cycle * c.scheduler.count, r.cores);  // ops/cycle/scheduler x schedulers
    EXPECT_DOUBLE_EQ(c.sfu.ops_per_cycle * c.scheduler.count, r.sfus);
  }
}

TEST(SeedTables, ClockRatesAndPinBandwidthsMatchTable2_7) {
  struct Row {
    const char* gpu;
    double clock_ghz, pin_gbps;
  };
  const Row rows[] = {
      {"g80", 1.35, 86.4}, {"gt200", 1.296, 141.7}, {"fermi", 1.4, 177.4}, {"kepler", 1.124, 192.3}, {"maxwell", 1.266, 224}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_DOUBLE_EQ(c.device.core_clock_ghz, r.clock_ghz);
    EXPECT_DOUBLE_EQ(c.memory.pin_bandwidth_gbps, r.pin_gbps);
  }
}

// Volkov §2.8: pin bandwidth = memory clock x data pins x 2 (double data rate). The vendor's bus
// width and clock must reproduce Table 2.7; the tables round to 4 digits, so 1% is generous.
TEST(SeedTables, PinBandwidthIsBusWidthTimesDataRateWithinOnePercent) {
  for (const char* gpu : kSeedGpus) {
    SCOPED_TRACE(gpu);
    const HwConfig c = test::builtin(gpu);
    const double gbps = c.memory.bus_width_bits / 8.0 * c.memory.memory_clock_mhz * 2 / 1000;
    EXPECT_NEAR(gbps, c.memory.pin_bandwidth_gbps, 0.01 * c.memory.pin_bandwidth_gbps);
    EXPECT_EQ(c.memory.bus_width_bits / c.memory.controllers, 64) << "every controller of these GPUs is 64 bits wide";
  }
}

TEST(SeedTables, SchedulerParametersMatchTable2_8) {
  struct Row {
    const char* gpu;
    int warps_per_sm, warps_per_scheduler, issue_cycles, width;
  };
  // Width: the GTX 480 single-issues (Table 2.8 note); Maxwell dual-issues per §2.9.
  const Row rows[] = {
      {"g80", 24, 24, 2, 1}, {"gt200", 32, 32, 2, 1}, {"fermi", 48, 24, 2, 1}, {"kepler", 64, 16, 1, 2}, {"maxwell", 64, 16, 1, 2}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_EQ(c.sm.max_warps, r.warps_per_sm);
    EXPECT_EQ(c.scheduler.max_warps, r.warps_per_scheduler);
    EXPECT_EQ(c.scheduler.cycles_per_issue, r.issue_cycles);
    EXPECT_EQ(c.scheduler.width, r.width);
  }
}

TEST(SeedTables, SharedMemoryUnitsMatchTable2_5) {
  struct Row {
    const char* gpu;
    int banks, bank_bits, cycles;
    bool half_warp;
  };
  const Row rows[] = {{"g80", 16, 32, 2, true},
                      {"gt200", 16, 32, 2, true},
                      {"fermi", 32, 32, 2, false},
                      {"kepler", 32, 64, 1, false},
                      {"maxwell", 32, 32, 1, false}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_EQ(c.smem.banks, r.banks);
    EXPECT_EQ(c.smem.bank_width_bytes * 8, r.bank_bits);
    EXPECT_EQ(c.smem.cycles_per_access, r.cycles);
    EXPECT_EQ(c.smem.half_warp, r.half_warp);
  }
}

// Table 6.2; smem2 (2-way bank conflict) = smem + one replay (§6.2).
TEST(SeedTables, RegisterDependencyLatenciesMatchTable6_2) {
  struct Row {
    const char* gpu;
    int add, sfu, smem, smem2, stream;
  };
  const Row rows[] = {{"g80", 20, 32, 38, 54, 444},
                      {"gt200", 24, 34, 40, 56, 434},
                      {"fermi", 18, 22, 26, 58, 513},
                      {"kepler", 9, 9, 24, 56, 301},
                      {"maxwell", 6, 13, 24, 26, 368}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_EQ(c.alu.latency_cycles, r.add);
    EXPECT_EQ(c.sfu.latency_cycles, r.sfu);
    EXPECT_EQ(c.smem.latency_cycles, r.smem);
    EXPECT_EQ(c.smem.latency_cycles + c.smem.replay_latency_cycles, r.smem2);
    EXPECT_EQ(c.memory.latency_cycles, r.stream);
  }
}

// Table 6.1, peak throughputs in ops/cycle per scheduler without ILP. A dependent chain cannot
// dual-issue, so a pipe reaches min(its units, 32 ops per issue slot); shared memory reaches
// its bank rate (banks / cycles per access, per SM) unless a lower rate was measured (G80).
TEST(SeedTables, PeakThroughputsWithoutIlpFollowTable6_1) {
  struct Row {
    const char* gpu;
    double add, sfu, smem;
  };
  const Row rows[] = {{"g80", 8, 2, 6}, {"gt200", 8, 2, 8}, {"fermi", 16, 2, 8}, {"kepler", 32, 8, 8}, {"maxwell", 32, 8, 8}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    const double issue = 32.0 / c.scheduler.cycles_per_issue;
    EXPECT_DOUBLE_EQ(std::min(c.alu.ops_per_cycle, issue), r.add);
    EXPECT_DOUBLE_EQ(std::min(c.sfu.ops_per_cycle, issue), r.sfu);
    double smem_per_sm = static_cast<double>(c.smem.banks) / c.smem.cycles_per_access;
    if (c.smem.measured_ops_per_cycle > 0) smem_per_sm = std::min(smem_per_sm, c.smem.measured_ops_per_cycle);
    EXPECT_DOUBLE_EQ(smem_per_sm / c.scheduler.count, r.smem);
  }
}

// Table 6.4 (GB/s) and the same peak as Table 4.1's mem_thru in IPC/SM: GB/s / (SMs x GHz x
// 128 B per coalesced warp load). Table 4.1 has 3-4 significant digits: 1%.
TEST(SeedTables, StreamingPeakMatchesTable6_4AndTable4_1) {
  struct Row {
    const char* gpu;
    double peak_gbps, mem_thru_ipc_per_sm;
  };
  const Row rows[] = {
      {"g80", 74, 0.0268}, {"gt200", 138, 0.0277}, {"fermi", 161, 0.0599}, {"kepler", 154, 0.1338}, {"maxwell", 211, 0.0814}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_DOUBLE_EQ(c.memory.peak_gbps, r.peak_gbps);
    const double ipc = c.memory.peak_gbps / (c.device.sms * c.device.core_clock_ghz * 128);
    EXPECT_NEAR(ipc, r.mem_thru_ipc_per_sm, 0.01 * r.mem_thru_ipc_per_sm);
  }
}

// Table 4.1: alu_thru and issue_thru in IPC/SM, "single-issue factored into both" (§4.1).
TEST(SeedTables, ArithmeticAndIssueThroughputsMatchTable4_1) {
  struct Row {
    const char* gpu;
    double alu_thru, issue_thru;
    int alu_lat, mem_lat;
  };
  const Row rows[] = {{"g80", 0.25, 0.5, 20, 444},
                      {"gt200", 0.25, 0.5, 24, 434},
                      {"fermi", 1, 1, 18, 513},
                      {"kepler", 4, 4, 9, 301},
                      {"maxwell", 4, 4, 6, 368}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    const double issue = static_cast<double>(c.scheduler.count) / c.scheduler.cycles_per_issue;
    EXPECT_DOUBLE_EQ(issue, r.issue_thru);
    EXPECT_DOUBLE_EQ(std::min(c.alu.ops_per_cycle * c.scheduler.count / 32, issue), r.alu_thru);
    EXPECT_EQ(c.alu.latency_cycles, r.alu_lat);
    EXPECT_EQ(c.memory.latency_cycles, r.mem_lat);
  }
}

TEST(SeedTables, MemoryContentionFitsMatchTable6_5) {
  struct Row {
    const char* gpu;
    double a, b, c;
  };
  const Row rows[] = {
      {"g80", 453, 61, 81}, {"gt200", 438, 17, 140}, {"fermi", 501, 41, 170}, {"kepler", 300, 32, 170}, {"maxwell", 372, 22, 221}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_DOUBLE_EQ(c.memory.contention_a_cycles, r.a);
    EXPECT_DOUBLE_EQ(c.memory.contention_b_cycles, r.b);
    EXPECT_DOUBLE_EQ(c.memory.contention_c_gbps, r.c);
    EXPECT_LT(c.memory.peak_gbps, c.memory.contention_c_gbps) << "the fit's asymptote lies above the sustained peak";
  }
}

TEST(SeedTables, TransactionIssueLatencyAndCoalescingMatchTable6_7AndSection2_5) {
  // Table 6.7 counts the extra transactions of a fully diverging access over a coalesced one
  // (32 - 2, 32 - 1, 32 - 4). G80-Fermi issue one transaction per LSU pass: the table's value.
  // Maxwell issues one 128-byte line per pass (§4.3, mem/coalescer.h), and Kepler, whose L2 serves
  // sectors of lines as Maxwell's, likewise: the same latency difference (Table 6.2 random -
  // stream) over 31 extra lines.
  struct Row {
    const char* gpu;
    double table_6_7;
    CoalescingRule rule;
    double stream, random;
  };
  const Row rows[] = {{"g80", 6.7, CoalescingRule::G80, 444, 644},
                      {"gt200", 7.6, CoalescingRule::GT200, 434, 662},
                      {"fermi", 34, CoalescingRule::Fermi, 513, 1571},
                      {"kepler", 33, CoalescingRule::Sector32, 301, 1213},
                      {"maxwell", 5.9, CoalescingRule::Sector32, 368, 534}};
  for (const auto& r : rows) {
    SCOPED_TRACE(r.gpu);
    const HwConfig c = test::builtin(r.gpu);
    EXPECT_EQ(c.lsu.coalescing, r.rule);
    if (c.lsu.issue_unit == config::IssueUnit::Transaction) {
      EXPECT_DOUBLE_EQ(c.lsu.transaction_issue_cycles, r.table_6_7);
      continue;
    }
    EXPECT_TRUE(std::string(r.gpu) == "maxwell" || std::string(r.gpu) == "kepler");
    EXPECT_NEAR(r.stream + 31 * c.lsu.transaction_issue_cycles, r.random, 1.0);
    EXPECT_NEAR(31 * c.lsu.transaction_issue_cycles, 28 * r.table_6_7, 0.02 * 28 * r.table_6_7);
  }
}

}  // namespace
}  // namespace warpsim::config
