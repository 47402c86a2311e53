// The random pointer cycle of Volkov 2016 §6.7 (sm/random_cycle.h): every node once per turn, for
// any node count, and chain starts spread evenly along it.
#include <gtest/gtest.h>

#include <vector>

#include "sm/random_cycle.h"

namespace warpsim::sm {

TEST(RandomCycle, VisitsEveryNodeOncePerTurnForAnyCount) {
  for (uint64_t n : {1ull, 2ull, 3ull, 1000ull, 4096ull, 12345ull}) {
    const RandomCycle cycle(n, 42);
    std::vector<int> seen(n, 0);
    for (uint64_t p = 0; p < n; ++p) {
      const uint64_t node = cycle.node_at(p);
      ASSERT_LT(node, n);
      ++seen[node];
      EXPECT_EQ(cycle.node_at(p + n), node) << "a cycle of " << n;
    }
    for (uint64_t v = 0; v < n; ++v) EXPECT_EQ(seen[v], 1) << "node " << v << " of " << n;
  }
}

TEST(RandomCycle, TheOrderIsScrambledAndTheKeyPicksIt) {
  const RandomCycle a(1 << 20, 1), b(1 << 20, 2);
  int in_order = 0, same = 0;
  for (uint64_t p = 0; p < 1000; ++p) {
    in_order += a.node_at(p + 1) == a.node_at(p) + 1;
    same += a.node_at(p) == b.node_at(p);
  }
  EXPECT_LT(in_order, 5);
  EXPECT_LT(same, 5);
}

TEST(RandomCycle, ChainsStartEvenlySpacedOrEndToEndWithoutAGrid) {
  const RandomCycle cycle(1000, 7);
  EXPECT_EQ(cycle.start_of(0, 3, 32), 0u);
  EXPECT_EQ(cycle.start_of(1, 3, 32), 333u);  // h x n / chains, rounded down (the suite's start)
  EXPECT_EQ(cycle.start_of(2, 3, 32), 666u);
  EXPECT_EQ(cycle.start_of(3, 4000, 32), 0u);  // more chains than nodes: several start together
  EXPECT_EQ(cycle.start_of(5, 0, 32), 160u);   // grid unknown: each chain after the last one's end
  EXPECT_EQ(cycle.start_of(40, 0, 32), 280u);  // 1280 mod 1000
}

}  // namespace warpsim::sm
