// `--set key=value`: any schema field, applied after the file and its overlays, checked like YAML.
#include <gtest/gtest.h>

#include <string>

#include "config/config_test_util.h"
#include "config/loader.h"
#include "isa/op_class.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

using test::config_yaml;
using test::find_diagnostic;
using test::load_errors;

// The schema allows 4096 warps per SM; the simulator holds at most 64 per scheduler (one 64-bit
// mask): beyond that a config is bad input, not an internal error at the first run.
TEST(SetOverrides, MoreThan64WarpsPerSchedulerIsRejectedAtLoad) {
  try {
    load_hw_config("kepler", {"sm.max_warps=257", "scheduler.max_warps=65"});
    ADD_FAILURE() << "accepted 257 warps over 4 schedulers";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("sm.max_warps: 257 warps over 4 schedulers is more than the 64 warps per scheduler"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(load_hw_config("kepler", {"sm.max_warps=256", "scheduler.max_warps=64"}).sm.max_warps, 256);
}

TEST(SetOverrides, IntDoubleBoolAndChoiceValuesApplyAfterTheFile) {
  const HwConfig c =
      load_hw_config("kepler", {"scheduler.count=2", "scheduler.max_warps=32", "device.core_clock_ghz=1.5", "smem.half_warp=true",
                                "scheduler.policy=two_level", "lsu.coalescing=fermi", "scheduler.issue_cycles.ld=8"});
  EXPECT_EQ(c.scheduler.count, 2);
  EXPECT_EQ(c.scheduler.max_warps, 32);
  EXPECT_DOUBLE_EQ(c.device.core_clock_ghz, 1.5);
  EXPECT_TRUE(c.smem.half_warp);
  EXPECT_EQ(c.scheduler.policy, SchedulerPolicy::TwoLevel);
  EXPECT_EQ(c.lsu.coalescing, CoalescingRule::Fermi);
  EXPECT_EQ(c.scheduler.issue_cycles[isa::index(isa::OpClass::Load)], 8);
  EXPECT_EQ(c.alu.latency_cycles, 9) << "fields not set keep the file's value";
}

TEST(SetOverrides, BlanksAroundKeyAndValueAreIgnoredAndTheLastSetWins) {
  const HwConfig c = load_hw_config("maxwell", {" alu.latency_cycles = 7 ", "alu.latency_cycles=8"});
  EXPECT_EQ(c.alu.latency_cycles, 8);
}

TEST(SetOverrides, SetOverridesEveryLayerOfAnOverlay) {
  const HwConfig c = load_hw_config("maxwell_gto", {"scheduler.policy=oldest"});
  EXPECT_EQ(c.scheduler.policy, SchedulerPolicy::Oldest);
}

TEST(SetOverrides, WrongTypeNamesTheKeyTheValueAndWhatWasExpected) {
  const auto ds = load_errors("kepler", {"alu.latency_cycles=fast", "smem.half_warp=1", "device.core_clock_ghz=1.2GHz"});
  ASSERT_EQ(ds.size(), 3u);
  const Diagnostic* d = find_diagnostic(ds, "alu.latency_cycles", "expected an integer, found 'fast'");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "<--set>");
  EXPECT_NE(find_diagnostic(ds, "smem.half_warp", "true or false"), nullptr);
  EXPECT_NE(find_diagnostic(ds, "device.core_clock_ghz", "expected a number"), nullptr);
}

TEST(SetOverrides, UnknownChoiceListsTheValidChoices) {
  const auto ds = load_errors("kepler", {"scheduler.policy=gtoo"});
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_NE(ds[0].message.find("lrr, gto, oldest, two_level"), std::string::npos) << ds[0].message;
}

TEST(SetOverrides, OutOfRangeValueIsRejected) {
  const auto ds = load_errors("kepler", {"scheduler.count=0"});
  ASSERT_NE(find_diagnostic(ds, "scheduler.count", "out of range"), nullptr);
}

TEST(SetOverrides, UnknownKeySuggestsTheClosestKey) {
  const auto ds = load_errors("kepler", {"scheduler.cont=2"});
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].key, "scheduler.cont");
  EXPECT_NE(ds[0].message.find("did you mean 'scheduler.count'"), std::string::npos) << ds[0].message;
}

TEST(SetOverrides, ASectionIsNotASettableKey) {
  const auto ds = load_errors("kepler", {"scheduler=4"});
  ASSERT_NE(find_diagnostic(ds, "scheduler", "unknown key"), nullptr);
}

TEST(SetOverrides, AssignmentWithoutEqualsSignIsAnError) {
  const auto ds = load_errors("kepler", {"scheduler.count"});
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].file, "<--set>");
  EXPECT_EQ(ds[0].key, "scheduler.count");
  EXPECT_NE(ds[0].message.find("expected key=value"), std::string::npos);
}

TEST(SetOverrides, SetSuppliesARequiredFieldTheFileLacks) {
  const std::string p = warpsim::test::write_temp_file("set_required.yaml", config_yaml(load_hw_config("kepler"), {"memory.peak_gbps"}));
  EXPECT_NE(find_diagnostic(load_errors(p), "memory.peak_gbps", "missing required field"), nullptr);
  EXPECT_DOUBLE_EQ(load_hw_config(p, {"memory.peak_gbps=150"}).memory.peak_gbps, 150);
}

TEST(SetOverrides, CrossFieldRulesSeeTheValuesAfterSet) {
  // Kepler: 4 schedulers x 16 warps = 64 = sm.max_warps; one scheduler fewer cannot hold them.
  // The error names the key the --set changed, not the file's scheduler.max_warps.
  const auto ds = load_errors("kepler", {"scheduler.count=3"});
  const Diagnostic* d = find_diagnostic(ds, "scheduler.count", "3 schedulers x 16 warps cannot hold sm.max_warps = 64");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "<--set>");
  // In files, the key the overlay changed is named at its line, not its base's keys of the rule.
  const std::string p = warpsim::test::write_temp_file("set_cross.yaml", "inherits: kepler\nscheduler:\n  count: 3\n");
  const auto in_file = load_errors(p);
  d = find_diagnostic(in_file, "scheduler.count", "cannot hold sm.max_warps");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, p);
  EXPECT_EQ(d->line, 3);
}

TEST(SetOverrides, ARefreshLongerThanHalfItsIntervalIsRejected) {
  // A channel that refreshes most of the time would never serve a request (the `dram` model hung).
  EXPECT_NE(find_diagnostic(load_errors("kepler", {"memory.dram.trefi_ns=100"}), "memory.dram.trefi_ns", "refreshing over half the time"),
            nullptr);
  EXPECT_NE(find_diagnostic(load_errors("kepler", {"memory.dram.trfc_ns=3000"}), "memory.dram.trfc_ns", "refreshing over half the time"),
            nullptr);
  EXPECT_TRUE(load_errors("kepler", {"memory.dram.trefi_ns=130"}).empty());  // 65 ns of 130: allowed
  EXPECT_TRUE(load_errors("kepler", {"memory.dram.trefi_ns=0"}).empty());    // no refresh
}

TEST(SetOverrides, ARowCycleThatCannotFitBetweenRefreshesIsRejected) {
  // Each refresh closed the row before its read (the `dram` model livelocked at tRCD = 1 ms).
  // The error names the timing that alone takes over half the refresh interval.
  EXPECT_NE(find_diagnostic(load_errors("kepler", {"memory.dram.trcd_ns=4000"}), "memory.dram.trcd_ns", "does not fit between refreshes"),
            nullptr);
  EXPECT_NE(find_diagnostic(load_errors("kepler", {"memory.dram.trp_ns=3900"}), "memory.dram.trp_ns", "does not fit between refreshes"),
            nullptr);
  EXPECT_TRUE(load_errors("kepler", {"memory.dram.trcd_ns=1800"}).empty());  // 1,800 + 12 + 12 + 65 ns of 1,900
}

TEST(SetOverrides, DramChannelsMustMoveWholeBytesInWholePicoseconds) {
  // Both divided by zero in the `queue` model (SIGFPE) before these checks.
  EXPECT_NE(find_diagnostic(load_errors("g80", {"memory.dram.channels_per_controller=64"}), "memory.dram.channels_per_controller",
                            "moves less than a byte"),
            nullptr);
  // The pins follow the clock (config/pins.h): 256 bits / 8 x 625,000 MHz x 2 = 40,000 GB/s. The
  // error names the key the user set, not the pins derived from it.
  EXPECT_NE(find_diagnostic(load_errors("kepler", {"memory.memory_clock_mhz=625000"}), "memory.memory_clock_mhz", "1250 Gb/s per pin"),
            nullptr);
  EXPECT_TRUE(load_errors("kepler", {"memory.memory_clock_mhz=468750"}).empty());  // 30,000 GB/s, 937.5 Gb/s per pin: allowed
}

}  // namespace
}  // namespace warpsim::config
