#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "model/hw_params.h"
#include "model/model_test_util.h"
#include "model/prior/baghsorkhi.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

TEST(Baghsorkhi, Section72G80MemoryOnlyIsOneOverMax448Minus4nAnd37) {
  // §7.2: at α = 0, throughput = 1 / max(448 − 4n, 37) IPC/SM on G80. 37 is 1 / 0.0268 printed to
  // the cycle, so allow half a cycle in the saturated part.
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("g80")), 0);
  for (double n = 1; n <= 24; ++n) {
    const double want = 1 / std::max(448 - 4 * n, 37.0);
    EXPECT_NEAR(baghsorkhi(m, n).warp_throughput, want, want * 0.5 / 37) << n;
  }
}

TEST(Baghsorkhi, Section72IntermediateAlphaFollowsTheSummary) {
  // Warp latency = max(37, x, 440 − (n − 2)·x), x = α · max(4, 20 / n) + 4, adds = 32α / latency.
  const HwParams hw = derive_hw_params(warpsim::test::builtin("g80"));
  for (double alpha : {11.0, 32.0}) {
    const TwoClassMix m = alpha_mix_group(hw, alpha);
    for (double n = 1; n <= 24; ++n) {
      const double x = alpha * std::max(4.0, 20 / n) + 4;
      const double want = 32 * alpha / std::max({1 / hw.mem_thru, x, 440 - (n - 2) * x});
      EXPECT_NEAR(baghsorkhi(m, n).warp_throughput * 32 * alpha, want, want * 1e-12) << alpha << " " << n;
    }
  }
}

TEST(Baghsorkhi, AccurateForAddsOnly) {
  // α = ∞: 32 / max(4, 20 / n) adds/cycle, as the basic model.
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("g80")), std::numeric_limits<double>::infinity());
  EXPECT_DOUBLE_EQ(baghsorkhi(m, 1).warp_throughput * 32, 32 / 20.0);
  EXPECT_DOUBLE_EQ(baghsorkhi(m, 10).warp_throughput * 32, 8);
}

TEST(Baghsorkhi, PinBandwidthVariantUsesTheFasterPeak) {
  // "If we use pin bandwidth (86.4 GB/s) ... the results are not substantially different."
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("g80")), 0);
  EXPECT_GT(baghsorkhi(m, 200, Bandwidth::Pin).warp_throughput, baghsorkhi(m, 200).warp_throughput);
  EXPECT_NEAR(1 / baghsorkhi(m, 200, Bandwidth::Pin).warp_throughput, 128 / (86.4 / (16 * 1.35)), 1e-9);
}

}  // namespace
}  // namespace warpsim::model
