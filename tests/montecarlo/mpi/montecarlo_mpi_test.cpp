// `mpirun -n 2 warpsim montecarlo` gives the same results as one process: the trials are numbered,
// seeded by number, and gathered in order on every rank.
#include <gtest/gtest.h>

#include "support/mpirun.h"
#include "support/test_support.h"

namespace warpsim::test {

TEST(MpiMonteCarlo, TwoRanksWriteTheSameTrialsAsOneProcess) {
  const std::string args =
      "montecarlo --gpu fermi --workload random --param array=2MB --param count=4 --warps 16 --trials 24 --no-timed --format csv";
  const std::string serial = temp_dir() + "/mc_serial", ranks = temp_dir() + "/mc_ranks";
  ASSERT_EQ(run_cli(args + " --no-figures --out-dir " + serial).exit_code, 0);
  ASSERT_EQ(mpirun(2, args + " --no-figures --out-dir " + ranks), 0) << slurp(temp_dir() + "/mpirun.log");
  for (const char* f : {"/trials.csv", "/summary.csv", "/loads.csv", "/convergence.csv"}) {
    EXPECT_FALSE(slurp(serial + f).empty()) << f;
    EXPECT_EQ(slurp(ranks + f), slurp(serial + f)) << f;
  }
}

}  // namespace warpsim::test
