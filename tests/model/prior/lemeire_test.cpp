#include <gtest/gtest.h>

#include "isa/generators.h"
#include "isa/kernel.h"
#include "model/model_context.h"
#include "model/model_test_util.h"
#include "model/prior/lemeire.h"
#include "model/volkov_model.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

double lambda_of(const char* gpu, isa::OpClass cls) {
  const auto cfg = warpsim::test::builtin(gpu);
  const auto k = test::alpha_mix("1");
  return pipeline_issue_latency(cfg, profile_kernel(cfg, k), k)[isa::index(cls)];
}

TEST(Lemeire, TableIIIssueLatenciesFollowFromTheConfig) {
  // Lemeire Table II, issue latency λ per warp instruction per CU: SP 4 (Tesla), 1 (Fermi); SF 16
  // (Tesla), 8 (Fermi), 1 (Kepler). Kepler SP without ILP is issue-bound: 0.25 (Table II's 0.18
  // is measured with independent instructions, which dual-issue).
  using isa::OpClass;
  EXPECT_DOUBLE_EQ(lambda_of("gt200", OpClass::Alu), 4);
  EXPECT_DOUBLE_EQ(lambda_of("fermi", OpClass::Alu), 1);
  EXPECT_DOUBLE_EQ(lambda_of("kepler", OpClass::Alu), 0.25);
  EXPECT_DOUBLE_EQ(lambda_of("gt200", OpClass::Sfu), 16);
  EXPECT_DOUBLE_EQ(lambda_of("fermi", OpClass::Sfu), 8);
  EXPECT_DOUBLE_EQ(lambda_of("kepler", OpClass::Sfu), 1);
}

TEST(Lemeire, CompletionLatencyIsTheRegisterDependencyLatency) {
  // Λ for SP: 9 cycles on Kepler, 18 on Fermi (Table II) — one warp of dependent adds.
  for (auto [gpu, lat] : {std::pair{"kepler", 9.0}, std::pair{"fermi", 18.0}}) {
    const ModelContext c = make_context(warpsim::test::builtin(gpu), test::alpha_mix("inf", 1000));
    EXPECT_NEAR(lemeire(c, 1).warp_throughput * c.profile.alu, 1 / lat, 1e-3 / lat) << gpu;
  }
}

TEST(Lemeire, EqualsVolkovOnTheDependentAlphaMix) {
  // With one CUDA-core and one memory pipeline and single issue folded into λ, the α-mix gives
  // 32·α·min(n / (mem_lat + α·alu_lat), mem_thru, alu_thru / α) — Table 4.2 on Kepler.
  const auto cfg = warpsim::test::builtin("kepler");
  const HwParams hw = derive_hw_params(cfg);
  const ModelContext c = make_context(cfg, test::alpha_mix("16", 100000));
  for (double n : {2.0, 16.0, 64.0}) {
    const double want = alpha_mix_adds(hw, 16, n);
    EXPECT_NEAR(lemeire(c, n).warp_throughput * c.profile.alu * 32, want, want * 1e-4) << n;
  }
}

TEST(Lemeire, SfuAndCudaCoresShareOneComputePipeline) {
  // Unlike Volkov's worksheet (separate SFU and CUDA-core limits), the pipeline model adds their
  // issue latencies: on Kepler one MUFU + one FADD per group is 1 + 0.25 cycles, not max(1, 0.5).
  const auto cfg = warpsim::test::builtin("kepler");
  const auto k = isa::generate(*isa::find_generator("sfu_mix"), {{"alpha", "1"}, {"groups", "1000"}});
  const ModelContext c = make_context(cfg, k);
  const double groups = 1000;
  EXPECT_NEAR(1 / (lemeire(c, 64).warp_throughput * groups), 1.25, 1e-2);
  EXPECT_NEAR(1 / (volkov_estimate(c, 64).warp_throughput * groups), 1.0, 1e-2);
}

}  // namespace
}  // namespace warpsim::model
