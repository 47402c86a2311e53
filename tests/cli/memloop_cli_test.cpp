// `warpsim memloop`: the memory system alone under pointer-chasing warps.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace warpsim {
namespace {

TEST(MemloopCli, PrintsOneRowPerOccupancyWithTheStableColumns) {
  const auto r = test::run_cli("memloop --gpu kepler --set memory.model=dram --warps 4:8:4 --measure 5000 --warmup 1000 --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("gpu,pattern,warps_per_sm,ipc_per_sm,gbps,pct_peak,mean_latency,p5,p50,p95,max,dram_gbps,row_hit_rate\n", 0), 0u);
  EXPECT_NE(r.out.find("\nkepler,stream,4,"), std::string::npos);
  EXPECT_NE(r.out.find("\nkepler,stream,8,"), std::string::npos);
}

TEST(MemloopCli, UnknownPatternIsAUserError) {
  const auto r = test::run_cli("memloop --gpu kepler --pattern zigzag");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--pattern"), std::string::npos);
  EXPECT_TRUE(r.out.empty());
}

TEST(MemloopCli, MoreWarpsThanAnSmHoldsIsAUserError) {
  const auto r = test::run_cli("memloop --gpu maxwell --warps 60:68:4 --measure 2000");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--warps: 68 warps/SM exceed the 64 warps an SM of maxwell holds"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(MemloopCli, SameSeedGivesByteIdenticalOutput) {
  const std::string args = "memloop --gpu maxwell --set memory.model=dram --pattern random --warps 2 --measure 5000 --seed 7";
  EXPECT_EQ(test::run_cli(args).out, test::run_cli(args).out);
}

}  // namespace
}  // namespace warpsim
