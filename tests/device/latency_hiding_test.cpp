// Latency hiding emerging from the mechanisms: the toy of Volkov Figure 4.7, instruction
// latencies recovered by the method of §6.1, dual issue, and the throughput bound.
#include <gtest/gtest.h>

#include "device/simulate.h"
#include "isa/generators.h"
#include "support/fixture_configs.h"
#include "support/test_support.h"

namespace warpsim::device {
namespace {
Result run(const config::HwConfig& cfg, const std::string& gen, isa::ParamMap p, int warps) {
  RunOptions o;
  o.warps_per_sm = warps;
  o.sms = 1;
  return simulate(cfg, isa::generate(*isa::find_generator(gen), p), o);
}
}  // namespace

TEST(Figure4_7, PeakArithmeticThroughputNeedsSixWarpsNotFive) {
  // alpha = 4: a group is 12 + 4 x 3 = 24 cycles per warp; 6 warps give 6 x 4 / 24 = 1 IPC of adds.
  const auto toy = test::builtin("toy");
  const double at5 = run(toy, "alpha_mix", {{"alpha", "4"}, {"loads", "400"}}, 5).adds_per_cycle_per_sm / 32;
  const double at6 = run(toy, "alpha_mix", {{"alpha", "4"}, {"loads", "400"}}, 6).adds_per_cycle_per_sm / 32;
  const double at12 = run(toy, "alpha_mix", {{"alpha", "4"}, {"loads", "400"}}, 12).adds_per_cycle_per_sm / 32;
  EXPECT_NEAR(at5, 5.0 * 4 / 24, 0.01);
  EXPECT_NEAR(at6, 1.0, 0.01);
  EXPECT_NEAR(at12, 1.0, 0.01);  // the peak: more warps add nothing
}

TEST(Figure4_7, ThreeArithmeticAndThreeMemoryInstructionsInFlight) {
  // Little's law per instruction class: in flight = latency x throughput (Volkov §4.6).
  const auto toy = test::builtin("toy");
  const Result r = run(toy, "alpha_mix", {{"alpha", "4"}, {"loads", "400"}}, 6);
  const double alu_ipc = r.adds_per_cycle_per_sm / 32, mem_ipc = r.mem_ipc_per_sm;
  EXPECT_NEAR(alu_ipc * toy.alu.latency_cycles, 3.0, 0.1);
  EXPECT_NEAR(mem_ipc * r.access_latency.mean, 3.0, 0.1);
  EXPECT_NEAR(r.access_latency.mean, 12.0, 0.01);
}

TEST(InstructionLatency, Section6_1MethodRecoversTheConfiguredLatencies) {
  // Smallest warp latency per repeated instruction over occupancies = register-dependency latency.
  const auto cfg = test::maxwell_like();
  for (auto [op, latency] : {std::pair{"add", 6}, {"sfu", 13}, {"smem", 24}, {"smem2", 26}}) {
    double best = 1e18;
    for (int n : {1, 2, 4, 8}) best = std::min(best, run(cfg, "homogeneous", {{"op", op}, {"count", "1024"}}, n).mean_warp_latency / 1024);
    EXPECT_NEAR(best, latency, 0.05) << op;
  }
}

TEST(InstructionLatency, Section4_7ACudaCoreConsumerSeesTheShorterLatencyEvenWhenItRewritesTheRegister) {
  // Maxwell: an LDS result reaches a dependent FADD in 22 cycles, not 24, a MUFU result in 9, not
  // 13 (Volkov §4.7, §6.1). The mixes' FADD R1, R1, R2 also rewrites R1: the write-after-write
  // wait must see the same, shorter latency, so a group of one and one FADD (6) takes 28 and 15.
  const auto cfg = test::builtin("maxwell");
  for (auto [mix, group] : {std::pair{"smem_mix", 22 + 6}, {"sfu_mix", 9 + 6}}) {
    const double per_group = run(cfg, mix, {{"alpha", "1"}, {"groups", "256"}}, 1).mean_warp_latency / 256;
    EXPECT_NEAR(per_group, group, 0.1) << mix;
  }
}

TEST(DualIssue, IndependentAddsExceedOneInstructionPerCycleOnKepler) {
  // 48 cores per scheduler: with ILP 2 two adds pair, up to 1.5 per cycle; dependent adds cannot.
  const auto cfg = test::kepler_like();
  const double dependent = run(cfg, "homogeneous", {{"op", "add"}, {"count", "4096"}}, 64).ops_per_cycle_per_scheduler;
  const double ilp2 = run(cfg, "homogeneous", {{"op", "add"}, {"ilp", "2"}, {"count", "4096"}}, 64).ops_per_cycle_per_scheduler;
  EXPECT_NEAR(dependent, 32, 0.5);  // Volkov Table 6.1: 32* on Kepler without ILP
  EXPECT_GT(ilp2, 40);
  EXPECT_LE(ilp2, 48.0 + 1e-9);  // never above the cores
}

TEST(ThroughputBound, SimulatedThroughputNeverExceedsThePipes) {
  const auto cfg = test::maxwell_like();
  for (int n : {8, 32, 64}) {
    EXPECT_LE(run(cfg, "homogeneous", {{"op", "add"}}, n).ops_per_cycle_per_scheduler, cfg.alu.ops_per_cycle + 1e-9);
    EXPECT_LE(run(cfg, "homogeneous", {{"op", "sfu"}}, n).ops_per_cycle_per_scheduler, cfg.sfu.ops_per_cycle + 1e-9);
    EXPECT_LE(run(cfg, "homogeneous", {{"op", "smem"}}, n).ops_per_cycle_per_scheduler, 32.0 / cfg.scheduler.count + 1e-9);
  }
}

}  // namespace warpsim::device
