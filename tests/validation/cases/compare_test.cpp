// Comparison and tolerance rules: a measured point, a measured range from bound=lower/upper rows, a
// qualitative relation; signed errors relative to the nearer end or absolute; tolerance inclusive;
// no number is never within tolerance.
#include <gtest/gtest.h>

#include <cmath>

#include "validation/cases/compare.h"

namespace warpsim::validation {
namespace {

Measurement row(double v, const std::string& bound = "") {
  Measurement m;
  m.id.assign(1, 'r');
  m.value = v;
  m.value_text = std::to_string(static_cast<int>(v));
  m.unit = std::string("percent_occupancy");
  if (!bound.empty()) m.params["bound"] = bound;
  return m;
}

const Tolerance kFivePercent{true, 0.05, ""};
const Tolerance kOneWarp{false, 1, "warps_per_scheduler"};

}  // namespace

TEST(Compare, PointReferenceGivesSignedRelativeError) {
  const Measurement m = row(156);
  const Reference r = reference_from({&m});
  EXPECT_TRUE(r.measured);
  EXPECT_NEAR(error_of(163.8, r, true), 0.05, 1e-12);
  EXPECT_NEAR(error_of(148.2, r, true), -0.05, 1e-12);
  EXPECT_DOUBLE_EQ(error_of(150, r, false), -6);
}

TEST(Compare, ToleranceIsInclusiveAndRejectsBeyond) {
  const Measurement m = row(156);
  const Reference r = reference_from({&m});
  EXPECT_TRUE(within(156 * 1.05, r, kFivePercent));
  EXPECT_FALSE(within(156 * 1.051, r, kFivePercent));
  EXPECT_TRUE(within(155, r, kOneWarp));
  EXPECT_FALSE(within(154.9, r, kOneWarp));
}

TEST(Compare, BoundRowsMakeARangeAndInsideIsNoError) {
  const Measurement lo = row(6, "lower"), hi = row(15, "upper");
  const Reference r = reference_from({&lo, &hi});
  EXPECT_EQ(r.text, "6 .. 15");
  EXPECT_DOUBLE_EQ(error_of(10, r, true), 0);
  EXPECT_DOUBLE_EQ(error_of(18, r, true), 0.2);  // 3 past the upper end 15
  EXPECT_DOUBLE_EQ(error_of(3, r, false), -3);   // 3 below the lower end 6
}

TEST(Compare, EachEndShowsTheRowThatSetsIt) {
  // Not the last row read: two lower bounds 8 and 6 would read "6 .. 15" for the range [8, 15].
  const Measurement a = row(8, "lower"), b = row(6, "lower"), hi = row(15, "upper"), hi2 = row(20, "upper");
  const Reference r = reference_from({&a, &b, &hi, &hi2});
  EXPECT_DOUBLE_EQ(r.lo, 8);
  EXPECT_DOUBLE_EQ(r.hi, 15);
  EXPECT_EQ(r.text, "8 .. 15");
}

TEST(Compare, ALoneLowerBoundIsOpenAbove) {
  const Measurement lo = row(8, "lower");
  const Reference r = reference_from({&lo});
  EXPECT_EQ(r.text, ">= 8");
  EXPECT_DOUBLE_EQ(error_of(100, r, true), 0);
  EXPECT_DOUBLE_EQ(error_of(6, r, true), -0.25);
}

TEST(Compare, EstimateRowsAreNotMeasurements) {
  Measurement m = row(12);
  m.params["estimate"] = "linear";
  EXPECT_FALSE(reference_from({&m}).measured);
}

TEST(Compare, RelationIsAHalfOpenRangeWithoutTolerance) {
  CompareSpec c;
  c.less_than = 0.3;
  const Reference r = reference_from_relation(c);
  EXPECT_EQ(r.text, "< 0.3");
  const Tolerance none{true, 0, ""};
  EXPECT_TRUE(within(0.1, r, none));
  EXPECT_FALSE(within(0.31, r, none));
  EXPECT_FALSE(r.measured);
}

TEST(Compare, NoNumberIsNeverWithinTolerance) {
  const Measurement m = row(10);
  const Reference r = reference_from({&m});
  EXPECT_TRUE(std::isnan(error_of(NAN, r, true)));
  EXPECT_FALSE(within(NAN, r, Tolerance{true, 1e9, ""}));
  EXPECT_FALSE(within(10, reference_from_value(NAN, "volkov n/a"), kFivePercent));
}

TEST(Compare, OutputUnitFollowsTheExtraction) {
  Extract e;
  e.kind = ExtractKind::Peak;
  e.metric = "gbps";
  EXPECT_EQ(output_unit(e), "gbps");
  e.kind = ExtractKind::OccupancyAt;
  e.unit = OccupancyUnit::WarpsPerScheduler;
  EXPECT_EQ(output_unit(e), "warps_per_scheduler");
  e.kind = ExtractKind::FitAbc;
  e.coefficient = 'c';
  EXPECT_EQ(output_unit(e), "gbps");
  e.kind = ExtractKind::ThroughputAt;
  e.metric = "access_latency_p50";
  EXPECT_EQ(output_unit(e), "cycles");
}

TEST(Compare, AMeasuredFitIsEvaluatedAtTheThroughputAndUndefinedPastItsPole) {
  // Table 6.5, Kepler: a = 300, b = 32, c = 170 GB/s; at 77 GB/s (half of the 154 GB/s peak)
  // the latency is 300 + 32 * 77 / 93 = 326.5 cycles.
  Measurement a = row(300), b = row(32), c = row(170);
  a.unit = b.unit = "cycles";
  c.unit = "gbps";
  const Reference r = reference_from_fit(a, b, c, 77);
  EXPECT_NEAR(r.lo, 300 + 32.0 * 77 / 93, 1e-9);
  EXPECT_EQ(r.lo, r.hi);
  EXPECT_TRUE(r.measured);
  EXPECT_EQ(r.unit, "cycles");
  EXPECT_TRUE(within(330, r, Tolerance{true, 0.02, ""}));
  EXPECT_FALSE(within(300, r, Tolerance{true, 0.05, ""}));
  const Reference past = reference_from_fit(a, b, c, 170);
  EXPECT_FALSE(within(1e6, past, Tolerance{true, 1e9, ""}));
  EXPECT_EQ(past.text, "beyond c");
}

}  // namespace warpsim::validation
