// Caches in front of a memory model (mem/cache/cached_memory.h), cycle by cycle on small scenarios
// derived by hand. Below them: `fixed` on Maxwell, where a lone 32-byte sector takes Table 6.2's
// 368 cycles exactly (one LSU pass per line, no departure spread). The L2 hit takes 200 cycles,
// 100 to reach the slice and 100 back, so a miss reaches the memory 100 cycles in and the memory
// takes the other 268.
#include <gtest/gtest.h>

#include <vector>

#include "common/bit_mix.h"
#include "mem/cache/cached_memory.h"
#include "mem/cache/l2_geometry.h"
#include "mem/memory_factory.h"
#include "support/test_support.h"

namespace warpsim::mem::cache {
namespace {

constexpr uint64_t kLine = 128;

// The first `n` lines that share line 0's set in a cache of `sets` sets (sets are a hash of the
// line: sector_cache.cpp).
std::vector<uint64_t> lines_in_set_of_line0(uint64_t sets, size_t n) {
  std::vector<uint64_t> lines;
  for (uint64_t l = 0; lines.size() < n; ++l)
    if (mix64(l) % sets == mix64(0) % sets) lines.push_back(l);
  return lines;
}

config::HwConfig with_l2(int ways = 4, int sets = 8, int mshrs = 64) {
  config::HwConfig c = test::builtin("maxwell");
  c.memory.model = config::MemoryModelKind::Fixed;
  c.memory.peak_gbps = 1e5;  // no bandwidth queueing below: each transaction its latency exactly
  c.memory.l2.slices = 1;
  c.memory.l2.ways = ways;
  c.memory.l2_bytes = ways * sets * 128;
  c.memory.l2.hit_latency_cycles = 200;
  c.memory.l2.mshrs = mshrs;
  c.memory.l2.mshr_merge = 8;
  c.memory.l2.bytes_per_cycle = 1e4;  // a port that never binds unless a test says so
  return c;
}

config::HwConfig with_l1(bool stores_update) {
  config::HwConfig c = with_l2();
  c.memory.l1.bytes = 4 * 4 * 128;
  c.memory.l1.ways = 4;
  c.memory.l1.hit_latency_cycles = 30;
  c.memory.l1.mshrs = 8;
  c.memory.l1.stores_update = stores_update;
  return c;
}

// Drives one memory system on the whole device, one access = one transaction.
struct Harness {
  explicit Harness(const config::HwConfig& c, int sms = 0)
      : cfg(c), memory(make_memory_system({&cfg, sms > 0 ? sms : cfg.device.sms, 1})) {}
  void access(uint64_t address, uint32_t tag, uint64_t now, bool write = false, uint32_t bytes = 32, uint16_t sm = 0) {
    run_until(now);
    Transaction t;
    t.address = address;
    t.bytes = bytes;
    t.write = write;
    t.tag = tag;
    t.sm = sm;
    memory->submit(t, now);
  }
  void run_until(uint64_t t) {
    for (uint64_t next = memory->next_event_time(); next <= t; next = memory->next_event_time()) memory->advance(next, done);
  }
  // The completion cycle of `tag` (0 if it never completed).
  uint64_t completed(uint32_t tag) {
    run_until(1'000'000);
    for (const Completion& c : done)
      if (c.tag == tag) return c.time;
    return 0;
  }
  config::HwConfig cfg;
  std::unique_ptr<MemorySystem> memory;
  std::vector<Completion> done;
};

TEST(CachedMemory, AMissTakesTheMemorysLatencyAndTheNextAccessHits) {
  Harness h(with_l2());
  h.access(0, 1, 1000);
  h.access(0, 2, 2000);
  EXPECT_EQ(h.completed(1), 1000u + 368);  // as without caches: Table 6.2
  EXPECT_EQ(h.completed(2), 2000u + 200);  // the L2 hit
  const CacheCounters c = h.memory->cache_counters();
  EXPECT_TRUE(c.l2);
  EXPECT_FALSE(c.l1);
  EXPECT_EQ(c.l2_miss_sectors, 1u);
  EXPECT_EQ(c.l2_hit_sectors, 1u);
}

TEST(CachedMemory, ASectorMissingFromAPresentLineIsFetchedAlone) {
  Harness h(with_l2());
  h.access(0, 1, 1000);             // sector 0 of line 0
  h.access(32, 2, 2000);            // sector 1: the line is present, the sector is not
  h.access(0, 3, 3000, false, 64);  // sectors 0 and 1: both now valid
  EXPECT_EQ(h.completed(2), 2000u + 368);
  EXPECT_EQ(h.completed(3), 3000u + 200);
  EXPECT_EQ(h.memory->cache_counters().l2_miss_sectors, 2u);
  EXPECT_EQ(h.memory->cache_counters().l2_hit_sectors, 2u);
}

TEST(CachedMemory, AMissToALineBeingFetchedMergesIntoItsMshr) {
  // One MSHR pair only: a second fetch would have to wait for the first (next test); a merged
  // request needs none and completes with the first's data.
  Harness h(with_l2(4, 8, 2));
  h.access(0, 1, 1000);
  h.access(0, 2, 1010);
  h.access(kLine * 8, 3, 1020);  // another line: it gets the second MSHR at once
  EXPECT_EQ(h.completed(1), 1368u);
  EXPECT_EQ(h.completed(2), 1368u);  // behind the fetch, not a second one
  EXPECT_EQ(h.completed(3), 1020u + 368);
}

TEST(CachedMemory, AFullMshrTableStallsTheSliceUntilAFillFreesOne) {
  // Two MSHRs, three misses to different lines at once: the third reaches the slice at 1100 and
  // waits for the first fill (1368), then goes to the memory: 1368 + 268.
  Harness h(with_l2(4, 8, 2));
  h.access(0 * kLine, 1, 1000);
  h.access(1 * kLine, 2, 1000);
  h.access(2 * kLine, 3, 1000);
  EXPECT_EQ(h.completed(1), 1368u);
  EXPECT_EQ(h.completed(2), 1368u);
  EXPECT_EQ(h.completed(3), 1368u + 268);
}

TEST(CachedMemory, TheL2WritesBackAndAllocatesOnAWrite) {
  // A store completes at the slice (write-back) and leaves its sectors valid (write-allocate). A
  // later miss that evicts the dirty line (one way per set) writes it back: with two MSHRs, the
  // write-back holds one while the miss takes the other, so a second miss at once waits for one.
  Harness h(with_l2(1, 8, 2));
  const std::vector<uint64_t> set0 = lines_in_set_of_line0(8, 3);
  h.access(0, 1, 1000, true);
  h.access(0, 2, 2000);
  h.access(set0[1] * kLine, 3, 3000);       // same set: evicts dirty line 0
  h.access(set0[2] * kLine + 32, 4, 3001);  // same set again, while the write-back and the miss hold both MSHRs
  EXPECT_EQ(h.completed(1), 1000u + 200);
  EXPECT_EQ(h.completed(2), 2000u + 200);
  EXPECT_EQ(h.completed(3), 3000u + 368);
  // The write-back (submitted at 3100, 268 cycles in `fixed`) frees its MSHR at 3368, as the miss does.
  EXPECT_EQ(h.completed(4), 3368u + 268);
}

TEST(CachedMemory, AFermiStoreEvictsTheL1LineAVoltaStyleStoreUpdatesIt) {
  for (const bool update : {false, true}) {
    Harness h(with_l1(update));
    h.access(0, 1, 1000);        // L1 and L2 miss
    h.access(0, 2, 2000);        // L1 hit
    h.access(0, 3, 3000, true);  // the store goes to the L2 (write-back there)
    h.access(0, 4, 4000);        // evicted from L1: an L2 hit; updated: an L1 hit
    EXPECT_EQ(h.completed(1), 1368u);
    EXPECT_EQ(h.completed(2), 2030u);
    EXPECT_EQ(h.completed(3), 3200u);
    EXPECT_EQ(h.completed(4), update ? 4030u : 4200u) << "stores_update " << update;
    const CacheCounters c = h.memory->cache_counters();
    EXPECT_EQ(c.l1_hit_sectors, update ? 2u : 1u);
    EXPECT_EQ(c.l1_miss_sectors, update ? 1u : 2u);
  }
}

// The L1's data path to the SM (l1.bytes_per_cycle) at 32 bytes, one sector, per cycle. Two
// whole-line misses at 1000 fill at 1368 together: the first line's 4 sectors pass 1368-1372, the
// second's then, so it arrives at 1372. Two whole-line hits at 2000 read the port 2000-2004 and
// 2004-2008 and arrive 30 cycles later; a one-sector hit at 2001 waits for 2008: 2038.
TEST(CachedMemory, TheL1DataPathDeliversItsBytesPerCycleToHitsAndFillsAlike) {
  config::HwConfig c = with_l1(true);
  c.memory.l1.bytes_per_cycle = 32;
  Harness h(c);
  h.access(0, 1, 1000, false, 128);
  h.access(kLine, 2, 1000, false, 128);
  h.access(0, 3, 2000, false, 128);
  h.access(kLine, 4, 2000, false, 128);
  h.access(32, 5, 2001);
  EXPECT_EQ(h.completed(1), 1368u);
  EXPECT_EQ(h.completed(2), 1372u);
  EXPECT_EQ(h.completed(3), 2030u);
  EXPECT_EQ(h.completed(4), 2034u);
  EXPECT_EQ(h.completed(5), 2038u);
  c.memory.l1.bytes_per_cycle = 0;  // unbounded: every hit 30 cycles after it is looked up
  Harness free(c);
  free.access(0, 1, 1000, false, 128);
  free.access(kLine, 2, 1000, false, 128);
  free.access(0, 3, 2000, false, 128);
  free.access(32, 5, 2001);
  EXPECT_EQ(free.completed(2), 1368u);
  EXPECT_EQ(free.completed(3), 2030u);
  EXPECT_EQ(free.completed(5), 2031u);
}

TEST(CachedMemory, RequestsToOneSliceQueueAtItsPort) {
  // 3.2 bytes per cycle: a sector occupies the port 10 cycles. Two hits reach the slice at 2100;
  // the second is looked up when the port frees, at 2110.
  config::HwConfig c = with_l2();
  c.memory.l2.bytes_per_cycle = 3.2;
  Harness h(c);
  h.access(0 * kLine, 1, 1000);
  h.access(1 * kLine, 2, 1000);
  h.access(0 * kLine, 3, 2000);
  h.access(1 * kLine, 4, 2000);
  EXPECT_EQ(h.completed(1), 1368u);
  EXPECT_EQ(h.completed(2), 1368u + 10);  // the second miss also waited 10 cycles at the port
  EXPECT_EQ(h.completed(3), 2200u);
  EXPECT_EQ(h.completed(4), 2210u);
}

// A share's slice carries its share of a device slice's traffic (here 1 SM of 16: 1/16), so it
// keeps to 1/16 of the port's rate in the long run, 160 cycles a sector at 3.2 bytes per cycle; but
// a burst moves at the device slice's 10 cycles a sector while the share's debt stays within an L2
// round trip (200 cycles). Four warmed lines, four one-sector hits at 5000 reaching the slice at
// 5100: the device looks them up at 5100, 5110, 5120, 5130. The share looks up the first two at
// 5100 and 5110 (its rate then owes 5420 - 200), the third at 5220, the fourth at 5580 - 200.
TEST(CachedMemory, AShareSliceMovesABurstAtTheDevicesRateAndKeepsToItsShareOverARoundTrip) {
  config::HwConfig c = with_l2();
  c.memory.l2.bytes_per_cycle = 3.2;
  for (const int sms : {16, 1}) {
    SCOPED_TRACE(sms);
    Harness h(c, sms);
    for (uint32_t i = 0; i < 4; ++i) h.access(i * kLine, i, 1000);
    for (uint32_t i = 0; i < 4; ++i) h.access(i * kLine, 10 + i, 5000);
    const std::vector<uint64_t> want =
        sms == 16 ? std::vector<uint64_t>{5200, 5210, 5220, 5230} : std::vector<uint64_t>{5200, 5210, 5320, 5480};
    for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(h.completed(10 + i), want[i]) << i;
  }
}

// The slice's data array moves 64-byte halves of a line (l2.access_bytes 64, A100's 64 bytes a
// clock per slice): at 3.2 bytes per cycle an access takes 20 cycles whatever it carries of its
// half. Two warmed lines; at 2000 one-sector hits to each: the second is looked up 20 cycles after
// the first (10 with 32-byte accesses). At 3000 a 64-byte hit across the halves (sectors 1 and 2)
// takes two accesses, 40 cycles: the one-sector hit behind it is looked up at 3140, completes 3240.
TEST(CachedMemory, ASliceMovesWholeAccessesOfItsArray) {
  for (const int access : {32, 64}) {
    SCOPED_TRACE(access);
    config::HwConfig c = with_l2();
    c.memory.l2.bytes_per_cycle = 3.2;
    c.memory.l2.access_bytes = access;
    Harness h(c);
    h.access(0, 1, 1000, false, 128);
    h.access(kLine, 2, 1000, false, 128);
    h.access(0, 3, 2000);
    h.access(kLine, 4, 2000);
    h.access(32, 5, 3000, false, 64);
    h.access(kLine, 6, 3000);
    EXPECT_EQ(h.completed(3), 2200u);
    EXPECT_EQ(h.completed(4), access == 64 ? 2220u : 2210u);
    EXPECT_EQ(h.completed(5), 3200u);
    EXPECT_EQ(h.completed(6), access == 64 ? 3240u : 3220u);
  }
}

TEST(CachedMemory, WithoutCachesTheModelIsUnchanged) {
  config::HwConfig c = test::builtin("kepler");
  c.memory.l2.slices = 0;
  EXPECT_FALSE(has_caches(c));
  EXPECT_STREQ(make_memory_system({&c, 1, 1})->name(), "dram");
  EXPECT_TRUE(has_caches(test::builtin("kepler")));
  EXPECT_FALSE(has_caches(test::builtin("gt200")));  // G80 and GT200 cache no global loads (Volkov §6.7)
}

// Two partitions of one slice each, a far hit 100 cycles more than a near one. The SMs alternate
// over the partitions (SM 0 reads through partition 0, SM 1 through 1). The memory below takes 368
// less the 100-cycle trip to a slice less half the 100-cycle crossing (half the lines are homed
// in the other partition): 218. A miss homed in the SM's own partition: 100 + 218 = 318 cycles; in
// the other: 100 + 100 + 218 = 418; Table 6.2's 368 on average.
config::HwConfig with_partitions(int mshrs = 64) {
  config::HwConfig c = with_l2(4, 8, mshrs);
  c.memory.l2.slices = 2;
  c.memory.l2_bytes = 2 * 4 * 8 * 128;
  c.memory.l2.partitions = 2;
  c.memory.l2.far_hit_cycles = 100;
  return c;
}

// The first `n` lines homed in `partition` (of two).
std::vector<uint64_t> lines_homed_in(uint32_t partition, size_t n) {
  std::vector<uint64_t> lines;
  for (uint64_t l = 0; lines.size() < n; ++l)
    if (l2_home_partition(l, 2) == partition) lines.push_back(l);
  return lines;
}

TEST(CachedMemory, APartitionKeepsCopiesOfWhatItsSmsReadAndAFarHitCostsTheCrossing) {
  Harness h(with_partitions());
  const uint64_t near = lines_homed_in(0, 1)[0] * kLine, far = lines_homed_in(1, 2)[0] * kLine, far2 = lines_homed_in(1, 2)[1] * kLine;
  h.access(near, 1, 1000);                // SM 0, line homed in its partition: to the memory
  h.access(far, 2, 1000);                 // SM 0, line homed in partition 1: near miss, far miss, memory
  h.access(far, 3, 2000);                 // SM 0 again: the copy its partition kept
  h.access(far, 4, 2000, false, 32, 1);   // SM 1: partition 1 homes the line and fetched it
  h.access(far2, 5, 3000, false, 32, 1);  // SM 1 brings a line into its own partition ...
  h.access(far2, 6, 4000);                // ... which SM 0 then reads from there: a far hit
  h.access(far2, 7, 5000);                // and now from its own partition's copy
  EXPECT_EQ(h.completed(1), 1000u + 318);
  EXPECT_EQ(h.completed(2), 1000u + 418);
  EXPECT_EQ(h.completed(3), 2000u + 200);
  EXPECT_EQ(h.completed(4), 2000u + 200);
  EXPECT_EQ(h.completed(5), 3000u + 318);
  EXPECT_EQ(h.completed(6), 4000u + 300);
  EXPECT_EQ(h.completed(7), 5000u + 200);
  const CacheCounters c = h.memory->cache_counters();  // the far hit is an L2 hit, counted once
  EXPECT_EQ(c.l2_miss_sectors, 3u);
  EXPECT_EQ(c.l2_hit_sectors, 4u);
}

TEST(CachedMemory, AFarLookupThatFindsNoMshrGoesToTheMemoryWithoutWaiting) {
  // Partition 1's two MSHRs are held by SM 1's misses until 1318. SM 0's miss of a third line homed
  // there reaches partition 1 at 1200 and goes on to the memory at once (1418), without a copy in
  // partition 1: SM 1 misses it later. Held behind the MSHRs instead, each partition's misses
  // waiting on the other's could deadlock.
  Harness h(with_partitions(2));
  const std::vector<uint64_t> homed = lines_homed_in(1, 3);
  h.access(homed[0] * kLine, 1, 1000, false, 32, 1);
  h.access(homed[1] * kLine, 2, 1000, false, 32, 1);
  h.access(homed[2] * kLine, 3, 1000);
  h.access(homed[2] * kLine, 4, 2000);
  h.access(homed[2] * kLine, 5, 2000, false, 32, 1);
  EXPECT_EQ(h.completed(1), 1318u);
  EXPECT_EQ(h.completed(3), 1418u);
  EXPECT_EQ(h.completed(4), 2200u);
  EXPECT_EQ(h.completed(5), 2318u);
}

}  // namespace
}  // namespace warpsim::mem::cache
