// Fitting Volkov's memory latency model, latency = a + b x / (c - x) (§6.4, Table 6.5).
#include <gtest/gtest.h>

#include "mem/contention_fit.h"

namespace warpsim::mem {
namespace {

TEST(ContentionFit, RecoversTheCoefficientsOfExactSamples) {
  const ContentionFit truth{300, 32, 170, 0};  // Kepler, Table 6.5
  std::vector<LatencySample> s;
  for (double x = 10; x < 160; x += 10) s.push_back({x, truth.latency(x)});
  const ContentionFit f = fit_contention(s);
  EXPECT_NEAR(f.a, 300, 0.5);
  EXPECT_NEAR(f.b, 32, 0.5);
  EXPECT_NEAR(f.c, 170, 0.5);
  EXPECT_LT(f.rms, 0.1);
}

TEST(ContentionFit, ConstantLatencyGivesNoGrowth) {
  std::vector<LatencySample> s{{10, 400}, {50, 400}, {90, 400}};
  const ContentionFit f = fit_contention(s);
  EXPECT_NEAR(f.a, 400, 1e-6);
  EXPECT_NEAR(f.b, 0, 1e-6);
  EXPECT_GT(f.c, 90);
}

}  // namespace
}  // namespace warpsim::mem
