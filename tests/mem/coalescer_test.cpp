// Coalescing rules of each generation (Volkov 2016 §2.5; CUDA C Programming Guide, compute
// capabilities 1.0-1.1, 1.2-1.3, 2.x, 3.x-5.x). The examples of §2.5 use 4-word transactions and
// 4 threads; here they are scaled to 32 threads of 4-byte words.
#include <gtest/gtest.h>

#include <random>

#include "mem/coalescer.h"

namespace warpsim::mem {
namespace {

using config::CoalescingRule;
constexpr uint32_t kAll = 0xFFFFFFFFu;
constexpr uint64_t kBase = 1 << 20;  // aligned to every segment size

ThreadAddresses strided(uint64_t first_word, uint64_t stride_words, int bytes = 4) {
  ThreadAddresses a{};
  for (int i = 0; i < kWarpThreads; ++i) a[i] = kBase + (first_word + static_cast<uint64_t>(i) * stride_words) * bytes;
  return a;
}

std::vector<Segment> run(CoalescingRule rule, const ThreadAddresses& a, uint32_t mask = kAll, int bytes = 4) {
  std::vector<Segment> out{{1, 1, 1}};  // must be cleared
  coalesce(rule, a, mask, bytes, out, config::IssueUnit::Transaction);
  return out;
}

int count_size(const std::vector<Segment>& s, uint32_t bytes) {
  int n = 0;
  for (const Segment& x : s) n += x.bytes == bytes;
  return n;
}

TEST(Coalescer, Sector32AlignedWarpIsFourSectors) {
  const auto s = run(CoalescingRule::Sector32, strided(0, 1));
  ASSERT_EQ(s.size(), 4u);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(s[k].address, kBase + 32u * k);
    EXPECT_EQ(s[k].bytes, 32u);
    EXPECT_EQ(s[k].thread_mask, 0xFFu << (8 * k));
  }
  EXPECT_EQ(coalesced_transactions(CoalescingRule::Sector32), 4);
}

TEST(Coalescer, IssueStepsAreTransactionsOrLinesInOrderOfFirstUse) {
  // lsu.issue_unit: a pass sends one transaction (Table 6.7), or a whole 128-byte line (§4.3).
  std::vector<Segment> s;
  coalesce(CoalescingRule::Sector32, strided(0, 2), kAll, 4, s, config::IssueUnit::Transaction);  // 8 sectors, 2 lines
  ASSERT_EQ(s.size(), 8u);
  for (size_t j = 0; j < s.size(); ++j) EXPECT_EQ(s[j].issue_step, j);
  coalesce(CoalescingRule::Sector32, strided(0, 2), kAll, 4, s, config::IssueUnit::Line);
  for (size_t j = 0; j < s.size(); ++j) EXPECT_EQ(s[j].issue_step, j / 4) << j;
  // Lines numbered by the first thread that touches them, however far apart they lie.
  ThreadAddresses a = strided(0, 1);
  for (int i = 0; i < kWarpThreads; ++i) a[i] = kBase + (i % 2 == 0 ? 4096u : 0u) + 4u * static_cast<uint64_t>(i / 2);
  coalesce(CoalescingRule::Sector32, a, kAll, 4, s, config::IssueUnit::Line);
  ASSERT_EQ(s.size(), 4u);  // 2 sectors in each of 2 lines
  EXPECT_EQ(s[0].issue_step, 0);
  EXPECT_EQ(s[1].issue_step, 1);
  for (const Segment& x : s) EXPECT_EQ(x.issue_step, x.address >= kBase + 4096 ? 0 : 1);
  config::LsuConfig lsu;
  lsu.coalescing = CoalescingRule::Sector32;
  EXPECT_EQ(coalesced_issue_steps(lsu), 4);
  lsu.issue_unit = config::IssueUnit::Line;
  EXPECT_EQ(coalesced_issue_steps(lsu), 1);
  lsu.coalescing = CoalescingRule::G80;
  EXPECT_EQ(coalesced_issue_steps(lsu), 1);  // its two 64-byte half-warp transactions share a line
}

TEST(Coalescer, Sector32MisalignedByOneWordNeedsAFifthSector) {
  EXPECT_EQ(run(CoalescingRule::Sector32, strided(1, 1)).size(), 5u);  // §2.5: (1,2,3,4)
}

TEST(Coalescer, Sector32StrideTwoTouchesTwiceTheSectors) {
  EXPECT_EQ(run(CoalescingRule::Sector32, strided(0, 2)).size(), 8u);  // §4.3 stride-2
}

TEST(Coalescer, Sector32ScatteredAccessIsOneSectorPerThread) {
  EXPECT_EQ(run(CoalescingRule::Sector32, strided(0, 1000)).size(), 32u);  // §6.7
}

TEST(Coalescer, BroadcastIsOneTransactionOnFermiAndLater) {
  const ThreadAddresses a = strided(5, 0);
  for (auto rule : {CoalescingRule::Fermi, CoalescingRule::Sector32}) {
    const auto s = run(rule, a);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].thread_mask, kAll);
  }
}

TEST(Coalescer, FermiCountsDistinct128ByteLines) {
  EXPECT_EQ(run(CoalescingRule::Fermi, strided(0, 1)).size(), 1u);
  EXPECT_EQ(run(CoalescingRule::Fermi, strided(1, 1)).size(), 2u);    // misaligned
  EXPECT_EQ(run(CoalescingRule::Fermi, strided(0, 2)).size(), 2u);    // stride-2
  EXPECT_EQ(run(CoalescingRule::Fermi, strided(0, 3)).size(), 3u);    // stride-3, §2.5
  EXPECT_EQ(run(CoalescingRule::Fermi, strided(0, 64)).size(), 32u);  // one line per thread
  EXPECT_EQ(count_size(run(CoalescingRule::Fermi, strided(0, 3)), 128), 3);
  EXPECT_EQ(coalesced_transactions(CoalescingRule::Fermi), 1);
}

TEST(Coalescer, G80InOrderAlignedHalfWarpsGiveOne64ByteTransactionEach) {
  const auto s = run(CoalescingRule::G80, strided(0, 1));
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].address, kBase);
  EXPECT_EQ(s[1].address, kBase + 64);
  EXPECT_EQ(count_size(s, 64), 2);
  EXPECT_EQ(coalesced_transactions(CoalescingRule::G80), 2);
}

TEST(Coalescer, G80OutOfOrderOrBroadcastIsOneTransactionPerThread) {
  ThreadAddresses reversed = strided(0, 1);
  for (int h = 0; h < 2; ++h)
    for (int k = 0; k < 16; ++k) reversed[16 * h + k] = kBase + 64u * h + 4u * (15 - k);  // §2.5: (3,2,1,0)
  const auto r = run(CoalescingRule::G80, reversed);
  EXPECT_EQ(r.size(), 32u);
  EXPECT_EQ(count_size(r, 32), 32);
  // (1,1,1,1): identical transactions are not merged.
  const auto b = run(CoalescingRule::G80, strided(1, 0));
  EXPECT_EQ(b.size(), 32u);
  EXPECT_EQ(b[0].address, b[31].address);
}

TEST(Coalescer, G80MisalignedHalfWarpDoesNotCoalesce) { EXPECT_EQ(run(CoalescingRule::G80, strided(1, 1)).size(), 32u); }

TEST(Coalescer, G80InactiveThreadsMayBeSkipped) {
  // Threads 0 and 5 inactive: the others still read word k of the segment.
  const auto s = run(CoalescingRule::G80, strided(0, 1), kAll & ~0x21u);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].thread_mask, 0xFFFFu & ~0x21u);
}

TEST(Coalescer, G80WiderWordsUseLargerSegments) {
  EXPECT_EQ(count_size(run(CoalescingRule::G80, strided(0, 1, 8), kAll, 8), 128), 2);
  EXPECT_EQ(count_size(run(CoalescingRule::G80, strided(0, 1, 16), kAll, 16), 128), 4);
}

TEST(Coalescer, Gt200ShrinksASegmentToTheHalfUsed) {
  const auto s = run(CoalescingRule::GT200, strided(0, 1));
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(count_size(s, 64), 2);
  EXPECT_EQ(coalesced_transactions(CoalescingRule::GT200), 2);
}

TEST(Coalescer, Gt200MisalignedAccessUsesMixedSizes) {
  // Half-warp 0 covers bytes 4..67 of one 128-byte segment (no half holds it all): 128 bytes.
  // Half-warp 1 covers 68..131: the upper half (64..127) of the first, then 32 bytes of the next.
  const auto s = run(CoalescingRule::GT200, strided(1, 1));
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].bytes, 128u);
  EXPECT_EQ(s[1].address, kBase + 64);
  EXPECT_EQ(s[1].bytes, 64u);
  EXPECT_EQ(s[2].address, kBase + 128);
  EXPECT_EQ(s[2].bytes, 32u);
}

TEST(Coalescer, Gt200CoalescesOutOfOrderAccessesUnlikeG80) {
  ThreadAddresses a = strided(0, 1);
  std::swap(a[0], a[3]);
  std::swap(a[17], a[30]);
  EXPECT_EQ(run(CoalescingRule::GT200, a).size(), 2u);
  EXPECT_EQ(run(CoalescingRule::G80, a).size(), 32u);
}

TEST(Coalescer, Gt200StrideTwoAndScatteredAccess) {
  EXPECT_EQ(count_size(run(CoalescingRule::GT200, strided(0, 2)), 128), 2);
  const auto r = run(CoalescingRule::GT200, strided(0, 1000));
  EXPECT_EQ(r.size(), 32u);
  EXPECT_EQ(count_size(r, 32), 32);
}

TEST(Coalescer, Gt200ByteWordsUse32ByteSegments) {
  // Each half-warp reads 16 bytes of the same 32-byte segment; half-warps are served separately.
  const auto s = run(CoalescingRule::GT200, strided(0, 1, 1), kAll, 1);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].bytes, 32u);
  EXPECT_EQ(s[1].address, s[0].address);
}

TEST(Coalescer, EachSegmentCountsTheAccessesTransactionsInItsLine) {
  // The `fixed` model charges a 128-byte line per line touched, split over these (Volkov §6.7).
  for (const Segment& x : run(CoalescingRule::Sector32, strided(0, 1))) EXPECT_EQ(x.line_transactions, 4);
  for (const Segment& x : run(CoalescingRule::Sector32, strided(0, 2))) EXPECT_EQ(x.line_transactions, 4);  // 2 lines
  for (const Segment& x : run(CoalescingRule::Sector32, strided(0, 1000))) EXPECT_EQ(x.line_transactions, 1);
  for (const Segment& x : run(CoalescingRule::G80, strided(0, 1))) EXPECT_EQ(x.line_transactions, 2);
  for (const Segment& x : run(CoalescingRule::G80, strided(1, 0))) EXPECT_EQ(x.line_transactions, 32);  // (1,1,1,1)
  const auto m = run(CoalescingRule::Sector32, strided(1, 1));  // 4 sectors of one line, 1 of the next
  ASSERT_EQ(m.size(), 5u);
  EXPECT_EQ(m[0].line_transactions, 4);
  EXPECT_EQ(m[4].line_transactions, 1);
}

TEST(Coalescer, EveryActiveThreadIsServedByExactlyOneSegmentThatHoldsIt) {
  std::mt19937_64 rng(7);
  for (auto rule : {CoalescingRule::G80, CoalescingRule::GT200, CoalescingRule::Fermi, CoalescingRule::Sector32}) {
    for (int trial = 0; trial < 200; ++trial) {
      ThreadAddresses a{};
      const int pattern = trial % 3;
      for (int i = 0; i < kWarpThreads; ++i)
        a[i] = kBase + 4 * (pattern == 0 ? rng() % 4096 : pattern == 1 ? i * (trial % 5) : (rng() % 64));
      const uint32_t mask = static_cast<uint32_t>(rng()) | 1u;
      uint32_t seen = 0;
      for (const Segment& s : run(rule, a, mask)) {
        EXPECT_EQ(s.address % s.bytes, 0u);
        EXPECT_EQ(seen & s.thread_mask, 0u);
        seen |= s.thread_mask;
        for (int i = 0; i < kWarpThreads; ++i) {
          if (!(s.thread_mask >> i & 1u)) continue;
          EXPECT_TRUE(a[i] >= s.address && a[i] + 4 <= s.address + s.bytes);
        }
      }
      EXPECT_EQ(seen, mask);
    }
  }
}

}  // namespace
}  // namespace warpsim::mem
