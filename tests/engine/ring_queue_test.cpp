#include <gtest/gtest.h>

#include "engine/ring_queue.h"

namespace warpsim::engine {

TEST(RingQueue, StaysFifoAcrossWrapAroundAndGrowth) {
  RingQueue<int> q;
  int next_in = 0, next_out = 0;
  // Interleave pushes and pops so the head wraps before each doubling (16 -> 32 -> 64).
  for (int round = 0; round < 50; ++round) {
    for (int i = 0; i < 3; ++i) q.push_back(next_in++);
    for (int i = 0; i < 2; ++i) {
      ASSERT_EQ(q.front(), next_out++);
      q.pop_front();
    }
  }
  ASSERT_EQ(q.size(), 50u);
  for (size_t i = 0; i < q.size(); ++i) EXPECT_EQ(q[i], next_out + static_cast<int>(i));
  while (!q.empty()) {
    EXPECT_EQ(q.front(), next_out++);
    q.pop_front();
  }
  EXPECT_EQ(next_out, next_in);
}

}  // namespace warpsim::engine
