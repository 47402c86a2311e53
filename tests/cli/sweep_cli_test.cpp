#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "common/text.h"
#include "support/test_support.h"

namespace warpsim::test {
namespace {

// 2 alphas x 4 occupancies on two SMs: eight small points.
std::string grid(const std::string& warps = "4:16:4", int adds = 64) {
  return "sweep --gpu maxwell --workload alpha_mix --param alpha=1,inf --param loads=4 --param adds=" + std::to_string(adds) + " --warps " +
         warps + " --sms 2 --quiet";
}
const std::string kGrid = grid();

void spit(const std::string& path, const std::string& content) { std::ofstream(path, std::ios::binary | std::ios::trunc) << content; }

std::vector<std::string> lines_of(const std::string& text) {
  auto parts = split(text, '\n');
  if (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

// A full run of `args` into a new file; returns its bytes.
std::string sweep_to(const std::string& args, const std::string& name) {
  const std::string out = temp_dir() + "/" + name;
  const CliRun r = run_cli(args + " --out " + out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return slurp(out);
}

}  // namespace

TEST(SweepCli, OutputIsByteIdenticalForOneAndTwoJobsAndOnStdout) {
  const std::string one = sweep_to(kGrid + " --jobs 1", "jobs1.csv");
  const std::string two = sweep_to(kGrid + " --jobs 2", "jobs2.csv");
  EXPECT_EQ(one, two);
  const CliRun piped = run_cli(kGrid + " --jobs 2");
  EXPECT_EQ(piped.out, one);
  // Every point is checked for Little's law (sweep_runner.h, LawTally); a broken one would exit 1.
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.err.find("invariant"), std::string::npos) << piped.err;
  const auto lines = lines_of(one);
  ASSERT_EQ(lines.size(), 1u + 8);
  EXPECT_EQ(lines[0].rfind("point,param.adds,param.alpha,param.loads,gpu,workload,params,warps_per_sm,", 0), 0u) << lines[0];
  // --sms 2 is not the default: it ends the key, so that a file of another --sms is not resumed.
  EXPECT_EQ(lines[1].rfind("gpu=maxwell|set=|workload=alpha_mix|param=adds=64 alpha=1 loads=4|warps=4|sms=2,", 0), 0u) << lines[1];
}

TEST(SweepCli, JsonLinesAreByteIdenticalForOneAndTwoJobs) {
  const std::string one = sweep_to(kGrid + " --format jsonl --jobs 1", "jobs1.jsonl");
  EXPECT_EQ(one, sweep_to(kGrid + " --format jsonl --jobs 2", "jobs2.jsonl"));
  const auto lines = lines_of(one);
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[0].rfind("{\"point\":\"gpu=maxwell|", 0), 0u) << lines[0];
}

TEST(SweepCli, ResumeAfterATornWriteEndsWithTheBytesOfAnUninterruptedRun) {
  const std::string whole = sweep_to(kGrid, "whole.csv");
  const auto lines = lines_of(whole);
  ASSERT_EQ(lines.size(), 1u + 8);
  // As if killed while writing line 4: header, three whole points and half a line.
  std::string partial = lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[3] + "\n" + lines[4].substr(0, lines[4].size() / 2);
  const std::string out = temp_dir() + "/resume.csv";
  spit(out, partial);
  const CliRun r = run_cli(kGrid + " --jobs 2 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("resuming: 3 of 8 points"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(out), whole);
}

TEST(SweepCli, ResumeKeepsHeldPointsInsteadOfRecomputingThem) {
  const std::string whole = sweep_to(kGrid, "whole2.csv");
  auto lines = lines_of(whole);
  ASSERT_EQ(lines.size(), 1u + 8);
  // Mark a held point's cycle count: a rerun that recomputed it would restore the true value.
  const auto header = split(lines[0], ',');
  const size_t cycles = static_cast<size_t>(std::find(header.begin(), header.end(), "cycles") - header.begin());
  ASSERT_LT(cycles, header.size());
  auto fields = split(lines[2], ',');
  fields[cycles] = "123456789";
  const std::string marked = join(fields, ",");
  const std::string out = temp_dir() + "/marked.csv";
  spit(out, lines[0] + "\n" + lines[1] + "\n" + marked + "\n");
  ASSERT_EQ(run_cli(kGrid + " --out " + out).exit_code, 0);
  const auto after = lines_of(slurp(out));
  ASSERT_EQ(after.size(), lines.size());
  EXPECT_EQ(after[2], marked);
  EXPECT_EQ(after[3], lines[3]);
}

// A kept point is checked again: one whose Little's law the file now breaks fails the rerun as it
// would have failed the run that wrote it (the point is kept, the invariant names it).
TEST(SweepCli, ResumeChecksLittlesLawOnThePointsItKeeps) {
  const auto lines = lines_of(sweep_to(kGrid, "whole_law.csv"));
  ASSERT_EQ(lines.size(), 1u + 8);
  const auto header = split(lines[0], ',');
  const size_t col = static_cast<size_t>(std::find(header.begin(), header.end(), "little_law_error") - header.begin());
  ASSERT_LT(col, header.size());
  auto fields = split(lines[2], ',');
  fields[col] = "0.5";
  const std::string out = temp_dir() + "/broken_law.csv";
  spit(out, lines[0] + "\n" + lines[1] + "\n" + join(fields, ",") + "\n");
  const CliRun r = run_cli(kGrid + " --out " + out);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("invariant littles_law violated by 1 sweep point(s); worst 0.5 (" + fields[0] + ")"), std::string::npos) << r.err;
  EXPECT_EQ(lines_of(slurp(out)).size(), lines.size());                                // the sweep still completes its file
  ASSERT_EQ(run_cli(kGrid + " --out " + temp_dir() + "/whole_law.csv").exit_code, 0);  // an intact file resumes clean
}

TEST(SweepCli, ResumeRefusesALineWhoseGpuWorkloadOrLaunchIsNotItsPoints) {
  const auto lines = lines_of(sweep_to(kGrid, "whole_identity.csv"));
  ASSERT_EQ(lines.size(), 1u + 8);
  const auto header = split(lines[0], ',');
  // A resumed file kept such a line, and the finished file then differed from an uninterrupted run.
  for (const std::string column : {"gpu", "warps_per_sm", "param.alpha", "blocks_per_sm"}) {
    const size_t col = static_cast<size_t>(std::find(header.begin(), header.end(), column) - header.begin());
    ASSERT_LT(col, header.size()) << column;
    auto fields = split(lines[1], ',');
    fields[col] = column == "gpu" ? "kepler" : column == "param.alpha" ? "2" : "5";
    const std::string out = temp_dir() + "/edited_" + column + ".csv";
    spit(out, lines[0] + "\n" + join(fields, ",") + "\n");
    const CliRun r = run_cli(kGrid + " --out " + out);
    EXPECT_EQ(r.exit_code, 2) << column;
    EXPECT_NE(r.err.find("edited_" + column + ".csv:2: " + column + ": '" + fields[col] + "' is not what point '" + fields[0] + "' runs"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(lines_of(slurp(out)).size(), 2u) << column;  // left as it was
  }
}

TEST(SweepCli, EveryPointIsCheckedAgainstTheThroughputBound) {
  // The toy of Figure 4.7 at 64 one-warp blocks runs at its ALU bound; its timed window's mix is
  // 6e-4 above the whole kernel's bound and within its own (model/simulated_bound.h): clean.
  const CliRun r = run_cli("sweep --gpu toy --workload alpha_mix --param alpha=4 --warps 62:64 --format csv");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("invariant"), std::string::npos) << r.err;
  EXPECT_EQ(lines_of(r.out).size(), 1u + 3);
}

TEST(SweepCli, GrownGridFillsInMissingPointsInGridOrder) {
  const std::string out = temp_dir() + "/grown.csv";
  ASSERT_EQ(run_cli(grid("4,16") + " --out " + out).exit_code, 0);
  const CliRun r = run_cli(kGrid + " --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(out), sweep_to(kGrid, "grown_ref.csv"));
}

TEST(SweepCli, KilledSweepLeavesWholeLinesThatARerunCompletes) {
  const std::string args = grid("4:16:4", 4096);  // slower points, so the kill lands midway
  const std::string reference = sweep_to(args, "kill_ref.csv");
  const std::string out = temp_dir() + "/killed.csv";
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const std::string cmd = std::string(WARPSIM_BIN) + " " + args + " --out " + out + " >/dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", ("exec " + cmd).c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (lines_of(slurp(out)).size() < 3 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  // Valid: the header, then whole lines of the uninterrupted run, each written by one write(2) as
  // its point finished (in any order; the kernel may still tear one that crosses a page, which
  // a rerun cuts off).
  auto left = lines_of(slurp(out));
  const auto ref_lines = lines_of(reference);
  ASSERT_GE(left.size(), 3u);
  EXPECT_EQ(left[0], ref_lines[0]);
  if (slurp(out).back() != '\n') left.pop_back();
  for (size_t i = 1; i < left.size(); ++i) EXPECT_NE(std::find(ref_lines.begin(), ref_lines.end(), left[i]), ref_lines.end()) << left[i];
  ASSERT_EQ(run_cli(args + " --out " + out).exit_code, 0);
  EXPECT_EQ(slurp(out), reference);
}

TEST(SweepCli, BadInputExitsTwoAndWritesNothing) {
  const std::string out = temp_dir() + "/never.csv";
  EXPECT_EQ(run_cli(kGrid + " --gpu nosuchgpu --out " + out).exit_code, 2);
  EXPECT_EQ(run_cli(kGrid + " --param nosuch=1,2 --out " + out).exit_code, 2);
  EXPECT_EQ(run_cli(kGrid + " --set sm.max_warps=64,oops --out " + out).exit_code, 2);
  EXPECT_EQ(run_cli(kGrid + " --format table --out " + out).exit_code, 2);
  EXPECT_EQ(run_cli("sweep --workload alpha_mix --out " + out).exit_code, 2);
  // --param and --set take comma lists, --gpu does not: the error says to repeat it.
  const auto listed = run_cli("sweep --gpu kepler,maxwell --workload alpha_mix --warps 4 --out " + out);
  EXPECT_EQ(listed.exit_code, 2);
  EXPECT_NE(listed.err.find("--gpu: no GPU config named 'kepler,maxwell'"), std::string::npos) << listed.err;
  EXPECT_NE(listed.err.find("for several GPUs, repeat --gpu"), std::string::npos) << listed.err;
  EXPECT_EQ(run_cli(kGrid + " --steady --steady-tolerance nan --out " + out).exit_code, 2);
  EXPECT_EQ(run_cli(kGrid + " --seed 18446744073709551616 --out " + out).exit_code, 2);
  // Found only when a memory model is built (a departure spread beyond a 1-cycle latency): still
  // before anything is written.
  const auto late = run_cli(
      "sweep --gpu g80 --workload alpha_mix --param loads=2 --warps 4,8 --sms 1 --set memory.model=fixed "
      "--set memory.latency_cycles=300,1 --out " +
      out);
  EXPECT_EQ(late.exit_code, 2);
  // The key the sweep changed is named, not the Table 6.7 increment it now conflicts with.
  EXPECT_NE(late.err.find("<--set>: memory.latency_cycles: the departure spread"), std::string::npos) << late.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  // An --out that cannot be read back and rewritten.
  const auto dir = run_cli(kGrid + " --out " + temp_dir());
  EXPECT_EQ(dir.exit_code, 2);
  EXPECT_NE(dir.err.find("is a directory"), std::string::npos) << dir.err;
  EXPECT_EQ(run_cli(kGrid + " --out /dev/null").exit_code, 2);
}

// A sweep stopped by --max-cycles before it wrote a point leaves no file it created (a header is
// no checkpoint); one that resumed a file of points keeps them to resume from again.
TEST(SweepCli, ASweepThatFailsBeforeItsFirstPointLeavesNoFileItCreated) {
  const std::string out = temp_dir() + "/stopped.csv";
  std::filesystem::remove(out);
  const std::string small = "sweep --gpu kepler --workload alpha_mix --param loads=2 --sms 1 --jobs 1 --quiet --warps ";
  const auto stopped = run_cli(small + "4:64:20 --max-cycles 4200 --out " + out);
  EXPECT_EQ(stopped.exit_code, 2);
  EXPECT_NE(stopped.err.find("--max-cycles"), std::string::npos) << stopped.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  ASSERT_EQ(run_cli(small + "4 --out " + out).exit_code, 0);  // one point held
  const std::string held = slurp(out);
  EXPECT_EQ(run_cli(small + "4:64:20 --max-cycles 4200 --out " + out).exit_code, 2);
  EXPECT_EQ(slurp(out), held);
}

// Under mpirun a rank other than the first leaves bad input to rank 0: it writes nothing, says
// nothing and exits 0, so that mpirun's abort on a failed rank cannot cut rank 0's message short.
TEST(SweepCli, ARankOtherThanTheFirstLeavesBadInputToRankZero) {
  const std::string out = temp_dir() + "/never_rank1.csv";
  const auto rank1 = run_cli_with_env("OMPI_COMM_WORLD_RANK=1", kGrid + " --gpu nosuchgpu --out " + out);
  EXPECT_EQ(rank1.exit_code, 0);
  EXPECT_EQ(rank1.err, "");
  const auto rank0 = run_cli_with_env("OMPI_COMM_WORLD_RANK=0", kGrid + " --gpu nosuchgpu --out " + out);
  EXPECT_EQ(rank0.exit_code, 2);
  EXPECT_NE(rank0.err.find("warpsim: error:"), std::string::npos) << rank0.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(SweepCli, AFileOfAnotherSmsOrSeedIsNotResumed) {
  const std::string out = temp_dir() + "/other_sms.csv";
  ASSERT_EQ(run_cli(kGrid + " --out " + out).exit_code, 0);
  const std::string before = slurp(out);
  for (const std::string other : {" --sms 1", " --seed 7"}) {
    const CliRun r = run_cli(std::string(kGrid).replace(kGrid.find(" --sms 2"), 8, "") + other + " --out " + out);
    EXPECT_EQ(r.exit_code, 2) << other;
    EXPECT_NE(r.err.find("is not in this sweep's grid"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(out), before) << other;
  }
}

TEST(SweepCli, TheOrderOfTheSetOptionsChangesNoByte) {
  const std::string a = "sweep --gpu maxwell --workload alpha_mix --param loads=2 --warps 4 --sms 1 --quiet";
  const std::string one = sweep_to(a + " --set memory.latency_cycles=300 --set scheduler.policy=gto", "sets1.csv");
  EXPECT_EQ(one, sweep_to(a + " --set scheduler.policy=gto --set memory.latency_cycles=300", "sets2.csv"));
}

// Each --set and --param key of the grid is a column of its own, with the value as given, so a
// table tool can group by it without splitting a string.
TEST(SweepCli, EachSetAndParamKeyIsAColumnOfItsOwn) {
  const CliRun r = run_cli(
      "sweep --gpu maxwell --workload alpha_mix --param loads=2 --param alpha=1,inf --warps 4 --sms 1 --quiet"
      " --set scheduler.policy=gto,lrr --set memory.latency_cycles=300");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 1u + 4);
  EXPECT_EQ(lines[0].rfind("point,set.memory.latency_cycles,set.scheduler.policy,param.alpha,param.loads,gpu,", 0), 0u) << lines[0];
  const auto cells = [](const std::string& line) {
    const auto f = split(line, ',');
    return std::vector<std::string>(f.begin() + 1, f.begin() + 5);
  };
  EXPECT_EQ(cells(lines[1]), (std::vector<std::string>{"300", "gto", "1", "2"}));
  EXPECT_EQ(cells(lines[2]), (std::vector<std::string>{"300", "gto", "inf", "2"}));
  EXPECT_EQ(cells(lines[4]), (std::vector<std::string>{"300", "lrr", "inf", "2"}));
  const CliRun j = run_cli(
      "sweep --gpu maxwell --workload alpha_mix --param loads=2 --warps 4 --sms 1 --quiet --format jsonl --set scheduler.policy=lrr");
  ASSERT_EQ(j.exit_code, 0) << j.err;
  EXPECT_NE(j.out.find(",\"set.scheduler.policy\":\"lrr\",\"param.loads\":\"2\",\"gpu\":\"maxwell\","), std::string::npos) << j.out;
}

TEST(SweepCli, RewritingIntoGridOrderKeepsASymlinkAndTheFilesPermissions) {
  const std::string target = temp_dir() + "/link_target.csv", link = temp_dir() + "/link.csv";
  std::filesystem::remove(target);
  std::filesystem::remove(link);
  ASSERT_EQ(run_cli(grid("8,16") + " --out " + target).exit_code, 0);
  std::filesystem::permissions(target, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  std::filesystem::create_symlink(target, link);
  ASSERT_EQ(run_cli(kGrid + " --out " + link).exit_code, 0);  // grown: rewritten in grid order
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(slurp(target), sweep_to(kGrid, "link_ref.csv"));
  EXPECT_EQ(std::filesystem::status(target).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
}

TEST(SweepCli, OutputFileOfAnotherSweepIsLeftUntouched) {
  const std::string content = "id,value\nx,1\n";
  const std::string out = write_temp_file("foreign.csv", content);
  const CliRun r = run_cli(kGrid + " --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(out + ":1"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(out), content);
}

TEST(SweepCli, OccupanciesNoLaunchCanRealiseAreLeftOutWithANote) {
  // Maxwell holds at most 64 warps per SM (Volkov Table 2.8): 80 cannot be realised.
  const CliRun r = run_cli("sweep --gpu maxwell --workload alpha_mix --param loads=2 --warps 64,80 --sms 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out).size(), 2u);
  EXPECT_NE(r.err.find("skipping 80 warps/SM"), std::string::npos) << r.err;
}

TEST(SweepCli, SteadyAddsItsColumns) {
  const CliRun r = run_cli(kGrid + " --steady");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_FALSE(r.out.empty());
  EXPECT_NE(lines_of(r.out)[0].find(",steady_stopped,steady_half_width,total_cycles"), std::string::npos);
}

// With the L2 turned off (a what-if): once per GPU and workload whose global arrays fit in it, as
// `run` does.
TEST(SweepCli, ArraysThatFitTheL2AreNotedOncePerGpuAndWorkload) {
  const CliRun r = run_cli(
      "sweep --gpu kepler --gpu g80 --set memory.l2.slices=0 --workload random --param array=512KB,1MB --param count=2 --warps 2,4 --sms 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string note = "warpsim: note: homogeneous_random's global arrays (512 KB) fit in kepler's 512 KB L2";
  const size_t first = r.err.find(note);
  EXPECT_NE(first, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(note, first + 1), std::string::npos) << r.err;  // not once per occupancy
  EXPECT_EQ(r.err.find("(1 MB)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("g80's"), std::string::npos) << r.err;  // G80 caches no global loads (§6.7)
}

}  // namespace warpsim::test
