// The report's headline verdict: the simulator's worst error against the basic model's, over the
// same measured cases, stated without overclaiming a tie.
#include <gtest/gtest.h>

#include "validation/report/accuracy.h"

namespace warpsim::validation {
namespace {

Headline make(double sim, const std::string& sim_case, double volkov, const std::string& volkov_case) {
  Headline h;
  h.cases = 10;
  h.simulator = sim;
  h.simulator_case = sim_case;
  h.volkov = volkov;
  h.volkov_case = volkov_case;
  return h;
}

}  // namespace

TEST(AccuracyHeadline, SmallerWorstErrorIsMoreAccurate) {
  EXPECT_EQ(headline_verdict(make(0.5, "a", 2.0, "b")), "the simulator is more accurate than the basic model on these cases");
  EXPECT_EQ(headline_verdict(make(2.5, "a", 2.0, "b")), "the simulator is not more accurate than the basic model on these cases");
}

TEST(AccuracyHeadline, WorstOnTheSameCaseWithinOnePercentIsATieNotAWin) {
  // 592.8% against 593.2% on t6_1.random.gt200: both cap random accesses by bytes.
  EXPECT_NE(headline_verdict(make(5.928, "t6_1.random.gt200", 5.932, "t6_1.random.gt200")).find("about as accurate"), std::string::npos);
  // The same margin on different cases is a real difference.
  EXPECT_EQ(headline_verdict(make(5.928, "x", 5.932, "y")), "the simulator is more accurate than the basic model on these cases");
  // More than 1% apart on the same case is not a tie.
  EXPECT_EQ(headline_verdict(make(5.0, "x", 5.932, "x")), "the simulator is more accurate than the basic model on these cases");
}

}  // namespace warpsim::validation
