#include <gtest/gtest.h>

#include "common/user_error.h"
#include "config/loader.h"
#include "device/occupancy.h"
#include "isa/generators.h"
#include "support/fixture_configs.h"

namespace warpsim::device {
namespace {
isa::Kernel adds() { return isa::generate(*isa::find_generator("homogeneous"), {{"op", "add"}, {"count", "64"}}); }
}  // namespace

TEST(Occupancy, KeplerSharedMemoryGranularityFollowsSection5_7) {
  // 3072 B per block -> 16 blocks; 3073 B rounds up to 3328 B -> 14 blocks (Volkov §5.7).
  const auto cfg = test::kepler_like();
  isa::Kernel k = adds();
  k.launch.threads_per_block = 32;
  k.launch.shared_memory_per_block = 3072;
  EXPECT_EQ(realize_launch(cfg, k, 16, 1).blocks_per_sm, 16);
  k.launch.shared_memory_per_block = 3073;
  EXPECT_THROW(realize_launch(cfg, k, 15, 1), UserError);
  EXPECT_EQ(realize_launch(cfg, k, 14, 1).blocks_per_sm, 14);
}

TEST(Occupancy, SeventeenWarpsOnKeplerIsOneBlockOfSeventeen) {
  // 17 one-warp blocks exceed Kepler's 16 blocks/SM; 17 is prime: one block of 17 warps (§5.8).
  const LaunchRealization r = realize_launch(test::kepler_like(), adds(), 17, 1);
  EXPECT_EQ(r.blocks_per_sm, 1);
  EXPECT_EQ(r.block_threads, 17 * 32);
  EXPECT_EQ(r.limited_by, "shared memory");
}

TEST(Occupancy, RealisedSharedMemoryAdmitsExactlyTheTargetBlocks) {
  const auto cfg = test::kepler_like();
  for (int n : {2, 3, 5, 6, 8, 12, 24, 40}) {
    const LaunchRealization r = realize_launch(cfg, adds(), n, 1);
    EXPECT_EQ(r.warps_per_sm, n);
    const int alloc = (r.shared_memory_per_block + 255) / 256 * 256;
    if (r.limited_by == "shared memory") {
      EXPECT_EQ(cfg.sm.shared_memory_bytes / alloc, r.blocks_per_sm) << n;
    }
  }
}

TEST(Occupancy, MaxwellCannotHoldOneBlockBySharedMemorySoLaunchesOneWave) {
  // 96 KB per SM but at most 48 KB per block (Volkov §5.7): one wave of blocks instead.
  const LaunchRealization r = realize_launch(test::maxwell_like(), adds(), 1, 16);
  EXPECT_EQ(r.limited_by, "grid size (one wave)");
  EXPECT_EQ(r.total_blocks, 16);
}

TEST(Occupancy, AFixedGridKeepsItsBlockCountWhenTheSmCannotBeHeldToOneBlock) {
  // One warp on the whole device (Volkov §6.7) on Maxwell: the one-wave fallback must not turn a
  // fixed grid of 1 block into one block per SM (it did: 16 warps then shared the memory system).
  isa::Kernel k = adds();
  k.launch.grid = isa::GridKind::Fixed;
  k.launch.blocks = 1;
  const LaunchRealization r = realize_launch(test::maxwell_like(), k, 1, 16);
  EXPECT_EQ(r.limited_by, "grid size (one wave)");
  EXPECT_EQ(r.total_blocks, 1);
}

// A measured grid (device_blocks): a share of the SMs runs its share of it, never less than a wave.
TEST(Occupancy, ADeviceGridIsSharedOutAsTheSmsAre) {
  const auto cfg = test::kepler_like();
  isa::Kernel k = adds();
  k.launch.threads_per_block = 32;
  k.launch.device_blocks = 100 * cfg.device.sms;
  EXPECT_EQ(realize_launch(cfg, k, 4, 1).total_blocks, 100);
  EXPECT_EQ(realize_launch(cfg, k, 4, cfg.device.sms).total_blocks, 100 * cfg.device.sms);
  k.launch.device_blocks = 1;  // less than a wave: one wave of the resident blocks
  EXPECT_EQ(realize_launch(cfg, k, 4, 1).total_blocks, 4);
}

// Message of the UserError realize_launch throws, or "".
std::string launch_error(const config::HwConfig& cfg, const isa::Kernel& k, int warps) {
  try {
    realize_launch(cfg, k, warps, 1);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(Occupancy, ABlockNoSmCanHoldIsTheWorkloadsErrorAtItsLaunchLine) {
  // Named at the `.launch` line and key, not as a --warps that cannot be realised.
  const auto cfg = test::kepler_like();
  isa::Kernel k = adds();
  k.source = "k.wl";
  k.launch.line = 3;
  k.launch.threads_per_block = 2 * cfg.sm.max_threads_per_block;
  EXPECT_NE(launch_error(cfg, k, cfg.sm.max_warps).find("k.wl:3: threads_per_block: a block of"), std::string::npos);
  k.launch.threads_per_block = 64;
  k.launch.shared_memory_per_block = cfg.sm.max_shared_memory_per_block_bytes + 1;
  EXPECT_NE(launch_error(cfg, k, 2).find("k.wl:3: shared_memory_per_block:"), std::string::npos);
  k.launch.shared_memory_per_block = 0;
  k.launch.registers_per_thread = cfg.sm.registers / 64 + 1;  // 2 warps of 32 threads need more than the SM has
  EXPECT_NE(launch_error(cfg, k, 2).find("k.wl:3: registers_per_thread:"), std::string::npos);
  k.launch.registers_per_thread = cfg.sm.registers / 64;  // exactly one block of 2 warps: fits
  EXPECT_EQ(launch_error(cfg, k, 2), "");
  // A partial warp would run with every lane active: refused instead.
  k.launch.registers_per_thread = 0;
  k.launch.threads_per_block = 48;
  EXPECT_NE(launch_error(cfg, k, 2).find("k.wl:3: threads_per_block: 48 threads are not a whole number of 32-thread warps"),
            std::string::npos)
      << launch_error(cfg, k, 2);
  EXPECT_NE(launch_error(cfg, k, 2).find("make the block 32 or 64 threads"), std::string::npos);
}

TEST(Occupancy, MoreWarpsThanTheSmHoldsIsABadInput) { EXPECT_THROW(realize_launch(test::maxwell_like(), adds(), 65, 1), UserError); }

// The warpsim CUDA suite's plan (validation/microbench, microbench_occupancy.cpp): blocks of
// gcd(warps, schedulers) warps, each taking the largest share of the SM's shared memory of which
// exactly that many fit, also at 64 warps/SM where the warp limit holds them anyway. The launches
// its H100 SXM5 rows name (validation/microbench/results/h100_sxm_2026-11-23, the notes of
// mb.homogeneous.random.8mb.w1/w32/w64 and mb.homogeneous.add.ilp1.w6).
TEST(Occupancy, FillingSharedMemoryRealisesTheSuitesLaunches) {
  const config::HwConfig h100 = config::load_hw_config("h100_sxm", {});
  isa::Kernel k = adds();
  k.launch.fill_shared_memory = true;
  const struct { int warps, block_warps, dynamic_smem; } rows[] = {{1, 1, 232448}, {6, 2, 76800}, {32, 4, 28160}, {64, 4, 13568}};
  for (const auto& row : rows) {
    const LaunchRealization r = realize_launch(h100, k, row.warps, 1);
    EXPECT_EQ(r.warps_per_sm, row.warps);
    EXPECT_EQ(r.block_threads, 32 * row.block_warps) << row.warps;
    EXPECT_EQ(r.shared_memory_per_block, row.dynamic_smem) << row.warps;
  }
  // Without the plan the smallest blocks, and no allocation where warps or blocks already limit.
  k.launch.fill_shared_memory = false;
  const LaunchRealization plain = realize_launch(h100, k, 64, 1);
  EXPECT_EQ(plain.shared_memory_per_block, 0);
}

}  // namespace warpsim::device
