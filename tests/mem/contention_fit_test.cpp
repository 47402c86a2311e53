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

TEST(ContentionFit, LatencyNeverFallsWithLoad) {
  // Samples whose latency drops as throughput grows: b is held at 0, a is their mean.
  std::vector<LatencySample> s{{10, 420}, {50, 400}, {90, 380}};
  const ContentionFit f = fit_contention(s);
  EXPECT_EQ(f.b, 0);
  EXPECT_NEAR(f.a, 400, 1e-9);
}

TEST(OuterEnvelope, DropsSamplesPastSaturationAndDominatedOnes) {
  // A closed loop past its peak: throughput stays at ~150 while latency keeps growing; one sample
  // below the front (60 GB/s at 330 cycles, where 70 GB/s took 320).
  const std::vector<LatencySample> s{{20, 302}, {70, 320}, {60, 330}, {120, 360}, {150, 420}, {149.5, 560}, {150.2, 700}, {150, 840}};
  const std::vector<LatencySample> e = outer_envelope(s);
  const std::vector<double> gbps{20, 70, 120, 150, 150.2};
  ASSERT_EQ(e.size(), gbps.size());
  for (size_t i = 0; i < e.size(); ++i) EXPECT_EQ(e[i].gbps, gbps[i]) << i;
  for (size_t i = 1; i < e.size(); ++i) EXPECT_GT(e[i].latency, e[i - 1].latency) << i;
}

TEST(OuterEnvelope, RecoversTheCurveUnderScatterAndSaturation) {
  // Samples on Table 6.5's Kepler curve, each also seen slower and with a longer latency (the
  // scatter of other block sizes, §5.8), and a plateau at 150 GB/s past saturation: fitted to
  // the envelope, the curve comes back; fitted to every sample, it does not.
  const ContentionFit truth{300, 32, 170, 0};
  std::vector<LatencySample> s;
  for (double x = 10; x <= 150; x += 10) {
    s.push_back({x, truth.latency(x)});
    s.push_back({0.9 * x, truth.latency(x) + 40});
  }
  for (double l = 700; l <= 1500; l += 200) s.push_back({149.9, l});
  const ContentionFit f = fit_contention(outer_envelope(s));
  EXPECT_NEAR(f.a, 300, 3);
  EXPECT_NEAR(f.b, 32, 3);
  EXPECT_NEAR(f.c, 170, 3);
  const ContentionFit all = fit_contention(s);
  EXPECT_GT(std::abs(all.c - 170), 10);
}

}  // namespace
}  // namespace warpsim::mem
