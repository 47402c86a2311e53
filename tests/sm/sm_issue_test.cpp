// Exact issue cycles of the SM core (sm/sm_issue.cpp) on kernels of a few instructions, read from
// the issue log (RunOptions::record_issues). The GPU is Volkov's Figure 4.7 toy (hw_configs/toy):
// one SM, one scheduler, CUDA-core latency 3 cycles, 1 warp instruction per cycle, memory of fixed
// latency, no block launch latency; each test sets what it checks. Each warp is a one-warp block
// (w<block>.<pc> below), all resident at cycle 0. Each expectation is derived by hand beside it.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <set>
#include <utility>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/workload_parser.h"

namespace warpsim::sm {
namespace {

// "cycle:w<block>.<pc>" per issued instruction, in issue order. `block_warps` warps per block.
std::string issues(const std::vector<std::string>& sets, const std::string& body, int warps, int blocks = 0, int block_warps = 1) {
  const config::HwConfig cfg = config::load_hw_config("toy", sets);
  if (blocks == 0) blocks = warps / block_warps;
  const isa::Kernel k = isa::parse_workload(
      fmt::format(".kernel t\n.launch threads_per_block={} grid=fixed blocks={}\n{}EXIT\n", 32 * block_warps, blocks, body),
      "<sm_issue_test>");
  device::RunOptions o;
  o.warps_per_sm = warps;
  o.sms = 1;
  o.record_issues = true;
  std::string out;
  for (const device::IssueRecord& i : device::simulate(cfg, k, o).issue_log)
    out += fmt::format("{}{}:w{}{}.{}", out.empty() ? "" : " ", i.cycle, i.block,
                       block_warps > 1 ? fmt::format("/{}", i.warp_in_block) : "", i.pc);
  return out;
}

const std::string kChain = "FADD R1, R1, R2\nFADD R1, R1, R2\n";        // each FADD needs the one before
const std::string kIndependent = "FADD R1, R1, R2\nFADD R3, R3, R2\n";  // the second needs nothing of the first
const std::vector<std::string> kSingleIssue{"scheduler.width=1"};

// Scoreboard (§3.7): a FADD reading R1 waits for the FADD writing it, 3 cycles (alu latency); EXIT
// waits for the warp's last write: 0, 3, 6, then EXIT at 6 + 3 = 9.
TEST(SmIssue, TheScoreboardHoldsADependentInstructionForTheProducersLatency) {
  EXPECT_EQ(issues(kSingleIssue, kChain + "FADD R1, R1, R2\n", 1), "0:w0.0 3:w0.1 6:w0.2 9:w0.3");
  // A read alone (R3 = R1 + R2) waits as well: 0, 3; EXIT at 3 + 3.
  EXPECT_EQ(issues(kSingleIssue, "FADD R1, R1, R2\nFADD R3, R1, R2\n", 1), "0:w0.0 3:w0.1 6:w0.2");
}

// A guarded EXIT is not taken (warpsim runs whole warps): it waits for its predicate like any
// reader (ISETP at 0, P0 ready at 3), takes its slot, and the warp goes on: the FADD at 4, the
// final EXIT when the FADD's write is done, 4 + 3.
TEST(SmIssue, AGuardedExitIssuesAndTheWarpGoesOn) {
  EXPECT_EQ(issues(kSingleIssue, "ISETP.GE.AND P0, PT, R0, R1, PT\n@P0 EXIT\nFADD R3, R1, R2\n", 1), "0:w0.0 3:w0.1 4:w0.2 7:w0.3");
}

// Same-warp issue latency (§3.7): independent FADDs of one warp go 2 cycles apart when it is 2:
// 0, 2; EXIT waits for both writes (0 + 3, 2 + 3): 5.
TEST(SmIssue, OneWarpsIndependentInstructionsGoTheSameWarpLatencyApart) {
  EXPECT_EQ(issues({"scheduler.width=1", "scheduler.same_warp_issue_latency_cycles=2"}, kIndependent, 1), "0:w0.0 2:w0.1 5:w0.2");
}

// LRR rotates: each cycle the next warp after the last one issued (starting after slot 0), even
// when the last could issue again. Three warps, two independent FADDs each: w1 w2 w0 for pc 0 (0-2),
// again for pc 1 (3-5), and the EXITs (6-8): each warp's writes are done 3 cycles after its FADD.
TEST(SmIssue, LooseRoundRobinRotatesThroughTheWarpsEveryCycle) {
  EXPECT_EQ(issues({"scheduler.width=1", "scheduler.policy=lrr"}, kIndependent, 3),
            "0:w1.0 1:w2.0 2:w0.0 3:w1.1 4:w2.1 5:w0.1 6:w1.2 7:w2.2 8:w0.2");
}

// GTO is greedy: the warp that issued last goes again while it can, else the oldest ready warp.
// w0 issues both FADDs (0, 1); its EXIT waits for writes at 3 and 4, so w1 runs (2, 3); at 4 w0's
// EXIT is ready and w0 is older than w2 (4); w2 then issues twice (5, 6); w1's writes are done at 6,
// w2's at 8 and 9: w1 exits at 7, w2 at 9.
TEST(SmIssue, GreedyThenOldestStaysOnAWarpUntilItStallsThenTakesTheOldestReady) {
  EXPECT_EQ(issues({"scheduler.width=1", "scheduler.policy=gto"}, kIndependent, 3),
            "0:w0.0 1:w0.1 2:w1.0 3:w1.1 4:w0.2 5:w2.0 6:w2.1 7:w1.2 9:w2.2");
}

// On a dependent chain GTO has to switch every cycle: w0, w1, w2 each wait 3 cycles on their own
// FADD, so the three interleave as LRR would, oldest first.
TEST(SmIssue, GreedyThenOldestSwitchesOnEveryDependencyStall) {
  EXPECT_EQ(issues({"scheduler.width=1", "scheduler.policy=gto"}, kChain, 3),
            "0:w0.0 1:w1.0 2:w2.0 3:w0.1 4:w1.1 5:w2.1 6:w0.2 7:w1.2 8:w2.2");
}

// GTO's age priority starves the youngest warp while older ones fill every slot: three warps
// cover the 3-cycle FADD latency, so w3 waits until w0-w2 have issued their chains and EXITs (0-8)
// and then runs alone, latency-bound: 9, 12, 15. LRR would have finished all four by 11. This is
// what one wave of persistent threads shows on the H100 (docs/hw-configs.md, "Hopper's issue").
TEST(SmIssue, GreedyThenOldestStarvesTheYoungestWarpWhileOlderOnesFillEverySlot) {
  EXPECT_EQ(issues({"scheduler.width=1", "scheduler.policy=gto"}, kChain, 4),
            "0:w0.0 1:w1.0 2:w2.0 3:w0.1 4:w1.1 5:w2.1 6:w0.2 7:w1.2 8:w2.2 9:w3.0 12:w3.1 15:w3.2");
}

// Shared-memory unit busy 4 cycles per LDS, latency 3. Without a queue a scheduler issues an LDS
// only when the unit takes it: 0, 4, 8 (LRR from w1), each EXIT 3 cycles after its LDS. With a
// queue of two instructions the LDSs issue back to back (0, 1, 2) and wait in it: the unit takes
// them at 0, 4 and 8, so their results, and the EXITs, still come at 3, 7 and 11.
TEST(SmIssue, AQueueInFrontOfTheSharedMemoryUnitTakesIssuesAndTheLatencyCountsFromTheUnit) {
  const std::vector<std::string> slow_unit{"scheduler.width=1", "scheduler.policy=lrr", "smem.cycles_per_access=4"};
  const std::string lds = "LDS R1, [R2] ; pattern=stream\n";
  EXPECT_EQ(issues(slow_unit, lds, 3), "0:w1.0 3:w1.1 4:w2.0 7:w2.1 8:w0.0 11:w0.1");
  std::vector<std::string> queued = slow_unit;
  queued.push_back("smem.queue_instructions=2");
  EXPECT_EQ(issues(queued, lds, 3), "0:w1.0 1:w2.0 2:w0.0 3:w1.1 7:w2.1 11:w0.1");
}

// Dual issue from two warps (the toy's any_warp, width 2) when the CUDA cores take two warp FADDs
// a cycle (64 lanes): both FADDs at 0, both EXITs at 3 (w1 first: GTO, it issued last). Single
// issue puts them a cycle apart.
TEST(SmIssue, DualIssueIssuesTwoWarpsInOneCycleWhereTheUnitsHaveRoom) {
  EXPECT_EQ(issues({"alu.ops_per_cycle=64"}, "FADD R1, R1, R2\n", 2), "0:w0.0 0:w1.0 3:w1.1 3:w0.1");
  EXPECT_EQ(issues({"alu.ops_per_cycle=64", "scheduler.width=1"}, "FADD R1, R1, R2\n", 2), "0:w0.0 1:w1.0 3:w0.1 4:w1.1");
  // 32 lanes take one warp FADD a cycle: the second warp waits for the next cycle even with width 2.
  EXPECT_EQ(issues({}, "FADD R1, R1, R2\n", 2), "0:w0.0 1:w1.0 3:w0.1 4:w1.1");
}

// Dual issue from one warp (Kepler's, §2.9): with room for two warp FADDs a cycle, a warp's two
// independent FADDs issue together at 0 and EXIT waits for their writes (0 + 3); a dependent pair
// cannot pair: 0, 3, EXIT 6. With width 1 the second goes a same-warp latency (1) later: 0, 1, 4.
TEST(SmIssue, DualIssuePairsAWarpsIndependentInstructionsInOneCycle) {
  const std::vector<std::string> same_warp{"alu.ops_per_cycle=64", "scheduler.dual_issue=same_warp"};
  EXPECT_EQ(issues(same_warp, kIndependent, 1), "0:w0.0 0:w0.1 3:w0.2");
  EXPECT_EQ(issues(same_warp, kChain, 1), "0:w0.0 3:w0.1 6:w0.2");
  EXPECT_EQ(issues({"alu.ops_per_cycle=64", "scheduler.dual_issue=same_warp", "scheduler.width=1"}, kIndependent, 1),
            "0:w0.0 1:w0.1 4:w0.2");
}

// GT200's FMUL goes to the CUDA cores or, when they are busy, to the SFUs (TEG §3.2.1). CUDA cores
// at 8 ops per cycle take a warp's FMUL in 4 cycles; SFUs of 2 ops per cycle that multiply at 8 take
// it in 4 too. Four one-FMUL warps, LRR from w1, one issue per cycle, each EXIT 3 cycles after its
// FMUL: w1 to the cores at 0 (busy to 4), w2 to the SFUs at 1 (busy to 5); at 2 neither unit takes
// w3 or w0; w1's EXIT at 3, w2's at 4 (before w3 in the rotation); w3 to the cores at 5, w0 to the
// SFUs at 6; their EXITs at 8 and 9. Without the SFUs' multipliers every FMUL waits for the cores:
// 0, 4, 8, 12, each EXIT 3 later. An FADD never goes to the SFUs: w0's waits for the cores (4).
TEST(SmIssue, AnFmulTheCudaCoresCannotTakeGoesToTheSfusWhereTheyMultiply) {
  const std::vector<std::string> gt200_like{"scheduler.width=1", "scheduler.policy=lrr", "alu.ops_per_cycle=8", "sfu.ops_per_cycle=2"};
  std::vector<std::string> with_sfu = gt200_like;
  with_sfu.push_back("sfu.fmul_ops_per_cycle=8");
  EXPECT_EQ(issues(with_sfu, "FMUL R1, R1, R2\n", 4), "0:w1.0 1:w2.0 3:w1.1 4:w2.1 5:w3.0 6:w0.0 8:w3.1 9:w0.1");
  EXPECT_EQ(issues(gt200_like, "FMUL R1, R1, R2\n", 4), "0:w1.0 3:w1.1 4:w2.0 7:w2.1 8:w3.0 11:w3.1 12:w0.0 15:w0.1");
  EXPECT_EQ(issues(with_sfu, "FADD R1, R1, R2\n", 2), "0:w1.0 3:w1.1 4:w0.0 7:w0.1");
}

// A barrier (BAR) holds a warp until every warp of its block has arrived. One block of two warps,
// LRR from w/1: FADD chains at 0,1 and 3,4; w/1 arrives at 5, waits; w/0 arrives at 6 and releases
// it; the FADDs after the barrier issue at 7 and 8, the EXITs 3 cycles later (10, 11).
TEST(SmIssue, ABarrierHoldsAWarpUntilItsBlocksWarpsHaveAllArrived) {
  EXPECT_EQ(issues({"scheduler.width=1", "scheduler.policy=lrr"}, kChain + "BAR\nFADD R3, R3, R2\n", 2, 1, 2),
            "0:w0/1.0 1:w0/0.0 3:w0/1.1 4:w0/0.1 5:w0/1.2 6:w0/0.2 7:w0/1.3 8:w0/0.3 10:w0/1.4 11:w0/0.4");
}

// Block refill (§3.8, §5.5): with room for one warp, three one-warp blocks run one after another;
// a block starts block_launch_latency_cycles (5) after the one before exits: FADD 0, EXIT 3; the
// next block at 3 + 5 = 8 (EXIT 11); the last at 16 (EXIT 19).
TEST(SmIssue, AFinishedBlocksSlotIsRefilledAfterTheBlockLaunchLatency) {
  EXPECT_EQ(issues({"scheduler.width=1", "sm.block_launch_latency_cycles=5"}, "FADD R1, R1, R2\n", 1, 3),
            "0:w0.0 3:w0.1 8:w1.0 11:w1.1 16:w2.0 19:w2.1");
}

// Logging takes every instruction down the general issue path: the schedule must not change. On
// Kepler (dual issue from one warp, 4 schedulers) and Maxwell, a run logged and one not take the
// same cycles, and the log holds every instruction of every warp once.
TEST(SmIssue, LoggingTheIssuesChangesNothingSimulated) {
  for (const std::string gpu : {"kepler", "maxwell"}) {
    const config::HwConfig cfg = config::load_hw_config(gpu);
    const isa::Kernel k = isa::parse_workload(
        ".kernel mix\n.array data 64MB\n.loop 8\n  LD R1, [R1] ; pattern=stream\n  FADD R2, R2, R3\n  FADD R4, R4, R3\n"
        "  BAR\n  FADD R1, R1, R2\n.endloop\nEXIT\n",
        "<sm_issue_test>");
    device::RunOptions o;
    o.warps_per_sm = 16;
    o.sms = 2;
    const device::Result plain = device::simulate(cfg, k, o);
    o.record_issues = true;
    const device::Result logged = device::simulate(cfg, k, o);
    EXPECT_EQ(logged.cycles, plain.cycles) << gpu;
    EXPECT_EQ(logged.mean_warp_latency, plain.mean_warp_latency) << gpu;
    std::set<std::pair<uint32_t, uint32_t>> warps;  // (block, warp in block): block ids are grid-wide
    for (const device::IssueRecord& i : logged.issue_log) warps.emplace(i.block, i.warp_in_block);
    EXPECT_EQ(logged.issue_log.size(), 41 * warps.size()) << gpu;  // 8 x (LD, 3 FADD, BAR) + EXIT per warp
    EXPECT_GE(warps.size(), 2u * 16u) << gpu;
    EXPECT_TRUE(plain.issue_log.empty());
  }
}

}  // namespace
}  // namespace warpsim::sm
