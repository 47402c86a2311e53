#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "model/hw_params.h"
#include "model/model_context.h"
#include "model/model_test_util.h"
#include "model/prior/zhang_owens.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

TEST(ZhangOwens, Section73ThroughputIsMinOfAluAndAlphaTimesMem) {
  // §7.3: adds/cycle = min(alu(n), α · mem(n)); here with the default curves (Volkov's basic
  // limits per instruction type) on GT200 at α = 16.
  const auto cfg = warpsim::test::builtin("gt200");
  const HwParams hw = derive_hw_params(cfg);
  const ModelContext c = make_context(cfg, test::alpha_mix("16"));
  const TwoClassMix m = alpha_mix_group(hw, 16);
  for (double n = 1; n <= 32; ++n) {
    const double alu = 32 * std::min(n / 24, 0.25), mem = 32 * std::min(n / 434, hw.mem_thru);
    EXPECT_NEAR(zhang_owens(m, c.curves, n).warp_throughput * 32 * 16, std::min(alu, 16 * mem), 1e-12) << n;
  }
}

TEST(ZhangOwens, TakesMeasuredCurvesAsInput) {
  // Any alu(n), mem(n) may be passed, e.g. samples of a simulation or measurement (Figure 7.4).
  const HwParams hw = derive_hw_params(warpsim::test::builtin("gt200"));
  ThroughputCurves curves;
  curves.alu = curve_from_samples({{1, 1.3}, {2, 2.6}, {8, 8}});
  curves.mem = curve_from_samples({{1, 0.07}, {16, 0.8}});
  const TwoClassMix m = alpha_mix_group(hw, 16);
  EXPECT_DOUBLE_EQ(zhang_owens(m, curves, 1).warp_throughput * 32 * 16, std::min(1.3, 16 * 0.07));
  EXPECT_DOUBLE_EQ(zhang_owens(m, curves, 4).warp_throughput * 32 * 16, std::min(4.0, 16 * (0.07 + 0.73 * 3 / 15)));
  EXPECT_DOUBLE_EQ(zhang_owens(m, curves, 30).warp_throughput * 32 * 16, std::min(8.0, 16 * 0.8));
}

TEST(ZhangOwens, AddedTimesAreTheSection412Variant) {
  const auto cfg = warpsim::test::builtin("gt200");
  const ModelContext c = make_context(cfg, test::alpha_mix("16"));
  const TwoClassMix m = alpha_mix_group(derive_hw_params(cfg), 16);
  const double n = 4;
  const double alu_time = 16 * 32 / c.curves.alu(n), mem_time = 32 / c.curves.mem(n);
  EXPECT_DOUBLE_EQ(zhang_owens(m, c.curves, n, TimeMerge::Add).warp_throughput, 1 / (alu_time + mem_time));
  EXPECT_LT(zhang_owens(m, c.curves, n, TimeMerge::Add).warp_throughput, zhang_owens(m, c.curves, n).warp_throughput);
}

TEST(ZhangOwens, LimitsAreTheSingleTypeCurves) {
  // Accurate at α = 0 and α = ∞ (§7.3): the estimate is then the curve itself.
  const auto cfg = warpsim::test::builtin("maxwell");
  const ModelContext c = make_context(cfg, test::alpha_mix("4"));
  const HwParams hw = derive_hw_params(cfg);
  EXPECT_DOUBLE_EQ(zhang_owens(alpha_mix_group(hw, std::numeric_limits<double>::infinity()), c.curves, 12).warp_throughput * 32,
                   c.curves.alu(12));
  EXPECT_DOUBLE_EQ(zhang_owens(alpha_mix_group(hw, 0), c.curves, 12).warp_throughput * 32, c.curves.mem(12));
}

}  // namespace
}  // namespace warpsim::model
