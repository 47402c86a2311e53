#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "model/hw_params.h"
#include "model/littles_law.h"
#include "model/model_context.h"
#include "model/model_test_util.h"
#include "model/prior/huang.h"
#include "model/volkov_model.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
using P = HuangPolicy;

TEST(Huang, Section75FermiMemoryOnlyAt48WarpsIs252Gbps) {
  // §7.5: IPC = n·(1+α)/(mem_lat + α·alu_lat) with no throughput limit: 48/513 IPC/SM at α = 0,
  // x 128 B x 15 SMs x 1.4 GHz = 252 GB/s (printed to the GB/s), above the 177 GB/s pin bandwidth.
  const auto cfg = warpsim::test::builtin("fermi");
  const HwParams hw = derive_hw_params(cfg);
  const Estimate e = huang(huang_alpha_mix(cfg, 0), 48, P::RoundRobin, false);
  EXPECT_DOUBLE_EQ(e.warp_throughput, 48 / 513.0);
  EXPECT_NEAR(ipc_per_sm_to_gbps(hw, e.warp_throughput), 252, 0.5);
  EXPECT_DOUBLE_EQ(huang(huang_alpha_mix(cfg, 0), 48, P::GreedyThenOldest, false).warp_throughput, e.warp_throughput);
}

TEST(Huang, Section75MaxwellAddsOnlyAt64WarpsIs341AddsPerCycle) {
  // §7.5: α = ∞, n per scheduler: 16 warps / 6 cycles x 4 schedulers x 32 = 341 adds/cycle/SM,
  // above the 128 CUDA cores.
  const Estimate e = huang(huang_alpha_mix(warpsim::test::builtin("maxwell"), kInf), 64, P::RoundRobin, false);
  EXPECT_NEAR(e.warp_throughput * 32, 341, 0.5);
}

TEST(Huang, Section75KeplerAlpha32AgreesWithVolkovWhenNotThroughputBound) {
  // §7.5: Kepler, α = 32, 100% occupancy: both models give the same throughput, as no throughput
  // limit is reached. (The seed prints 115 adds/cycle/SM; its own Table 4.2 gives
  // 32·32·64/(301 + 9·32) = 111.3 at 64 warps, so the 115 is not checked.)
  const auto cfg = warpsim::test::builtin("kepler");
  const double huang_adds = huang(huang_alpha_mix(cfg, 32), 64, P::RoundRobin, false).warp_throughput * 32 * 32;
  EXPECT_DOUBLE_EQ(huang_adds, alpha_mix_adds(derive_hw_params(cfg), 32, 64));
  EXPECT_NEAR(huang(huang_alpha_mix(cfg, 32), 64, P::GreedyThenOldest, false).warp_throughput * 32 * 32, huang_adds, 1e-9);
}

TEST(Huang, Section76GreedyThenOldestExceedsTheIssueLimitForAdds) {
  // §7.6: α = ∞: IPC = n / max(alu_lat, (n−1)(1 − 1/alu_lat) + 1) per scheduler; at large n the
  // CPI tends to 1 − 1/alu_lat, 20% above the 1 IPC peak on Maxwell (alu_lat = 6).
  const HuangInput in = huang_alpha_mix(warpsim::test::builtin("maxwell"), kInf);
  const double n_sched = 16;
  EXPECT_NEAR(huang(in, 4 * n_sched, P::GreedyThenOldest, false).warp_throughput / 4, n_sched / ((n_sched - 1) * (1 - 1 / 6.0) + 1), 1e-12);
  EXPECT_NEAR(huang(in, 4 * 4096, P::GreedyThenOldest, false).warp_throughput / 4, 1.2, 1e-3);
  EXPECT_NEAR(huang(in, 4 * 3, P::GreedyThenOldest, false).warp_throughput / 4, 3 / 6.0, 1e-12);  // below alu_lat: latency-bound
}

TEST(Huang, Section77SyntheticGpuRhoExceedsOne) {
  // §7.7: s = 0.667, 16 cores, n = 32, mem_lat = 300: rho = 32·16/300 · 0.667 ≈ 1.14.
  const auto in = huang_alpha_mix(test::huang_synthetic_gpu(), 0);
  const HuangTerms t = huang_terms(in, 32, P::RoundRobin, true);
  EXPECT_NEAR(t.s, 0.667, test::printed(3));
  EXPECT_NEAR(t.rho, 1.14, test::printed(2));
  EXPECT_NE(huang(in, 32, P::RoundRobin, true).flag.find("rho"), std::string::npos);
}

TEST(Huang, Section77SyntheticGpuGivesNegativeCpiAt29Warps) {
  // §7.7: n = 29, α = 0: rho ≈ 1.03, Bandwidth_delay ≈ −11, CPI_final = 300/29 + delay ≈ −0.7.
  const auto in = huang_alpha_mix(test::huang_synthetic_gpu(), 0);
  const HuangTerms t = huang_terms(in, 29, P::RoundRobin, true);
  EXPECT_NEAR(t.rho, 1.03, test::printed(2));
  EXPECT_NEAR(t.bandwidth_delay, -11, test::printed(0));
  EXPECT_NEAR(t.cpi_final, -0.7, test::printed(1));
  const Estimate e = huang(in, 29, P::GreedyThenOldest, true);
  EXPECT_LT(e.warp_throughput, 0);
  EXPECT_NE(e.flag.find("negative execution time: model flaw"), std::string::npos);
}

TEST(Huang, Section77SingularAt28Point1WarpsForAlpha16) {
  // §7.7: α = 16 on the synthetic GPU: the delay is singular where rho = 1, n ≈ 28.1.
  const auto in = huang_alpha_mix(test::huang_synthetic_gpu(), 16);
  const double n_singular = 300 / (16 * huang_terms(in, 1, P::RoundRobin, true).s);
  EXPECT_NEAR(n_singular, 28.1, test::printed(1));
  EXPECT_GT(huang(in, 28.0, P::RoundRobin, true).warp_throughput, 0);
  EXPECT_LT(huang(in, 28.2, P::RoundRobin, true).warp_throughput, 0);
}

TEST(Huang, Section77FermiAlpha32At34WarpsIsNegativeTwelveAddsPerCycle) {
  // §7.7: the same singularity on Fermi at α = 32: about −12 adds/cycle/SM at n = 34, both policies.
  const auto in = huang_alpha_mix(warpsim::test::builtin("fermi"), 32);
  for (P p : {P::RoundRobin, P::GreedyThenOldest}) EXPECT_NEAR(huang(in, 34, p, true).warp_throughput * 32 * 32, -12, test::printed(0));
}

TEST(Huang, Section78FermiStride2At17WarpsHasNegativeCpi) {
  // §7.8: stride-2 loads map to 2 transactions; n = 17, α = 0, 15 cores, 513 cycles, 1.4 GHz,
  // 177.4 GB/s: Bandwidth_delay ≈ −120 (two digits) and CPI_final ≈ −89 cycles per instruction.
  const auto cfg = warpsim::test::builtin("fermi");
  for (P p : {P::RoundRobin, P::GreedyThenOldest}) {
    const HuangTerms t = huang_terms(huang_alpha_mix(cfg, 0, 2), 17, p, true);
    EXPECT_NEAR(t.bandwidth_delay, -120, 5);
    EXPECT_NEAR(t.cpi_final, -89, test::printed(0));
  }
  // The same from the stride-2 kernel itself: the coalescer gives the 2 transactions.
  const ModelContext c = make_context(cfg, test::alpha_mix("0", 100000, "stride:2"));
  EXPECT_DOUBLE_EQ(huang_input(c).transactions, 2);
  const HuangTerms t = huang_terms(huang_input(c), 17, P::RoundRobin, true);
  EXPECT_NEAR(t.cpi_final, -89, test::printed(0));
  EXPECT_NE(huang(c, 17, P::RoundRobin, true).flag.find("negative execution time"), std::string::npos);
}

TEST(Huang, KernelPathMatchesTheGroupForm) {
  const auto cfg = warpsim::test::builtin("kepler");
  const ModelContext c = make_context(cfg, test::alpha_mix("8", 100000));
  for (P p : {P::RoundRobin, P::GreedyThenOldest})
    for (double n : {4.0, 40.0}) {
      const double group = huang(huang_alpha_mix(cfg, 8), n, p, false).warp_throughput;
      EXPECT_NEAR(huang(c, n, p, false).warp_throughput * 100000, group, group * 1e-4) << n;
    }
}

TEST(Huang, MshrShortageIsNotDefinedInTheSeeds) {
  // Eq. 20's MSHR_delay is not given: more requests than MSHRs gives "n/a", not a guess.
  auto cfg = warpsim::test::builtin("fermi");
  cfg.lsu.mshrs = 64;                                                                  // Nugteren et al. 2014, as §7.7 quotes
  EXPECT_TRUE(huang(huang_alpha_mix(cfg, 0, 2), 17, P::RoundRobin, true).available);   // 34 requests
  EXPECT_FALSE(huang(huang_alpha_mix(cfg, 0, 2), 40, P::RoundRobin, true).available);  // 80 requests
}

}  // namespace
}  // namespace warpsim::model
