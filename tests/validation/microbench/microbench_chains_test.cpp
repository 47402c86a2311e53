// Pointer-chain layouts of the microbenchmarks (Volkov 2016 §5.10, §6.3, §6.7) and the FADD
// safety of their addresses (§5.1).
#include <gtest/gtest.h>

#include <set>

#include "microbench_chains.h"

namespace warpsim::validation {
namespace {

// Every entry every chain of every thread loads, following e -> e + step.
std::vector<uint64_t> all_loads(const StreamLayout& l) {
  std::vector<uint64_t> out;
  for (uint64_t b = 0; b < l.blocks; ++b)
    for (uint64_t t = 0; t < l.block_threads; ++t)
      for (uint32_t c = 0; c < l.chains; ++c)
        for (uint64_t e = stream_start(l, b, t, c); e != stream_end(l, b, t, c); e += l.step) out.push_back(e);
  return out;
}

void expect_no_entry_read_twice(const StreamLayout& l) {
  const auto loads = all_loads(l);
  const std::set<uint64_t> distinct(loads.begin(), loads.end());
  EXPECT_EQ(distinct.size(), loads.size());
  EXPECT_LT(*distinct.rbegin(), l.entries_used());
  EXPECT_EQ(loads.size(), l.blocks * l.block_threads * l.chains * l.loads_per_chain);
}

TEST(MicrobenchChains, StreamEntryPointsNAheadAndThreadIOfBlockJStartsAtIPlusJSpacing) {
  // §5.10: step = N (block size); spacing holds a block's section, aligned to 32 entries.
  const auto l = plan_stream(1 << 20, 128, 1, 1, 64);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->step, 128u);
  EXPECT_EQ(l->spacing, 64u * 128u);
  EXPECT_EQ(l->blocks, (1u << 20) / (64u * 128u));
  EXPECT_EQ(stream_start(*l, 3, 5, 0), 5u + 3u * l->spacing);
  EXPECT_EQ(stream_end(*l, 3, 5, 0), stream_start(*l, 3, 5, 0) + 64u * 128u);
  expect_no_entry_read_twice(*plan_stream(4096, 32, 1, 1, 8));
}

TEST(MicrobenchChains, IlpChainsInterleaveInsideTheBlockSection) {
  // §6.3: chain c starts c*N further and steps ILP*N; together they cover the section once.
  const auto l = plan_stream(8192, 32, 1, 2, 4);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->step, 64u);
  EXPECT_EQ(stream_start(*l, 0, 1, 1), 33u);
  expect_no_entry_read_twice(*l);
}

TEST(MicrobenchChains, StrideTwoThreadsReadEveryOtherWord) {
  // §4.3: a warp's load spans 256 bytes, half of the words unused.
  const auto l = plan_stream(8192, 32, 2, 1, 4);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(stream_start(*l, 0, 1, 0) - stream_start(*l, 0, 0, 0), 2u);
  EXPECT_EQ(l->step, 64u);
  expect_no_entry_read_twice(*l);
}

TEST(MicrobenchChains, SpacingIsRoundedToWholeWarpsOfEntries) {
  const auto l = plan_stream(1 << 16, 32, 1, 3, 5);  // section 3*32*5 = 480 entries
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->spacing % 32, 0u);
  EXPECT_GE(l->spacing, 480u);
}

TEST(MicrobenchChains, PersistentLaunchStretchesChainsOverTheArray) {
  // §5.9: the array sets the iterations when the block count is fixed.
  const auto l = plan_stream_persistent(1 << 20, 128, 1, 1, 100, 8);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->blocks, 100u);
  EXPECT_EQ(l->loads_per_chain % 8, 0u);
  EXPECT_LE(l->entries_used(), uint64_t{1} << 20);
  EXPECT_GT(l->entries_used(), (uint64_t{1} << 20) - 100u * 128u * 8u);  // within one group of the end
  expect_no_entry_read_twice(*plan_stream_persistent(4096, 32, 1, 2, 4, 2));
}

TEST(MicrobenchChains, TooSmallArraysHaveNoLayout) {
  EXPECT_FALSE(plan_stream(100, 128, 1, 1, 64).has_value());
  EXPECT_FALSE(plan_stream_persistent(100, 128, 1, 1, 10, 8).has_value());
  EXPECT_FALSE(plan_stream(1 << 20, 0, 1, 1, 64).has_value());
}

TEST(MicrobenchChains, OnlyNormalFloatsSurviveAddingZeroUnchanged) {
  EXPECT_TRUE(float_safe_word(0x3f800000u));   // 1.0
  EXPECT_TRUE(float_safe_word(0xbf800000u));   // -1.0: -1 + 0 = -1
  EXPECT_FALSE(float_safe_word(0x00000400u));  // denormal: flushed under ftz
  EXPECT_FALSE(float_safe_word(0x80000000u));  // -0 + +0 = +0 changes the sign bit
  EXPECT_FALSE(float_safe_word(0x7fc00001u));  // NaN: payload not preserved
  EXPECT_FALSE(float_safe_word(0x7f800000u));  // inf
}

void expect_window_safe(uint64_t base, uint64_t offset, uint64_t bytes) {
  const uint64_t lo = base + offset, hi = lo + bytes - 4;
  EXPECT_EQ(lo >> 32, hi >> 32);  // one high word for the whole window
  for (uint64_t a = lo; a <= hi; a += 1 << 16) EXPECT_TRUE(float_safe_word(static_cast<uint32_t>(a))) << std::hex << a;
  EXPECT_TRUE(float_safe_word(static_cast<uint32_t>(hi)));
}

TEST(MicrobenchChains, FloatSafeWindowAvoidsTheDenormalAndNanAddressStretches) {
  const uint64_t bytes = 512ull << 20, alloc = float_safe_allocation(bytes);
  EXPECT_EQ(alloc, 1040ull << 20);
  // Allocations that straddle each kind of unsafe stretch, and one far from both.
  for (uint64_t base : {0x7f000000ull, 0x7fff0000ull, 0x7f200000000ull, 0x7fe80000000ull, 0x7f940000000ull, 0x140000000ull}) {
    const auto off = float_safe_window(base, alloc, bytes, 4096);
    ASSERT_TRUE(off.has_value()) << std::hex << base;
    EXPECT_EQ(*off % 4096, 0u);
    EXPECT_LE(*off + bytes, alloc);
    expect_window_safe(base, *off, bytes);
  }
  EXPECT_FALSE(float_safe_window(0x7f000000ull, 20ull << 20, 16ull << 20, 4096).has_value());
}

TEST(MicrobenchChains, RandomCycleVisitsEveryEntryOnceAndIsReproducible) {
  const RandomCycle c = random_cycle(10000, 42);
  EXPECT_TRUE(is_single_cycle(c.next));
  EXPECT_EQ(c.order[0], 0u);
  for (uint32_t k = 0; k + 1 < 10000; ++k) ASSERT_EQ(c.next[c.order[k]], c.order[k + 1]);
  EXPECT_EQ(random_cycle(10000, 42).next, c.next);
  EXPECT_NE(random_cycle(10000, 43).next, c.next);
  EXPECT_TRUE(is_single_cycle(random_cycle(1, 1).next));
  EXPECT_TRUE(is_single_cycle(random_cycle(2, 1).next));
}

TEST(MicrobenchChains, SingleCycleCheckRejectsSplitPermutations) {
  EXPECT_FALSE(is_single_cycle({1, 0, 3, 2}));  // two 2-cycles
  EXPECT_FALSE(is_single_cycle({0, 0}));
  EXPECT_FALSE(is_single_cycle({}));
  EXPECT_TRUE(is_single_cycle({2, 0, 1}));
}

TEST(MicrobenchChains, RandomNodesAreReadWholeByThreadsThatMoveTogether) {
  // 64-byte nodes read as four 16-byte pieces, 40 nodes: a warp reads 8 nodes, each whole.
  const auto l = plan_nodes(40 * 16 + 3, 16, 4);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->nodes, 40u);
  EXPECT_EQ(l->threads_per_node(), 4u);
  const RandomCycle nodes = random_cycle(l->nodes, 7);
  const std::vector<uint32_t> next = node_cycle_next(*l, nodes);
  ASSERT_EQ(next.size(), 40u * 16);
  const uint64_t threads = 32, loads = 5;
  std::set<uint64_t> start_nodes;
  for (uint64_t t = 0; t < threads; ++t) {
    uint64_t e = node_start(*l, nodes, t, threads);
    EXPECT_EQ(e % 16, t % 4 * 4) << t;                                       // its own piece of the node
    EXPECT_EQ(e / 16, node_start(*l, nodes, t / 4 * 4, threads) / 16) << t;  // the node of its group
    start_nodes.insert(e / 16);
    for (uint64_t k = 0; k < loads; ++k) {
      const uint64_t to = next[e];
      EXPECT_EQ(to / 16, nodes.next[e / 16]) << t;  // the cycle's next node, the same piece
      EXPECT_EQ(to % 16, e % 16) << t;
      e = to;
    }
    EXPECT_EQ(e, node_end(*l, nodes, t, threads, loads)) << t;
  }
  EXPECT_EQ(start_nodes.size(), 8u);  // 8 groups, 8 different nodes, 5 apart along the cycle
  // Entries that start no piece point to themselves: a stray load finds no chain.
  EXPECT_EQ(next[1], 1u);
  EXPECT_EQ(next[16 * 3 + 7], 16u * 3 + 7);
}

TEST(MicrobenchChains, RandomNodesNeedWholePiecesAndWholeNodesPerWarp) {
  EXPECT_FALSE(plan_nodes(1024, 6, 4).has_value());   // pieces do not tile the node
  EXPECT_FALSE(plan_nodes(1024, 2, 4).has_value());   // a node smaller than a piece
  EXPECT_FALSE(plan_nodes(1024, 48, 4).has_value());  // 12 threads per node: a warp splits one
  EXPECT_FALSE(plan_nodes(7, 8, 4).has_value());      // no whole node
  EXPECT_EQ(plan_nodes(1u << 20, 128, 4)->threads_per_node(), 32u);
}

}  // namespace
}  // namespace warpsim::validation
