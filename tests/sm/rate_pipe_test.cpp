#include <gtest/gtest.h>

#include "sm/rate_pipe.h"

namespace warpsim::sm {

// Accepts as many 32-thread instructions as the pipe can start in [0, cycles).
static int accepted_in(RatePipe p, int cycles) {
  int n = 0;
  for (int t = 0; t < cycles; ++t)
    while (p.can_accept(t)) p.accept(t, 32), ++n;
  return n;
}

TEST(RatePipe, FortyEightCoresStartThreeWarpInstructionsEveryTwoCycles) {
  // Kepler: 48 CUDA cores per scheduler (Volkov §3.8).
  EXPECT_NEAR(accepted_in(RatePipe(48), 1000), 1500, 2);
}

TEST(RatePipe, EightUnitsStartOneWarpInstructionEveryFourCycles) {
  RatePipe p(8);
  p.accept(0, 32);
  EXPECT_FALSE(p.can_accept(3));
  EXPECT_TRUE(p.can_accept(4));
  EXPECT_EQ(p.next_accept(1), 4u);
}

// One instruction per cycle behind a queue of 2: three are accepted at cycle 0, waiting 0, 1 and
// 2 whole cycles for the unit; a fourth fits once the first has gone (cycle 1).
TEST(RatePipe, AQueueAcceptsAheadOfTheUnitAndCountsEachInstructionsWait) {
  RatePipe p(1.0, 1, 2);
  for (uint64_t wait = 0; wait < 3; ++wait) {
    ASSERT_TRUE(p.can_accept(0));
    EXPECT_EQ(p.queue_wait(0), wait);
    p.accept(0, 1);
  }
  EXPECT_FALSE(p.can_accept(0));
  EXPECT_EQ(p.next_accept(0), 1u);
  EXPECT_EQ(p.queue_wait(1), 2u);
  // Without a queue an accepted instruction never waits, even when the unit frees within the slot.
  RatePipe q(48);
  q.accept(0, 32);
  ASSERT_TRUE(q.can_accept(0));
  EXPECT_EQ(q.queue_wait(0), 0u);
}

}  // namespace warpsim::sm
