// `warpsim run --issue-log` and `--issue-timeline`: every instruction issued and every idle issue
// slot with its reason (Volkov Figure 4.7's timeline), as CSV, as text and drawn.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "common/text.h"
#include "support/test_support.h"

namespace warpsim::test {

// --issue-log writes Figure 4.7's timeline: one line per instruction issued. On the toy GPU two
// warps of LD + 2 dependent FADDs (loads=1 alpha=2): both loads issue at 0 (dual issue from two
// warps), their data return 12 cycles later, then the FADD chains 3 cycles apart interleave.
TEST(RunCli, IssueLogListsEveryInstructionIssuedInOrder) {
  const std::string log = temp_dir() + "/issues.csv";
  const CliRun r = run_cli("run --gpu toy --workload alpha_mix --param loads=1 --param alpha=2 --warps 2 --issue-log " + log);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string csv = slurp(log);
  EXPECT_EQ(csv.rfind("warps_per_sm,sm,scheduler,cycle,block,warp,pc,opcode,line,idle_reason,idle_cycles\n"
                      "2,0,0,0,0,0,0,LD,",
                      0),
            0u)
      << csv;
  EXPECT_NE(csv.find("\n2,0,0,0,1,0,0,LD,"), std::string::npos) << csv;
  // The 11 slots between the loads and their data (cycles 1-11) are idle, waiting on memory.
  EXPECT_NE(csv.find("\n2,0,0,1,,,,,,memory,11\n2,0,0,12,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n2,0,0,12,1,0,1,FADD,"), std::string::npos) << csv;
  // Every warp's instructions once, the same number for each (LD, 2 FADD, EXIT: 4), ending in EXIT.
  std::map<std::string, int> per_warp;
  std::map<std::string, std::string> last_opcode;
  for (const std::string& line : split(csv.substr(csv.find('\n') + 1), '\n')) {
    const auto f = split(line, ',');
    if (f.size() < 11 || !f[9].empty()) continue;  // an idle run
    ++per_warp[f[4] + "/" + f[5]];
    last_opcode[f[4] + "/" + f[5]] = f[7];
  }
  EXPECT_GE(per_warp.size(), 2u);
  for (const auto& [warp, n] : per_warp) {
    EXPECT_EQ(n, 4) << warp;
    EXPECT_EQ(last_opcode[warp], "EXIT") << warp;
  }
  // A run that would log more than 10 million instructions is refused before it runs.
  const CliRun big =
      run_cli("run --gpu kepler --workload homogeneous --param count=100000 --warps 64 --issue-log " + temp_dir() + "/big.csv");
  EXPECT_EQ(big.exit_code, 2);
  EXPECT_NE(big.err.find("--issue-log: the runs would log"), std::string::npos) << big.err;
  EXPECT_FALSE(std::filesystem::exists(temp_dir() + "/big.csv"));
}

// --issue-timeline writes the log as text, a line per issue slot. On the toy GPU one warp of LD +
// FADD (loads=1 alpha=1): LD at 0, its data 12 cycles later (slots 1-11 on memory), the FADD at
// 12, EXIT after its write at 15 (slots 13-14 on the dependency). With CUDA-core instructions of 2
// issue slots (scheduler.issue_cycles.alu=2, single issue) the slot after each FADD is its cost.
TEST(RunCli, IssueTimelineShowsEachSlotIssuedOrIdleWithItsReason) {
  const std::string t = temp_dir() + "/timeline.txt";
  ASSERT_EQ(run_cli("run --gpu toy --workload alpha_mix --param alpha=1 --param loads=1 --warps 1 --issue-timeline " + t).exit_code, 0);
  EXPECT_NE(
      slurp(t).find(
          "cycle  scheduler 0\n0      b0.w0 LD\n1-11   idle: memory\n12     b0.w0 FADD\n13-14  idle: dependency\n15     b0.w0 EXIT\n"),
      std::string::npos)
      << slurp(t);
  ASSERT_EQ(
      run_cli(
          "run --gpu toy --set scheduler.issue_cycles.alu=2 --set scheduler.width=1 --workload alpha_mix --param alpha=1 --param loads=1 "
          "--warps 1 --issue-timeline " +
          t)
          .exit_code,
      0);
  EXPECT_NE(slurp(t).find("\n12     b0.w0 FADD\n13     busy\n14     idle: dependency\n15     b0.w0 EXIT\n"), std::string::npos) << slurp(t);
}

// plots/issue_timeline.py draws the issue log as Figure 4.7 does, byte-identically on reruns; its
// title counts what the log holds (Debian's python3 with matplotlib, as the README installs it).
TEST(RunCli, TheIssueTimelineFigureDrawsTheLogAndIsReproducible) {
  const std::string d = temp_dir() + "/timeline";
  std::filesystem::create_directories(d);
  ASSERT_EQ(run_cli("run --gpu toy --workload alpha_mix --param loads=2 --param alpha=2 --warps 2 --issue-log " + d + "/log.csv").exit_code,
            0);
  const std::string script = std::string(WARPSIM_SOURCE_DIR) + "/plots/issue_timeline.py";
  const auto draw = [&](const std::string& prefix) {
    return std::system(
        (std::string(WARPSIM_PYTHON) + " " + script + " " + d + "/log.csv " + d + "/" + prefix + " 2>" + d + "/err.txt").c_str());
  };
  ASSERT_EQ(draw("a"), 0) << slurp(d + "/err.txt");
  ASSERT_EQ(draw("b"), 0) << slurp(d + "/err.txt");
  EXPECT_EQ(slurp(d + "/a.svg"), slurp(d + "/b.svg"));
  EXPECT_EQ(slurp(d + "/a.png"), slurp(d + "/b.png"));
  // 8 one-warp blocks (4 waves of 2) x (2 x (LD + 2 FADD) + EXIT) = 56 instructions.
  EXPECT_NE(slurp(d + "/a.svg").find("2 warps/SM: 56 instructions"), std::string::npos);
  // Idle slots are drawn in a row of their scheduler, coloured by reason, and named in the legend.
  EXPECT_NE(slurp(d + "/a.svg").find("scheduler 0: idle"), std::string::npos);
  EXPECT_NE(slurp(d + "/a.svg").find("idle: memory"), std::string::npos);
  EXPECT_NE(draw("c --warps-per-sm 7"), 0);  // an occupancy the log does not hold
}

}  // namespace warpsim::test
