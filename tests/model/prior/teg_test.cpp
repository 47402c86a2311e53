#include "model/prior/teg.h"

#include <gtest/gtest.h>

#include <string>

#include "isa/workloads.h"
#include "model/model_context.h"
#include "support/test_support.h"
#include "validation/measurements/measurements.h"

namespace warpsim::model {
namespace {

ModelContext gt200(const std::string& workload, const isa::ParamMap& params) {
  return make_context(warpsim::test::builtin("gt200"), isa::load_workload(workload, params));
}

TEST(Teg, OneWarpDependentChainTakesTheExecutionLatencyPerInstruction) {
  // 4 dependent FADDs then EXIT: FADDs issue at 0, 24, 48, 72 (Table 1: 24 cycles), the last result
  // is ready at 96; EXIT issues at 80 (same-warp issue latency 8 after 72).
  EXPECT_DOUBLE_EQ(teg_cycles(gt200("teg_table1_chain", {{"count", "1"}}), 1), 96);
}

TEST(Teg, ASecondWarpWaitsForTheCudaCoresMultiWarpIssueLatency) {
  // The second warp's first FADD waits until the CUDA cores accept again, 32 / 8 = 4 cycles later
  // (Table 1, multi-warp issue latency), so its chain ends at 4 + 4 x 24 = 100.
  EXPECT_DOUBLE_EQ(teg_cycles(gt200("teg_table1_chain", {{"count", "1"}}), 2), 100);
}

TEST(Teg, IssueLatenciesOfTableOneEmergeFromTheReplay) {
  // Four independent chains: one warp issues every 8 cycles (same warp), 32 warps every 4 (the
  // CUDA cores' rate): Table 1's FADD row.
  const ModelContext c = gt200("teg_table1_chain", {{"ilp", "4"}, {"count", "64"}});
  const double per_warp = 4 * 64;
  EXPECT_NEAR(teg_cycles(c, 1) / per_warp, 8, 0.1);
  EXPECT_NEAR(teg_cycles(c, 32) / (32 * per_warp), 4, 0.05);
}

TEST(Teg, AnFmulIssuesToTheCudaCoresAndTheSfusInTurn) {
  // "float MUL operation can be issued into both SP and SFU" (§3.2.1): over 32 warps the two units
  // take FMULs in turn, each held 4 cycles (32 / 8), so one issues every 2 cycles, the issue
  // engine's rate: Table 1's FMUL row. One warp still issues every 8 (same-warp issue latency).
  const ModelContext c = gt200("teg_table1_chain", {{"op", "FMUL"}, {"ilp", "4"}, {"count", "64"}});
  const double per_warp = 4 * 64;
  EXPECT_NEAR(teg_cycles(c, 1) / per_warp, 8, 0.1);
  EXPECT_NEAR(teg_cycles(c, 32) / (32 * per_warp), 2, 0.05);
}

TEST(Teg, WarpsWaitForEachOtherAtABarrier) {
  // The matrix multiply's two barriers per tile: with one warp per tile step already serialised by
  // the conflicts, 2 warps cannot finish before 1 does, nor take twice as long (Table 2: 1.0036).
  const ModelContext c = gt200("teg_matmul_abt", {{"conflict", "16"}});
  const double one = teg_cycles(c, 1), two = teg_cycles(c, 2);
  EXPECT_GT(two, one);
  EXPECT_LT(two, 1.1 * one);
}

TEST(Teg, ReproducesTegsPublishedMatrixMultiplyPredictions) {
  // Lai and Seznec 2011 Tables 2-3, TEG's own predicted cycles (rows teg.t2/t3.gt200.wN.predicted).
  // This implementation takes the simulator's GT200 config (Volkov's latencies and bank timing)
  // and the workload's transcription of the kernel. With 1-2 warps (latency-bound: issue and
  // execution latencies only) it agrees with TEG within 10%; with 4-16 warps TEG predicts up to 22%
  // more cycles than the rules the paper states give (a memory pipeline of 1/10 of the peak per
  // TPC, §3.1), and the paper does not say why. Tables 4-5 are not asserted: their transcription
  // does more work per site than the compiled kernel (failure_reasons.yaml).
  const auto ms = validation::load_measurements(validation::builtin_measurements_dir());
  for (const auto& [table, conflict] : {std::pair{"t2", "16"}, std::pair{"t3", "1"}}) {
    const ModelContext c = gt200("teg_matmul_abt", {{"conflict", conflict}});
    for (int warps : {1, 2, 4, 8, 16}) {
      const auto* row = ms.find(std::string("teg.") + table + ".gt200.w" + std::to_string(warps) + ".predicted");
      ASSERT_NE(row, nullptr);
      EXPECT_NEAR(teg_cycles(c, warps) / row->value, 1.0, warps <= 2 ? 0.10 : 0.25) << table << " " << warps << " warps";
    }
  }
}

TEST(Teg, IsNotDefinedBeyondTheSmsWarpSlots) {
  const ModelContext c = gt200("teg_table1_chain", {});
  EXPECT_TRUE(teg(c, 32).available);
  EXPECT_FALSE(teg(c, 33).available);
}

}  // namespace
}  // namespace warpsim::model
