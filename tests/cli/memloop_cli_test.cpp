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

TEST(MemloopCli, OutOfRangeOrConflictingOptionsAreUserErrorsNotHangs) {
  // A negative --warmup wrapped to ~1.8e19 cycles and ran for ever.
  for (const char* warmup : {"-1", "18446744073709551615"}) {
    const auto r = test::run_cli(std::string("memloop --gpu kepler --warps 8 --warmup ") + warmup);
    EXPECT_EQ(r.exit_code, 2) << warmup;
    EXPECT_NE(r.err.find("--warmup"), std::string::npos) << r.err;
  }
  const auto too_many = test::run_cli("memloop --gpu kepler --device-warps 1048576");
  EXPECT_EQ(too_many.exit_code, 2);
  EXPECT_NE(too_many.err.find("--device-warps: 1048576 warps exceed the 512 the device holds (8 SMs x 64 warps)"), std::string::npos)
      << too_many.err;
  // A block the GPU cannot launch ran as if it could (2048 threads on a 1024-thread GPU).
  const auto block = test::run_cli("memloop --gpu kepler --warps 8 --block-warps 64");
  EXPECT_EQ(block.exit_code, 2);
  EXPECT_NE(block.err.find("--block-warps: a block of 64 warps (2048 threads) exceeds kepler's 1024 threads per block"), std::string::npos)
      << block.err;
  const auto both = test::run_cli("memloop --gpu kepler --device-warps 8 --warps 32");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("give either --device-warps"), std::string::npos) << both.err;
}

TEST(MemloopCli, CyclesThatCouldIssueMoreThanRunAllowsAreRefusedUpFront) {
  // 2^40 cycles of 64 warps on Kepler's 8 SMs: up to 1.9e12 loads at one per 301-cycle latency,
  // days of simulation, where `warpsim run` refuses grids of more than 1e12 warp instructions.
  const auto r = test::run_cli("memloop --gpu kepler --warps 64 --measure 1099511627776 --format csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--measure: 1.1e+12 cycles of 512 warps could issue 1.87e+12 loads"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  const auto warmup = test::run_cli("memloop --gpu kepler --warps 64 --warmup 1099511627776 --format csv");
  EXPECT_EQ(warmup.exit_code, 2);
  EXPECT_NE(warmup.err.find("lower --warmup"), std::string::npos) << warmup.err;
}

TEST(MemloopCli, DramColumnsAreBlankForAModelWithoutDram) {
  const auto servers = test::run_cli("memloop --gpu kepler --set memory.model=servers --warps 8 --measure 2000 --format csv");
  ASSERT_EQ(servers.exit_code, 0) << servers.err;
  EXPECT_NE(servers.out.find(",,\n"), std::string::npos) << servers.out;  // dram_gbps and row_hit_rate empty, not 0
  const auto queue = test::run_cli("memloop --gpu kepler --set memory.model=queue --warps 8 --measure 2000 --format csv");
  ASSERT_EQ(queue.exit_code, 0) << queue.err;
  EXPECT_EQ(queue.out.find(",,\n"), std::string::npos) << queue.out;
}

TEST(MemloopCli, AnArrayThatFitsTheL2IsNoted) {
  // Only where a what-if turns the L2 off (memory.l2.slices = 0): otherwise it is simulated.
  const auto small = test::run_cli("memloop --gpu kepler --set memory.l2.slices=0 --warps 8 --pattern random --array 4KB --measure 2000");
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_NE(small.err.find("note: memloop's data (4 KB) fit in kepler's 512 KB L2, which warpsim does not simulate"), std::string::npos)
      << small.err;
  EXPECT_EQ(test::run_cli("memloop --gpu kepler --warps 8 --pattern random --array 4KB --measure 2000").err, "");
  EXPECT_EQ(test::run_cli("memloop --gpu kepler --set memory.l2.slices=0 --warps 8 --measure 2000").err, "");
}

// Below one line the closed loop divided by zero choosing random words (SIGFPE with 1-3 bytes).
TEST(MemloopCli, AnArrayOfLessThanOneLineIsBadInput) {
  for (const char* size : {"1B", "3B", "127B"}) {
    const auto r = test::run_cli(std::string("memloop --gpu kepler --warps 8 --pattern random --measure 1000 --array ") + size);
    EXPECT_EQ(r.exit_code, 2) << size;
    EXPECT_NE(r.err.find("<cli>: --array: '" + std::string(size) + "' is less than one 128-byte line"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  EXPECT_EQ(test::run_cli("memloop --gpu kepler --warps 8 --pattern random --measure 1000 --array 128B").exit_code, 0);
}

TEST(MemloopCli, SameSeedGivesByteIdenticalOutput) {
  const std::string args = "memloop --gpu maxwell --set memory.model=dram --pattern random --warps 2 --measure 5000 --seed 7";
  EXPECT_EQ(test::run_cli(args).out, test::run_cli(args).out);
}

}  // namespace
}  // namespace warpsim
