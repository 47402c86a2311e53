// A share of the device (`--sms`) and the L2 (mem/cache/cached_memory.h): an array every SM reads
// at random is folded onto the share's part of the L2, so one SM's share hits as the whole device
// does; data each SM owns gets no hits from the other SMs' lines.
#include <gtest/gtest.h>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"

namespace warpsim::device {
namespace {

Result random_over(const char* array, int sms) {
  RunOptions o;
  o.warps_per_sm = 16;
  o.sms = sms;
  return simulate(config::load_hw_config("kepler"),
                  isa::generate(*isa::find_generator("homogeneous"), {{"op", "random"}, {"array", array}, {"count", "64"}}), o);
}

double l2_hit_rate(const Result& r) {
  return static_cast<double>(r.caches.l2_hit_sectors) / static_cast<double>(r.caches.l2_hit_sectors + r.caches.l2_miss_sectors);
}

TEST(CacheShare, OneSmHitsAnArrayEverySmReadsAsTheWholeDeviceDoes) {
  // 256 KB in Kepler's 512 KB L2: every SM's loads warm the lines the others read. One SM's share
  // holds 64 KB of L2 and the array folded onto 32 KB of lines, each seeing the device's share of
  // accesses: the same hit rate (device 0.991), the same throughput and latency within 1%.
  const Result device = random_over("256KB", 0), share = random_over("256KB", 1);
  EXPECT_GT(l2_hit_rate(device), 0.98);
  EXPECT_NEAR(l2_hit_rate(share), l2_hit_rate(device), 0.005);
  EXPECT_NEAR(share.gbps, device.gbps, 0.01 * device.gbps);
  EXPECT_NEAR(share.access_latency.mean, device.access_latency.mean, 0.01 * device.access_latency.mean);
}

TEST(CacheShare, AStreamGetsNoHitsFromItsShare) {
  // Each block sweeps its own section (§5.10): nothing is read twice, on a share as on the device.
  RunOptions o;
  o.warps_per_sm = 32;
  o.sms = 1;
  const Result r = simulate(config::load_hw_config("kepler"),
                            isa::generate(*isa::find_generator("homogeneous"), {{"op", "stream"}, {"count", "256"}}), o);
  EXPECT_GT(r.caches.l2_miss_sectors, 0u);
  EXPECT_EQ(r.caches.l2_hit_sectors, 0u);
}

}  // namespace
}  // namespace warpsim::device
