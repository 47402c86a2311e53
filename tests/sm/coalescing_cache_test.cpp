// The cache replays the coalescer's output shifted by multiples of 256 bytes: it must equal the
// coalescer run on the shifted addresses, for every rule, word size and fixed-offset pattern.
#include <gtest/gtest.h>

#include "sm/coalescing_cache.h"

namespace warpsim::sm {
namespace {

using config::CoalescingRule;

mem::ThreadAddresses lanes(uint64_t lane0, uint64_t step_bytes) {
  mem::ThreadAddresses a{};
  for (int l = 0; l < mem::kWarpThreads; ++l) a[l] = lane0 + static_cast<uint64_t>(l) * step_bytes;
  return a;
}

}  // namespace

TEST(CoalescingCache, ReplayEqualsCoalescerAtEveryShiftOf256Bytes) {
  const uint64_t base = uint64_t{8} << 20;
  for (CoalescingRule rule : {CoalescingRule::G80, CoalescingRule::GT200, CoalescingRule::Fermi, CoalescingRule::Sector32})
    for (config::IssueUnit unit : {config::IssueUnit::Transaction, config::IssueUnit::Line})
      for (int bytes : {1, 2, 4, 8, 16})
        for (uint64_t stride : {0, 1, 2, 33})  // broadcast, stream, stride 2, scattered
          for (uint32_t mask : {0xffffffffu, 0x0000ffffu, 0x00ff00ffu})
            for (uint64_t lane0_words : {0, 1, 5, 16, 31}) {
              CoalescingCache cache(1);
              const uint64_t lane0 = base + lane0_words * bytes;
              std::vector<mem::Segment> seg;
              mem::coalesce(rule, lanes(lane0, stride * bytes), mask, bytes, seg, unit);
              CoalescingCache::Entry& e = cache.entry(0, lane0);
              ASSERT_TRUE(CoalescingCache::fill(e, lane0, seg));
              for (uint64_t shift : {256, 4096, 3 * 256 + (1 << 20)}) {
                const uint64_t moved = lane0 + shift;
                ASSERT_EQ(&cache.entry(0, moved), &e);
                std::vector<mem::Segment> want;
                mem::coalesce(rule, lanes(moved, stride * bytes), mask, bytes, want, unit);
                ASSERT_EQ(e.count, want.size());
                const uint64_t block = moved - moved % CoalescingCache::kPeriod;
                for (size_t j = 0; j < want.size(); ++j) {
                  EXPECT_EQ(block + e.offset[j], want[j].address) << "rule " << int(rule) << " bytes " << bytes << " j " << j;
                  EXPECT_EQ(e.size[j], want[j].bytes);
                  EXPECT_EQ(e.line_transactions[j], want[j].line_transactions);
                  EXPECT_EQ(e.issue_step[j], want[j].issue_step);
                }
              }
            }
}

TEST(CoalescingCache, DifferentOffsetsWithin256BytesUseDifferentKeys) {
  CoalescingCache cache(2);
  EXPECT_NE(&cache.entry(0, 0), &cache.entry(0, 128));
  EXPECT_NE(&cache.entry(0, 0), &cache.entry(1, 0));
  EXPECT_EQ(&cache.entry(0, 0), &cache.entry(0, 256));
}

}  // namespace warpsim::sm
