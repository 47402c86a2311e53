#include <gtest/gtest.h>

#include <limits>

#include "model/hw_params.h"
#include "model/model_test_util.h"
#include "model/prior/hong_kim.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

TEST(HongKim, Section71Gt200MwpAndCwp) {
  // §7.1: 141.7 GB/s / (1.296 GHz · 30 SMs · 128 B) x 434 cycles = 12.4; CWP = 434 / (4 · 33) + 1
  // = 4.3 at α = 32 (both printed to 0.1).
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("gt200")), 32);
  const HongKimTerms t = hong_kim_terms(m, 48);
  EXPECT_NEAR(t.mwp_peak_bw, 12.4, test::printed(1));
  EXPECT_NEAR(t.cwp_full, 4.3, test::printed(1));
  EXPECT_DOUBLE_EQ(hong_kim_terms(m, 2).mwp, 2);
  EXPECT_DOUBLE_EQ(hong_kim_terms(m, 2).cwp, 2);
}

TEST(HongKim, Section71TimesInTheLatencyAndComputeBoundModes) {
  // Time(n ≤ 4.3) = 434 + 4·(α+1) (Eq. 22); Time(n ≥ 4.3) = 4·n·(α+1) (Eq. 24), α = 32;
  // throughput = 32·n·α / Time adds/cycle/SM.
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("gt200")), 32);
  for (double n : {1.0, 2.0, 4.0}) EXPECT_DOUBLE_EQ(hong_kim(m, n).warp_throughput * 32 * 32, 32 * n * 32 / (434 + 4 * 33.0)) << n;
  for (double n : {5.0, 10.0, 32.0}) EXPECT_DOUBLE_EQ(hong_kim(m, n).warp_throughput * 32 * 32, 32 * n * 32 / (4 * n * 33)) << n;
}

TEST(HongKim, IgnoresArithmeticLatencyAtAlphaInfinity) {
  // §7.1: a flat 4 CPI at every occupancy when all instructions are adds.
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("gt200")), std::numeric_limits<double>::infinity());
  for (double n : {1.0, 3.0, 32.0}) EXPECT_DOUBLE_EQ(hong_kim(m, n).warp_throughput, 0.25) << n;
}

TEST(HongKim, AlphaZeroIsTheBasicModelAtPinBandwidth) {
  // §7.1: at α = 0 the model is like min(n / mem_lat, peak) — with pin bandwidth as the peak.
  const HwParams hw = derive_hw_params(warpsim::test::builtin("gt200"));
  const TwoClassMix m = alpha_mix_group(hw, 0);
  EXPECT_NEAR(hong_kim(m, 1).warp_throughput, 1 / (434 + 4.0), 1e-12);  // Eq. 22, one instruction time
  EXPECT_NEAR(hong_kim(m, 32).warp_throughput, hw.pin_thru, 1e-12);
}

}  // namespace
}  // namespace warpsim::model
