#include <gtest/gtest.h>

#include <sstream>

#include "common/user_error.h"
#include "isa/workload_parser.h"
#include "isa/workloads.h"
#include "model/execution_graph.h"
#include "model/latency_bound.h"
#include "model/model_context.h"
#include "model/model_test_util.h"
#include "model/volkov_model.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

struct VectorAdd {
  config::HwConfig cfg = warpsim::test::builtin("kepler");
  isa::Kernel kernel = isa::load_workload("vector_add");
  KernelProfile profile = profile_kernel(cfg, kernel);
};

TEST(ExecutionGraph, VectorAddOnKeplerPairsFourInstructionsAsFigure35) {
  // §3.8: loads never pair with loads; 12 instructions leave four dual-issue pairs:
  // MOV+S2R, ISCADD+ISCADD, LD+ISCADD, ST+EXIT.
  VectorAdd v;
  EXPECT_DOUBLE_EQ(v.profile.dual_issues, 4);
  const std::vector<size_t> first_of_pair{0, 4, 7, 10};
  for (size_t pc : first_of_pair) EXPECT_TRUE(v.profile.dual_issued_with_next[pc]) << pc;
}

TEST(ExecutionGraph, VectorAddOnKeplerLongestPathIs544Cycles) {
  // §3.8, Figure 3.5: MOV/S2R at 0, S2R 3 (ILP latency), IMAD 12 (S2R + 9), ISCADDs 21, LD 30,
  // LD 33, FADD 334 (LD + 301), ST/EXIT 343 (FADD + 9), warp terminated 343 + 201 = 544 (exact).
  VectorAdd v;
  const ExecutionGraph g = build_execution_graph(v.cfg, v.kernel, v.profile, {}, kMaxGraphNodes);
  const LongestPath lp = longest_path(g);
  EXPECT_DOUBLE_EQ(lp.length, 544);
  const std::vector<double> issue{0, 0, 3, 12, 21, 21, 30, 33, 33, 334, 343, 343};
  for (size_t i = 0; i < issue.size(); ++i) EXPECT_DOUBLE_EQ(lp.start[i], issue[i]) << "instruction " << i;
  EXPECT_EQ(lp.path.front(), 0u);
  EXPECT_EQ(lp.path.back(), g.end);
}

TEST(ExecutionGraph, VectorAddMemoryThroughputIsMinOf635GbpsPerWarpAnd154) {
  // §3.8: warp throughput = min(n / 544, 0.0445); times 3 x 128 B x 8 SMs x 1.124 GHz gives
  // min(n · 6.35 GB/s, 154 GB/s). 6.35 is printed to 0.01; 154 is the config's peak itself.
  VectorAdd v;
  const ModelContext c = make_context(v.cfg, v.kernel);
  const double bytes = c.profile.bytes_requested * v.cfg.device.sms * v.cfg.device.core_clock_ghz;
  EXPECT_DOUBLE_EQ(c.profile.bytes_requested, 384);
  for (int n : {1, 2, 5, 10, 20}) {
    const double gbps = volkov_estimate(c, n).warp_throughput * bytes;
    EXPECT_NEAR(gbps, n * 6.35, n * test::printed(2)) << n;
  }
  for (int n : {30, 48, 64}) EXPECT_NEAR(volkov_estimate(c, n).warp_throughput * bytes, 154, 1e-9) << n;
}

TEST(ExecutionGraph, GraphvizExportMarksTheLongestPath) {
  VectorAdd v;
  const ExecutionGraph g = build_execution_graph(v.cfg, v.kernel, v.profile, {}, kMaxGraphNodes);
  std::ostringstream os;
  write_graphviz(os, g, longest_path(g), v.kernel, "vector_add on kepler");
  const std::string dot = os.str();
  EXPECT_EQ(dot.rfind("digraph", 0), 0u);
  EXPECT_NE(dot.find("longest path: 544 cycles"), std::string::npos);
  EXPECT_NE(dot.find("color=red"), std::string::npos);
  EXPECT_NE(dot.find("warp terminated"), std::string::npos);
  EXPECT_NE(dot.find("label=\"301\""), std::string::npos);  // the load's register-dependency edge
}

TEST(ExecutionGraph, BarrierLatencyFollowsTheBarrier) {
  // §3.7, Listing 3.3: the instruction after BAR issues the barrier latency (34 cycles on Fermi)
  // after it. One warp alone reaches the barrier without waiting for others.
  auto cfg = warpsim::test::builtin("fermi");
  cfg.sm.barrier_latency_cycles = 34;
  const auto k = isa::parse_workload("BAR.SYNC 0\nFADD R1, R1, R2\n", "bar.wl");
  const auto p = profile_kernel(cfg, k);
  const LongestPath lp = longest_path(build_execution_graph(cfg, k, p, {}, kMaxGraphNodes));
  EXPECT_DOUBLE_EQ(lp.start[1], 34);
}

TEST(ExecutionGraph, LongLoopsExtrapolateToTheExactUnrolledLength) {
  // A loop cut to 8 and 16 trips and extended linearly must equal the full unrolling.
  const auto cfg = warpsim::test::builtin("maxwell");
  const auto full = test::alpha_mix("3", 20000);  // 80 001 instructions: unrolled in one piece
  const auto p = profile_kernel(cfg, full);
  const LatencyBound exact = latency_bound(cfg, full, p);
  EXPECT_FALSE(exact.extrapolated);
  const auto longer = test::alpha_mix("3", 200000);  // 800 001: extrapolated
  const LatencyBound ex = latency_bound(cfg, longer, profile_kernel(cfg, longer));
  EXPECT_TRUE(ex.extrapolated);
  // (368 + 3 x 6) per group, 10x the groups; the constant part (EXIT, termination) is shared.
  EXPECT_DOUBLE_EQ(ex.cycles - exact.cycles, 180000 * (368 + 3 * 6));
  // The last add issues 6 cycles before the next group would; EXIT one ILP latency after it.
  EXPECT_DOUBLE_EQ(exact.cycles,
                   20000 * (368 + 3 * 6) - 6 + cfg.scheduler.same_warp_issue_latency_cycles + cfg.sm.block_launch_latency_cycles);
}

TEST(ExecutionGraph, IntervalsOfADependentChainHaveOneInstructionEach) {
  // Huang et al.'s intervals (§7.5): every instruction of a back-to-back dependent mix stalls for
  // its latency minus one before the next may issue.
  const auto cfg = warpsim::test::builtin("kepler");
  const auto k = test::alpha_mix("2", 10);
  const LatencyBound b = latency_bound(cfg, k, profile_kernel(cfg, k));
  EXPECT_DOUBLE_EQ((b.intervals.at({1, 300})), 10);    // after each load: 301 - 1
  EXPECT_DOUBLE_EQ((b.intervals.at({1, 8})), 20 - 1);  // after each add but the last: 9 - 1
}

TEST(ExecutionGraph, TooLargeKernelIsAUserError) {
  const auto cfg = warpsim::test::builtin("kepler");
  const auto k = isa::parse_workload(".loop 100000\n.loop 100000\nFADD R1, R1, R2\n.endloop\n.endloop\n", "big.wl");
  EXPECT_THROW(latency_bound(cfg, k, profile_kernel(cfg, k)), UserError);
}

}  // namespace
}  // namespace warpsim::model
