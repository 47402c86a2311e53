#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "model/hw_params.h"
#include "model/model_context.h"
#include "model/model_test_util.h"
#include "model/refined_model.h"
#include "model/volkov_model.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

// The seed's Kepler equation (§6.5), with its printed coefficients.
double seed_rhs(double x, double alpha, double n) {
  return std::min({n / (300 + 32 * x / (0.1477 - x) + 9 * alpha), 0.1338, 4 / (alpha + 1)});
}

TEST(RefinedModel, BisectionSolvesTheKeplerEquationOfSection65) {
  // x = min(n / (300 + 32·x/(0.1477 − x) + 9·α), 0.1338, 4/(α+1)): the root found from the config
  // (a, b, c of Table 6.5) satisfies the printed equation to the rounding of 0.1477 and 0.1338.
  const auto cfg = warpsim::test::builtin("kepler");
  const HwParams hw = derive_hw_params(cfg);
  const Contention k = contention_of(cfg);
  EXPECT_NEAR(k.c_gbps / (128 * hw.sms * hw.clock_ghz), 0.1477, test::printed(4));
  for (double alpha : {0.0, 8.0, 32.0, 64.0, 128.0})
    for (double n : {1.0, 4.0, 16.0, 32.0, 48.0, 64.0}) {
      const double x = refined_alpha_mix_memory_ipc(hw, k, alpha, n);
      EXPECT_NEAR(x, seed_rhs(x, alpha, n), 2e-3 * x) << "alpha " << alpha << " n " << n;
    }
}

TEST(RefinedModel, RootMatchesTheAnalyticSolution) {
  // In the latency-bound branch x·(L0 + b·x/(c − x)) = n, L0 = a + 9α, is the quadratic
  // (b − L0)·x² + (L0·c + n)·x − n·c = 0; the solution is its root in (0, c), capped by the bound.
  const auto cfg = warpsim::test::builtin("kepler");
  const HwParams hw = derive_hw_params(cfg);
  const Contention k = contention_of(cfg);
  const double c = k.c_gbps / (128 * hw.sms * hw.clock_ghz);
  for (double alpha : {0.0, 16.0, 64.0})
    for (double n : {2.0, 10.0, 30.0, 64.0}) {
      const double l0 = k.a_cycles + hw.alu_lat * alpha;
      const double qa = k.b_cycles - l0, qb = l0 * c + n, qc = -n * c;
      const double root = (-qb + std::sqrt(qb * qb - 4 * qa * qc)) / (2 * qa);
      const double want = std::min(root, alpha_mix_throughput_bound(hw, alpha));
      EXPECT_NEAR(refined_alpha_mix_memory_ipc(hw, k, alpha, n), want, 1e-12) << alpha << " " << n;
    }
}

TEST(RefinedModel, KernelPathMatchesTheAlphaMixForm) {
  // The general model (latency bound linear in memory latency, slope = loads on the path) on a
  // long α-mix equals the per-group solution.
  const auto cfg = warpsim::test::builtin("kepler");
  const HwParams hw = derive_hw_params(cfg);
  for (const char* alpha : {"0", "16"}) {
    const ModelContext ctx = make_context(cfg, test::alpha_mix(alpha, 100000));
    for (double n : {4.0, 24.0, 64.0}) {
      const double mem_ipc = refined_estimate(ctx, n).warp_throughput * ctx.profile.global_mem;
      const double want = refined_alpha_mix_memory_ipc(hw, contention_of(cfg), std::stod(alpha), n);
      EXPECT_NEAR(mem_ipc, want, want * 1e-4) << alpha << " " << n;
    }
  }
}

TEST(RefinedModel, ContentionLowersThroughputBelowTheBasicModelNearTheKnee) {
  // §6.5: memory latency grows with throughput, so the knee is rounded off; the limits agree.
  const auto cfg = warpsim::test::builtin("kepler");
  const HwParams hw = derive_hw_params(cfg);
  const Contention k = contention_of(cfg);
  EXPECT_LT(refined_alpha_mix_memory_ipc(hw, k, 0, 40), alpha_mix_memory_ipc(hw, 0, 40));
  EXPECT_NEAR(refined_alpha_mix_memory_ipc(hw, k, 0, 1), 1 / (300 + 32 * 0.0033 / (0.1477 - 0.0033)), 1e-5);
  EXPECT_DOUBLE_EQ(refined_alpha_mix_memory_ipc(hw, k, 0, 4096), hw.mem_thru);
}

TEST(RefinedModel, NotAvailableWithoutAContentionFit) {
  auto cfg = warpsim::test::builtin("kepler");
  cfg.memory.contention_a_cycles = 0;
  const ModelContext ctx = make_context(cfg, test::alpha_mix("4"));
  const Estimate e = refined_estimate(ctx, 8);
  EXPECT_FALSE(e.available);
  EXPECT_NE(e.flag.find("n/a"), std::string::npos);
}

TEST(RefinedModel, FixedPointSolverHandlesASingularLatency) {
  // c below the throughput bound: latency diverges before the bound; the root stays below c.
  const double x = solve_fixed_point([](double x) { return x >= 0.5 ? 0.0 : std::min(1.0, 3 / (10 + 1 / (0.5 - x))); }, 1.0);
  EXPECT_GT(x, 0);
  EXPECT_LT(x, 0.5);
  EXPECT_NEAR(x, std::min(1.0, 3 / (10 + 1 / (0.5 - x))), 1e-9);
}

}  // namespace
}  // namespace warpsim::model
