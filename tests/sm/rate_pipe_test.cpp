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

}  // namespace warpsim::sm
