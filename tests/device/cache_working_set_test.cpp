// The latency steps of the cache hierarchy (mem/cache/cached_memory.h) as the working set grows:
// one warp per SM of fully diverging loads on Fermi (L1 16 KB, L2 768 KB, both caching global
// loads) over arrays that fit in the L1, in the L2, and in neither. An access's latency is its
// last line's: the LSU's passes plus the level's latency (L1 104, L2 288: Baghsorkhi 2012 §3;
// memory 513: Volkov Table 6.2).
#include <gtest/gtest.h>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"

namespace warpsim::device {
namespace {

Result random_over(const char* array) {
  RunOptions o;
  o.warps_per_sm = 1;  // on every SM: the whole device's L2 (a share gets its share of it)
  return simulate(config::load_hw_config("fermi", {}),
                  isa::generate(*isa::find_generator("homogeneous"), {{"op", "random"}, {"array", array}, {"count", "1024"}}), o);
}

TEST(CacheWorkingSet, LatencyStepsAtTheL1AndL2Capacities) {
  const Result l1 = random_over("8KB"), l2 = random_over("256KB"), memory = random_over("64MB");
  ASSERT_TRUE(l1.caches.l1 && l1.caches.l2);
  const auto rate = [](uint64_t hits, uint64_t misses) { return static_cast<double>(hits) / static_cast<double>(hits + misses); };
  // Which level serves them: the first touch of each line misses (64 lines in 8 KB, 2048 in 256 KB,
  // out of 32768 loads of a line).
  EXPECT_GT(rate(l1.caches.l1_hit_sectors, l1.caches.l1_miss_sectors), 0.99);
  EXPECT_LT(rate(l2.caches.l1_hit_sectors, l2.caches.l1_miss_sectors), 0.1);
  EXPECT_GT(rate(l2.caches.l2_hit_sectors, l2.caches.l2_miss_sectors), 0.9);
  EXPECT_LT(rate(memory.caches.l2_hit_sectors, memory.caches.l2_miss_sectors), 0.02);
  // The steps. The LSU's passes are calibrated so that the memory case is Table 6.2's random
  // latency (1571); an L2 hit saves the step to it, Table 6.2's stream latency less the L2's
  // (513 - 288), where a lone warp's lines colliding in DRAM add up to 25 cycles more. An L1 hit
  // saves at least 288 - 104 more (8 KB is 64 lines: a warp's 32 random ones repeat, so fewer
  // passes too).
  EXPECT_NEAR(memory.access_latency.mean, 1571, 0.01 * 1571);
  EXPECT_GE(memory.access_latency.mean - l2.access_latency.mean, 513 - 288);
  EXPECT_LE(memory.access_latency.mean - l2.access_latency.mean, 513 - 288 + 25);
  EXPECT_LT(l1.access_latency.mean, l2.access_latency.mean - (288 - 104));
  // The latency histogram tells the loads the caches served from those that went to memory.
  const auto served_by_cache = [](const Result& r) {
    uint64_t all = 0, cached = 0;
    for (const auto& b : r.access_latency_histogram) all += b.count, cached += b.from_cache;
    EXPECT_LE(cached, all);
    return static_cast<double>(cached) / static_cast<double>(all);
  };
  EXPECT_GT(served_by_cache(l1), 0.95);
  EXPECT_GT(served_by_cache(l2), 0.3);  // all 32 of an access's lines must hit: 0.9988^32 at least, less the cold start
  EXPECT_LT(served_by_cache(memory), 0.01);
}

// Volta and later hold the L1 and shared memory in one array (memory.l1.unified_bytes): the
// shared memory a launch's blocks reserve is carved out of the L1. On the H100 (256 KB, L1 at most
// 224 KB in 64 ways of 3.5 KB) 32 one-warp blocks reserving 1 KB each leave the L1 whole; one block
// holding the SM's 227 KB + 1 KB (the suite's plan at 1 warp/SM) leaves 28 KB: 8 ways. One warp
// reads each word of a 64 KB array once in random order (32 chains of 512 links through its 16384
// words). In 224 KB everything stays: only each 32-byte sector's first read misses, 2048 of the
// 16384 (hit rate 7/8). Carved, a read hits only where its line is still among the 224 of 512 held.
TEST(CacheWorkingSet, SharedMemoryTheBlocksReserveIsCarvedOutOfAUnifiedL1) {
  const auto l1_hit_rate = [](int warps_per_sm, bool fill, int smem) {
    isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", "random"}, {"array", "64KB"}, {"count", "512"}});
    k.launch.fill_shared_memory = fill;
    k.launch.grid = isa::GridKind::Fixed;
    k.launch.blocks = 1;
    RunOptions o;
    o.warps_per_sm = warps_per_sm;
    o.sms = 1;
    const Result r = simulate(config::load_hw_config("h100_sxm", {}), k, o);
    EXPECT_EQ(r.launch.shared_memory_per_block, smem);
    return static_cast<double>(r.caches.l1_hit_sectors) / static_cast<double>(r.caches.l1_hit_sectors + r.caches.l1_miss_sectors);
  };
  EXPECT_NEAR(l1_hit_rate(32, false, 0), 7.0 / 8, 0.002);
  const double carved = l1_hit_rate(1, true, 232448);
  EXPECT_GT(carved, 0.1);
  EXPECT_LT(carved, 7.0 / 8 * 224 / 512);
}

}  // namespace
}  // namespace warpsim::device
