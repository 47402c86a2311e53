// Distributed sweeps: `mpirun -n 2 warpsim sweep` writes the same bytes as one process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "support/mpirun.h"
#include "support/test_support.h"

namespace warpsim::test {
namespace {

const std::string kGrid =
    "sweep --gpu maxwell --gpu kepler --workload alpha_mix --param alpha=1,inf --param loads=4 --param adds=64 --warps 4:16:4 --sms 2 --quiet";

}  // namespace

TEST(MpiSweep, TwoRanksWriteTheSameBytesAsOneProcessWithOneJob) {
  const std::string serial = temp_dir() + "/serial.csv", ranks = temp_dir() + "/ranks.csv";
  ASSERT_EQ(run_cli(kGrid + " --jobs 1 --out " + serial).exit_code, 0);
  ASSERT_EQ(mpirun(2, kGrid + " --out " + ranks), 0) << slurp(temp_dir() + "/mpirun.log");
  const std::string expected = slurp(serial);
  EXPECT_EQ(slurp(ranks), expected);
  EXPECT_EQ(std::count(expected.begin(), expected.end(), '\n'), 1 + 16);
}

TEST(MpiSweep, TwoRanksResumeAPartialFileToTheSameBytes) {
  const std::string serial = temp_dir() + "/serial2.jsonl", ranks = temp_dir() + "/ranks2.jsonl";
  ASSERT_EQ(run_cli(kGrid + " --format jsonl --out " + serial).exit_code, 0);
  const std::string whole = slurp(serial);
  size_t cut = 0;
  for (int i = 0; i < 5; ++i) cut = whole.find('\n', cut) + 1;
  std::ofstream(ranks, std::ios::binary) << whole.substr(0, cut + 10);  // five points and a torn sixth
  ASSERT_EQ(mpirun(2, kGrid + " --format jsonl --out " + ranks), 0) << slurp(temp_dir() + "/mpirun.log");
  EXPECT_EQ(slurp(ranks), whole);
}

TEST(MpiSweep, BadInputUnderMpirunExitsTwoAndWritesNothing) {
  const std::string out = temp_dir() + "/never_mpi.csv";
  EXPECT_EQ(mpirun(2, kGrid + " --gpu nosuchgpu --out " + out), 2);
  EXPECT_FALSE(std::ifstream(out).good());
  // Said once, by rank 0, not once per rank.
  const std::string log = slurp(temp_dir() + "/mpirun.log");
  const auto first = log.find("warpsim: error:");
  ASSERT_NE(first, std::string::npos) << log;
  EXPECT_EQ(log.find("warpsim: error:", first + 1), std::string::npos) << log;
}

}  // namespace warpsim::test
