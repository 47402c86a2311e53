// The extraction vocabulary on hand-made curves: the seed's definitions of peak (largest sample),
// latency (smallest warp latency per instruction), needed occupancy (first sample reaching the
// target, in the asked unit), throughput at an occupancy, the best-of-variants merge, and the
// Table 6.5 fit recovering known coefficients.
#include <gtest/gtest.h>

#include <cmath>

#include "validation/evaluation/extract.h"

namespace warpsim::validation {
namespace {

// min(n / 10, 1) warps per cycle over n = 4, 8, ..., 64, 4 schedulers, 64 warps at most;
// warp latency 10 cycles per instruction until saturation, then n cycles.
Curve knee_curve() {
  Curve c;
  c.schedulers = 4;
  c.max_warps = 64;
  c.chain_instructions = 100;
  for (int n = 4; n <= 64; n += 4) {
    CurvePoint p;
    p.warps = n;
    p[Metric::WarpThroughputPerSm] = std::min(n / 10.0, 1.0);
    p[Metric::MeanWarpLatency] = 100 * std::max(10.0, static_cast<double>(n));
    c.points.push_back(p);
  }
  return c;
}

}  // namespace

TEST(Extract, PeakIsTheLargestSample) { EXPECT_DOUBLE_EQ(peak(knee_curve(), Metric::WarpThroughputPerSm).v, 1.0); }

TEST(Extract, PeakOfAnEmptyCurveHasNoValueAndSaysWhy) {
  Curve c;
  c.note = "n/a: not defined for this kernel";
  const Value v = peak(c, Metric::Gbps);
  EXPECT_FALSE(v.ok());
  EXPECT_EQ(v.note, c.note);
}

TEST(Extract, LatencyIsTheSmallestWarpLatencyPerChainInstruction) {
  EXPECT_DOUBLE_EQ(latency(knee_curve(), 100).v, 10.0);
  EXPECT_DOUBLE_EQ(latency(knee_curve(), 50).v, 20.0);
}

TEST(Extract, OccupancyAtIsTheFirstSampleReachingTheTargetInTheAskedUnit) {
  const Curve c = knee_curve();
  // 90% of the peak: n / 10 >= 0.9 first at n = 12 (n = 9 is not sampled).
  EXPECT_DOUBLE_EQ(occupancy_at(c, Metric::WarpThroughputPerSm, 0.9, OccupancyUnit::WarpsPerSm).v, 12);
  EXPECT_DOUBLE_EQ(occupancy_at(c, Metric::WarpThroughputPerSm, 0.9, OccupancyUnit::WarpsPerScheduler).v, 3);
  EXPECT_DOUBLE_EQ(occupancy_at(c, Metric::WarpThroughputPerSm, 0.9, OccupancyUnit::PercentOccupancy).v, 18.75);
}

TEST(Extract, OccupancyAtATargetNeverReachedHasNoValue) {
  const Value v = occupancy_at(knee_curve(), Metric::WarpThroughputPerSm, 1.5, OccupancyUnit::WarpsPerSm);
  EXPECT_FALSE(v.ok());
  EXPECT_EQ(v.note, "not attained up to 64 warps/SM");
}

TEST(Extract, ThroughputAtNeedsASampledOccupancy) {
  EXPECT_DOUBLE_EQ(throughput_at(knee_curve(), Metric::WarpThroughputPerSm, 8).v, 0.8);
  const Value v = throughput_at(knee_curve(), Metric::WarpThroughputPerSm, 9);
  EXPECT_FALSE(v.ok());
  EXPECT_NE(v.note.find("9 warps/SM not simulated"), std::string::npos);
}

TEST(Extract, MergeBestKeepsTheLargestSampleAtEachOccupancy) {
  Curve a = knee_curve(), b = knee_curve();
  for (auto& p : b.points) p[Metric::WarpThroughputPerSm] *= p.warps == 8 ? 1.5 : 0.5;
  const Curve m = merge_best({a, b}, Metric::WarpThroughputPerSm);
  ASSERT_EQ(m.points.size(), a.points.size());
  EXPECT_DOUBLE_EQ(m.points[1][Metric::WarpThroughputPerSm], 1.2);  // n = 8: from b
  EXPECT_DOUBLE_EQ(m.points[0][Metric::WarpThroughputPerSm], 0.4);  // n = 4: from a
}

TEST(Extract, UnitConversionsRoundTrip) {
  const Curve c = knee_curve();
  for (auto u : {OccupancyUnit::WarpsPerSm, OccupancyUnit::WarpsPerScheduler, OccupancyUnit::PercentOccupancy})
    EXPECT_DOUBLE_EQ(from_unit(to_unit(24, u, c), u, c), 24);
}

TEST(Extract, FitAbcRecoversTheKeplerCoefficientsOfTable6_5) {
  // Samples of latency = 300 + 32 x / (170 - x) at 10 .. 160 GB/s (Volkov 2016 Table 6.5, Kepler).
  std::vector<std::pair<double, double>> s;
  for (double x = 10; x <= 160; x += 10) s.emplace_back(x, 300 + 32 * x / (170 - x));
  const AbcFit f = fit_abc(s);
  EXPECT_NEAR(f.a, 300, 0.5);
  EXPECT_NEAR(f.b, 32, 0.5);
  EXPECT_NEAR(f.c, 170, 0.2);
  EXPECT_LT(f.rms, 0.1);
}

TEST(Extract, FitAbcOfConstantLatencyHasNoContentionTerm) {
  std::vector<std::pair<double, double>> s;
  for (double x = 10; x <= 100; x += 10) s.emplace_back(x, 444);
  const AbcFit f = fit_abc(s);
  EXPECT_NEAR(f.a, 444, 1e-9);
  EXPECT_NEAR(f.b, 0, 1e-9);
}

TEST(Extract, FitAbcNeedsThreeSamples) { EXPECT_TRUE(std::isnan(fit_abc({{1, 2}, {2, 3}}).a)); }

}  // namespace warpsim::validation
