#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include <filesystem>

#include "support/test_support.h"

namespace warpsim::test {

TEST(RunCli, BadInputExitsTwoAndWritesNothing) {
  const std::string cfg = write_temp_file("bad.yaml", "gpu:\n  name: x\n  generaton: maxwell\n");
  const std::string out = temp_dir() + "/never.csv";
  const CliRun r = run_cli("run --gpu " + cfg + " --workload homogeneous --warps 4 --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.yaml:3"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(RunCli, UnknownOpcodeInAWorkloadNamesFileAndLine) {
  const std::string wl = write_temp_file("bad.wl", ".kernel k\nFADD R1, R1, R2\nFADDD R1, R1, R2\n");
  const CliRun r = run_cli("run --gpu maxwell --workload " + wl + " --warps 4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.wl:3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("did you mean 'FADD'"), std::string::npos) << r.err;
}

TEST(RunCli, MalformedWarpsAndParamsExitTwo) {
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --warps 0").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --warps 8:4").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --param nosuch=1 --warps 4").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --format xml").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu nosuchgpu --workload homogeneous").exit_code, 2);
  // A negative seed would wrap to 2^64 - 1; a value a parameter does not declare would pick an
  // `.if`'s other branch.
  const auto seed = run_cli("run --gpu maxwell --workload homogeneous --warps 4 --seed -1");
  EXPECT_EQ(seed.exit_code, 2);
  EXPECT_NE(seed.err.find("--seed: expected a non-negative integer, found '-1'"), std::string::npos) << seed.err;
  const auto choice = run_cli("run --gpu maxwell --workload permute --param permutation=randon --warps 4");
  EXPECT_EQ(choice.exit_code, 2);
  EXPECT_NE(choice.err.find("permutation: 'randon' is not one of trivial, random"), std::string::npos) << choice.err;
  EXPECT_EQ(choice.out, "");
  // Work that would take days to simulate is refused before it starts, not left to run.
  const auto huge = run_cli("run --gpu maxwell --workload alpha_mix --param alpha=0 --param loads=99999999999 --warps 4");
  EXPECT_EQ(huge.exit_code, 2);
  EXPECT_NE(huge.err.find("warp instructions (more than 1e+12"), std::string::npos) << huge.err;
}

TEST(RunCli, AnUnwritableLogWritesNoOtherOutput) {
  const std::string warp_log = test::write_temp_file("run_logs/warps.csv", "");
  std::remove(warp_log.c_str());
  const auto r = run_cli("run --gpu maxwell --workload homogeneous --warps 4 --warp-log " + warp_log + " --occupancy-log /nonexistent/dir/o.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/dir/o.csv: --occupancy-log: cannot write output file"), std::string::npos) << r.err;
  EXPECT_FALSE(std::ifstream(warp_log).good()) << "the warp log was written although the run failed";
}

TEST(RunCli, SameSeedGivesByteIdenticalOutput) {
  const std::string args = "run --gpu maxwell --workload alpha_mix --param alpha=4 --param loads=8 --warps 4:12:4 --sms 2 --format json";
  const CliRun a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

}  // namespace warpsim::test
