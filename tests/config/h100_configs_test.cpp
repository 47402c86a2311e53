// The H100 configs (hw_configs/h100_*.yaml): they load, and their vendor numbers agree with each
// other the way the hardware does.
#include <gtest/gtest.h>

#include <cmath>

#include "microbench_occupancy.h"
#include "support/suite_limits.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

// HBM transfers on both clock edges: GB/s = bus bits x 2 x MHz / 8 / 1000.
double pin_gbps(const HwConfig& c) { return c.memory.bus_width_bits * 2.0 * c.memory.memory_clock_mhz / 8.0 / 1000.0; }

TEST(H100Configs, PinBandwidthIsBusWidthTimesDoubleDataRate) {
  const HwConfig sxm = test::builtin("h100_sxm");
  const HwConfig pcie = test::builtin("h100_pcie");
  EXPECT_NEAR(pin_gbps(sxm), sxm.memory.pin_bandwidth_gbps, 0.001 * sxm.memory.pin_bandwidth_gbps);     // 3352 GB/s
  EXPECT_NEAR(pin_gbps(pcie), pcie.memory.pin_bandwidth_gbps, 0.001 * pcie.memory.pin_bandwidth_gbps);  // 2039 GB/s
  EXPECT_LE(sxm.memory.peak_gbps, sxm.memory.pin_bandwidth_gbps);
  EXPECT_LE(pcie.memory.peak_gbps, pcie.memory.pin_bandwidth_gbps);
}

TEST(H100Configs, VariantsDifferInSmsClockAndMemoryOnly) {
  const HwConfig sxm = test::builtin("h100_sxm");
  const HwConfig pcie = test::builtin("h100_pcie");
  EXPECT_EQ(sxm.device.sms, 132);
  EXPECT_EQ(pcie.device.sms, 114);
  EXPECT_EQ(sxm.gpu.generation, Generation::Hopper);
  EXPECT_EQ(pcie.gpu.generation, Generation::Hopper);
  EXPECT_EQ(pcie.sm.shared_memory_bytes, sxm.sm.shared_memory_bytes);  // same GH100 SM
  EXPECT_EQ(pcie.alu.latency_cycles, sxm.alu.latency_cycles);
  EXPECT_EQ(pcie.smem.latency_cycles, sxm.smem.latency_cycles);
  EXPECT_EQ(pcie.lsu.coalescing, CoalescingRule::Sector32);
  EXPECT_EQ(sxm.memory.dram_type, "HBM3");
  EXPECT_EQ(pcie.memory.dram_type, "HBM2e");
}

TEST(H100Configs, SmResourcesMatchTheWhitepaperPerSmCounts) {
  const HwConfig c = test::builtin("h100_sxm");
  EXPECT_EQ(c.scheduler.count * c.alu.ops_per_cycle, 128);  // FP32 cores per SM
  EXPECT_EQ(c.scheduler.count * c.sfu.ops_per_cycle, 16);   // SFU results per clock per SM
  EXPECT_EQ(c.scheduler.count * c.scheduler.max_warps, c.sm.max_warps);
  EXPECT_EQ(c.sm.registers * 4, 256 * 1024);  // 256 KB register file
  EXPECT_EQ(c.sm.max_shared_memory_per_block_bytes + c.sm.shared_memory_block_overhead_bytes, c.sm.shared_memory_bytes);
}

TEST(H100Configs, TheMicrobenchmarksCanRealiseTheirSweptOccupanciesOnThem) {
  // The suite's occupancy plans (Volkov §5.7) with the limits the config states: 1-16 warps/SM and
  // every even number up to 64 (the dense sweep). A prime above 32, e.g. 37, needs 37 equal blocks
  // (more than 32 per SM) or one block of 37 warps (more than 32 per block): not realisable.
  const HwConfig c = test::builtin("h100_sxm");
  const validation::SmLimits l = test::suite_limits(c);
  for (int w = 1; w <= c.sm.max_warps; ++w) {
    if (w > 16 && w % 2 != 0) continue;
    const auto p = validation::plan_occupancy(w, l, 256);
    ASSERT_TRUE(p.has_value()) << w;
    EXPECT_EQ(p->blocks_per_sm * p->block_warps, w);
    EXPECT_EQ(validation::blocks_fitting(l, p->dynamic_shared_bytes) >= p->blocks_per_sm, true) << w;
  }
  EXPECT_FALSE(validation::plan_occupancy(37, l, 256).has_value());
}

}  // namespace
}  // namespace warpsim::config
