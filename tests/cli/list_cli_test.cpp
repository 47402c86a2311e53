#include <gtest/gtest.h>

#include "support/test_support.h"

namespace warpsim::test {

TEST(ListCli, WorkloadsListsTheMixesAndTheThreeKernels) {
  const CliRun r = run_cli("list workloads --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* n : {"alpha_mix", "sfu_mix", "smem_mix", "homogeneous", "ilp", "stride2", "random", "bank_conflict",
                        "vector_add", "permute", "vabs"})
    EXPECT_NE(r.out.find(std::string("\n") + n + ","), std::string::npos) << n;
}

TEST(ListCli, HelpOnEverySubcommandExitsZero) {
  for (const char* sub : {"", "list", "run", "explain", "bound"}) {
    const CliRun r = run_cli(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.out.find("--help"), std::string::npos) << sub;
  }
}

TEST(ListCli, UnknownSubcommandOrWhatExitsTwo) {
  EXPECT_EQ(run_cli("frobnicate").exit_code, 2);
  EXPECT_EQ(run_cli("list things").exit_code, 2);
  EXPECT_EQ(run_cli("").exit_code, 2);
}

TEST(ListCli, ExplainPrintsTheGeneratedWorkloadText) {
  const CliRun r = run_cli("explain --workload alpha_mix --param alpha=2 --param loads=3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("10 executed per warp"), std::string::npos) << r.out;  // 3 x (1 LD + 2 FADD) + EXIT
}

}  // namespace warpsim::test
