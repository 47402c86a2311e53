// Occupancy control by dynamic shared memory (Volkov 2016 §5.7) with the H100's limits.
#include <gtest/gtest.h>

#include "config/loader.h"
#include "device/occupancy.h"
#include "isa/generators.h"
#include "microbench_occupancy.h"

namespace warpsim::validation {
namespace {

// CUDA C++ Programming Guide, compute capability 9.0: 228 KB shared memory per SM, 227 KB per
// block (opt-in), 1 KB reserved per block, 32 blocks and 64 warps per SM (SmLimits defaults).
const SmLimits kH100;

TEST(MicrobenchOccupancy, OneWarpPerSmTakesTheWholeSharedMemory) {
  const auto p = plan_occupancy(1, kH100, 0);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->block_warps, 1);
  EXPECT_EQ(p->blocks_per_sm, 1);
  EXPECT_EQ(p->dynamic_shared_bytes, 232448);  // 233472 - 1024 reserved = the opt-in maximum
  EXPECT_EQ(blocks_fitting(kH100, p->dynamic_shared_bytes), 1);
}

TEST(MicrobenchOccupancy, BlocksSpreadEvenlyOverTheFourSchedulers) {
  // §5.8: blocks of gcd(warps, 4) warps avoid load imbalance across schedulers.
  EXPECT_EQ(plan_occupancy(24, kH100, 0)->block_warps, 4);
  EXPECT_EQ(plan_occupancy(6, kH100, 0)->block_warps, 2);
  EXPECT_EQ(plan_occupancy(3, kH100, 0)->block_warps, 1);
  EXPECT_EQ(plan_occupancy(24, kH100, 0)->blocks_per_sm, 6);
}

TEST(MicrobenchOccupancy, ExactlyTheTargetNumberOfBlocksFits) {
  for (int w : {1, 2, 3, 5, 8, 12, 20, 24, 28, 36, 40, 48, 56}) {
    const auto p = plan_occupancy(w, kH100, 256);
    ASSERT_TRUE(p.has_value()) << w;
    EXPECT_EQ(p->blocks_per_sm * p->block_warps, w);
    EXPECT_EQ(blocks_fitting(kH100, p->dynamic_shared_bytes), p->blocks_per_sm) << w;
    EXPECT_GE(p->dynamic_shared_bytes, 256);
  }
}

TEST(MicrobenchOccupancy, FullOccupancyIsLimitedByWarpsNotSharedMemory) {
  const auto p = plan_occupancy(64, kH100, 0);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->blocks_per_sm, 16);
  EXPECT_EQ(p->dynamic_shared_bytes, 233472 / 16 - 1024);
  EXPECT_GE(blocks_fitting(kH100, p->dynamic_shared_bytes), 16);
}

TEST(MicrobenchOccupancy, BlocksGrowWhenTheBlockLimitIsReached) {
  SmLimits few_blocks = kH100;
  few_blocks.max_blocks = 8;
  const auto p = plan_occupancy(33, few_blocks, 0);  // gcd 1 would need 33 blocks
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->block_warps, 11);
  EXPECT_EQ(p->blocks_per_sm, 3);
}

TEST(MicrobenchOccupancy, UnrealisableTargetsHaveNoPlan) {
  EXPECT_FALSE(plan_occupancy(0, kH100, 0).has_value());
  EXPECT_FALSE(plan_occupancy(65, kH100, 0).has_value());
  EXPECT_FALSE(plan_occupancy(64, kH100, 100000).has_value());  // kernel needs more than fits
}

TEST(MicrobenchOccupancy, DeviceNamesMapToWarpsimConfigs) {
  EXPECT_EQ(warpsim_gpu_name("NVIDIA H100 80GB HBM3", 132), "h100_sxm");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA H100 PCIe", 114), "h100_pcie");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA H100 NVL", 132), "");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA H100 PCIe", 132), "");
}

TEST(MicrobenchOccupancy, VoltaAmpereAdaAndH200NamesMapToTheirConfigs) {
  // Names as nvidia-smi and cudaDeviceProp::name give them.
  EXPECT_EQ(warpsim_gpu_name("Tesla V100-SXM2-16GB", 80), "v100");
  EXPECT_EQ(warpsim_gpu_name("Tesla V100-SXM2-32GB", 80), "v100");  // taller stacks, same bus and clock
  EXPECT_EQ(warpsim_gpu_name("NVIDIA A100-SXM4-40GB", 108), "a100_40");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA A100-SXM4-80GB", 108), "a100_80");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA A100-SXM-80GB", 108), "a100_80");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA GeForce RTX 4090", 128), "rtx4090");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA L40", 142), "l40");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA H200", 132), "h200");
}

TEST(MicrobenchOccupancy, RelatedPartsWithoutAConfigMapToNothing) {
  EXPECT_EQ(warpsim_gpu_name("Tesla V100-PCIE-16GB", 80), "");  // 1380 MHz
  EXPECT_EQ(warpsim_gpu_name("Tesla V100-SXM3-32GB", 80), "");  // DGX-2, higher clock
  EXPECT_EQ(warpsim_gpu_name("NVIDIA A100-PCIE-40GB", 108), "");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA A100-SXM4-40GB", 98), "");  // a MIG slice or a cut-down part
  EXPECT_EQ(warpsim_gpu_name("NVIDIA H200 NVL", 132), "");       // PCIe card, 1785 MHz
  EXPECT_EQ(warpsim_gpu_name("NVIDIA GH200 480GB", 132), "");    // not the H200's memory
  EXPECT_EQ(warpsim_gpu_name("NVIDIA H200", 114), "");
  EXPECT_EQ(warpsim_gpu_name("NVIDIA GeForce RTX 4090 D", 114), "");          // China's cut
  EXPECT_EQ(warpsim_gpu_name("NVIDIA GeForce RTX 4090 Laptop GPU", 76), "");  // an AD103
  EXPECT_EQ(warpsim_gpu_name("NVIDIA L40S", 142), "");                        // 2520 MHz
}

// The suite's rows are simulated at the suite's launch (device/occupancy.h, fill_shared_memory):
// the simulator's realisation of that plan gives the block size and allocation the suite's own
// plan gives, at every occupancy of the H100 SXM5 it can realise.
TEST(MicrobenchOccupancy, TheSimulatorRealisesTheSuitesPlanAtEveryOccupancy) {
  const config::HwConfig h100 = config::load_hw_config("h100_sxm", {});
  isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", "add"}, {"count", "64"}});
  k.launch.fill_shared_memory = true;
  int planned = 0;
  for (int w = 1; w <= 64; ++w) {
    const auto p = plan_occupancy(w, kH100, 0);
    if (!p) continue;
    ++planned;
    const device::LaunchRealization r = device::realize_launch(h100, k, w, 1);
    EXPECT_EQ(r.block_threads, 32 * p->block_warps) << w << " warps/SM";
    EXPECT_EQ(r.blocks_per_sm, p->blocks_per_sm) << w << " warps/SM";
    EXPECT_EQ(r.shared_memory_per_block, p->dynamic_shared_bytes) << w << " warps/SM";
  }
  EXPECT_EQ(planned, 57);  // the rest the allocation granularity cannot hold to (§5.7)
}

}  // namespace
}  // namespace warpsim::validation
