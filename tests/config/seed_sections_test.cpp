// Numbers of the built-in configs that come from the text of the seeds rather than their tables:
// ILP latencies (Volkov 2016 §3.7, §3.8; Lai and Seznec 2011 §3.2), consumer-dependent latencies
// and issue costs on Maxwell (§4.7), shared-memory allocation (§5.7), and the Figure 4.7 toy.
#include <gtest/gtest.h>

#include <algorithm>

#include "config/loader.h"
#include "isa/op_class.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

using isa::OpClass;

int after(const HwConfig& c, OpClass k) { return c.scheduler.same_warp_issue_latency_after[isa::index(k)]; }
int issue_cost(const HwConfig& c, OpClass k) { return c.scheduler.issue_cycles[isa::index(k)]; }

TEST(SeedSections, IlpLatenciesMatchSection3_7AndTeg) {
  EXPECT_EQ(test::builtin("fermi").scheduler.same_warp_issue_latency_cycles, 6);    // Listing 3.2 left
  EXPECT_EQ(test::builtin("kepler").scheduler.same_warp_issue_latency_cycles, 3);   // §3.8
  EXPECT_EQ(test::builtin("maxwell").scheduler.same_warp_issue_latency_cycles, 1);  // none on Maxwell
  EXPECT_EQ(test::builtin("gt200").scheduler.same_warp_issue_latency_cycles, 8);    // TEG Table 1
  EXPECT_EQ(test::builtin("g80").scheduler.same_warp_issue_latency_cycles, 8);      // same Tesla SM as GT200
}

TEST(SeedSections, FermiStoresIssueEvery34CyclesAndAWarpHoldsAtMostFiveLoads) {
  const HwConfig c = test::builtin("fermi");  // Listing 3.2 centre and right
  EXPECT_EQ(after(c, OpClass::Store), 34);
  EXPECT_EQ(c.lsu.max_outstanding_loads_per_warp, 5);
  EXPECT_EQ(after(c, OpClass::Load), 0) << "loads follow the plain 6-cycle ILP latency";
}

TEST(SeedSections, FermiBarrierReleases34CyclesAfterTheLastArrivalAsInListing3_3) {
  EXPECT_EQ(test::builtin("fermi").sm.barrier_latency_cycles, 580 - 546);
  for (const char* gpu : {"g80", "gt200", "kepler", "maxwell"})
    EXPECT_EQ(test::builtin(gpu).sm.barrier_latency_cycles, 0) << gpu << ": not measured";
}

TEST(SeedSections, NoOtherGpuLimitsLoadsInFlightPerWarp) {
  for (const char* gpu : {"g80", "gt200", "kepler", "maxwell"}) EXPECT_EQ(test::builtin(gpu).lsu.max_outstanding_loads_per_warp, 0) << gpu;
}

TEST(SeedSections, MaxwellLatencyDependsOnTheConsumerAsInSection4_7) {
  const HwConfig c = test::builtin("maxwell");
  EXPECT_EQ(c.sfu.latency_cycles, 13);
  EXPECT_EQ(c.sfu.latency_to_alu_cycles, 9);
  EXPECT_EQ(c.smem.latency_cycles, 24);
  EXPECT_EQ(c.smem.latency_to_alu_cycles, 22);
  EXPECT_EQ(c.alu.latency_to_alu_cycles, 0) << "CUDA-core results reach every consumer in 6 cycles";
}

TEST(SeedSections, MaxwellSfuAndSharedMemoryInstructionsTakeExtraIssueCycles) {
  const HwConfig c = test::builtin("maxwell");  // §4.7 hypothesis: 2 and 3 issue cycles
  EXPECT_EQ(issue_cost(c, OpClass::Sfu), 2);
  EXPECT_EQ(issue_cost(c, OpClass::Smem), 3);
  EXPECT_EQ(issue_cost(c, OpClass::Alu), 1);
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler"})
    for (int k = 0; k < isa::kOpClassCount; ++k) EXPECT_EQ(test::builtin(gpu).scheduler.issue_cycles[k], 1) << gpu;
}

TEST(SeedSections, KeplerReplacesAFinishedBlockIn201Cycles) {
  EXPECT_EQ(test::builtin("kepler").sm.block_launch_latency_cycles, 201);  // §3.8
  // §3.7: 150 to 300 cycles on every GPU of the study.
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    const int c = test::builtin(gpu).sm.block_launch_latency_cycles;
    EXPECT_GE(c, 150) << gpu;
    EXPECT_LE(c, 300) << gpu;
  }
}

// Blocks per SM when each block allocates `bytes` of shared memory (Volkov §5.7).
int blocks_by_shared_memory(const HwConfig& c, int bytes) {
  const int g = c.sm.shared_memory_alloc_granularity_bytes;
  const int alloc = (bytes + c.sm.shared_memory_block_overhead_bytes + g - 1) / g * g;
  return std::min(c.sm.max_blocks, c.sm.shared_memory_bytes / alloc);
}

TEST(SeedSections, KeplerSharedMemoryRoundsTo256BytesAsInSection5_7) {
  const HwConfig c = test::builtin("kepler");
  EXPECT_EQ(blocks_by_shared_memory(c, 3072), 16);  // "constrains occupancy down to 16 thread blocks"
  EXPECT_EQ(blocks_by_shared_memory(c, 3073), 14);  // "...to 14, not 15": rounded up to 3328 bytes
}

TEST(SeedSections, TeslaGpusCannotBeLimitedToSevenBlocksAsInSection5_7) {
  for (const char* gpu : {"g80", "gt200"}) {
    const HwConfig c = test::builtin(gpu);
    EXPECT_EQ(c.sm.shared_memory_alloc_granularity_bytes, 512) << gpu;
    EXPECT_EQ(c.sm.shared_memory_block_overhead_bytes, 16) << gpu;
    for (int bytes = 1; bytes <= c.sm.max_shared_memory_per_block_bytes - 16; ++bytes)
      ASSERT_NE(blocks_by_shared_memory(c, bytes), 7) << gpu << " with " << bytes << " bytes per block";
  }
}

TEST(SeedSections, MaxwellCannotBeLimitedToOneBlockAsInSection5_7) {
  const HwConfig c = test::builtin("maxwell");  // 96 KB per SM, 48 KB per block
  EXPECT_EQ(c.sm.shared_memory_bytes, 98304);
  EXPECT_EQ(c.sm.max_shared_memory_per_block_bytes, 49152);
  EXPECT_EQ(blocks_by_shared_memory(c, c.sm.max_shared_memory_per_block_bytes), 2);
}

// Figure 4.7 / §4.6: alu_lat 3, mem_lat 12, alu_thru 1 IPC from one scheduler issuing every
// cycle. With alpha = 4, Little's law gives 3 x 1 = 3 adds and 12 x 1/4 = 3 loads in flight.
TEST(ToyConfig, MatchesFigure4_7) {
  const HwConfig c = test::builtin("toy");
  EXPECT_EQ(c.gpu.generation, Generation::Toy);
  EXPECT_EQ(c.device.sms, 1);
  EXPECT_EQ(c.scheduler.count, 1);
  EXPECT_EQ(c.scheduler.cycles_per_issue, 1);
  EXPECT_EQ(c.scheduler.width, 2);
  EXPECT_EQ(c.scheduler.same_warp_issue_latency_cycles, 1);
  EXPECT_EQ(c.alu.latency_cycles, 3);
  EXPECT_EQ(c.memory.latency_cycles, 12);
  EXPECT_DOUBLE_EQ(c.alu.ops_per_cycle / 32, 1.0);
  EXPECT_EQ(c.lsu.transaction_issue_cycles, 0);
  const double alpha = 4, alu_thru = c.alu.ops_per_cycle / 32;
  EXPECT_DOUBLE_EQ(c.alu.latency_cycles * alu_thru, 3);
  EXPECT_DOUBLE_EQ(c.memory.latency_cycles * alu_thru / alpha, 3);
}

// Volkov §4.1's issue bound: memory IPC <= issue_thru / (alpha + 1), so adds <= issue_thru x
// alpha / (alpha + 1). The figure's 1 IPC of adds at alpha = 4 needs 1.25 issues per cycle: the
// toy issues two per cycle from different warps, so arithmetic (1 IPC), not issue, binds.
TEST(ToyConfig, IssueDoesNotCapTheAlpha4MixBelowTheFigure) {
  const HwConfig c = test::builtin("toy");
  const double alpha = 4;
  const double issue = static_cast<double>(c.scheduler.count * c.scheduler.width) / c.scheduler.cycles_per_issue;
  const double alu = c.alu.ops_per_cycle * c.scheduler.count / 32;
  EXPECT_EQ(c.scheduler.dual_issue, DualIssue::AnyWarp);
  EXPECT_DOUBLE_EQ(alu, 1.0);
  EXPECT_DOUBLE_EQ(std::min(alu, issue * alpha / (alpha + 1)), 1.0);
}

TEST(ToyConfig, MemoryNeverLimitsEvenAtOneLoadPerCycle) {
  const HwConfig c = test::builtin("toy");
  const double bytes_per_cycle = c.memory.peak_gbps / c.device.core_clock_ghz / c.device.sms;
  EXPECT_GE(bytes_per_cycle, 100 * 128.0) << "a coalesced warp load moves 128 bytes";
  EXPECT_GE(c.sm.max_warps, 6) << "the figure runs 6 warps";
}

}  // namespace
}  // namespace warpsim::config
