// The Volta, Ampere, Ada and H200 configs (hw_configs/v100.yaml, a100_*.yaml, rtx4090.yaml,
// l40.yaml, h200.yaml): they load, their vendor numbers agree with each other, no measured
// throughput feeds them, and the simulator reproduces the vendor's FP32 peak and stays under the
// pins with them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "device/simulate.h"
#include "isa/generators.h"
#include "microbench_occupancy.h"
#include "support/suite_limits.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

struct VendorFigures {
  const char* gpu;
  int sms;
  double fp32_tflops;  // the vendor's FP32 peak (an FMA counts 2)
  double pins_gbps;    // the vendor's memory bandwidth
};

// V100 whitepaper Table 1, A100 whitepaper and 80 GB datasheet, Ada whitepaper Table 2 (RTX 4090:
// 82.6 TFLOPS, 1008 GB/s), L40 product figures (90.5 TFLOPS, 864 GB/s), H200 datasheet (4.8 TB/s
// is the 6016-bit bus at 6.4 Gb/s: hw_configs/h200.yaml).
const VendorFigures kGpus[] = {{"v100", 80, 15.7, 900},      {"a100_40", 108, 19.5, 1555}, {"a100_80", 108, 19.5, 2039},
                               {"rtx4090", 128, 82.6, 1008}, {"l40", 142, 90.5, 864},      {"h200", 132, 67, 4800}};

double pin_gbps(const HwConfig& c) { return c.memory.bus_width_bits * 2.0 * c.memory.memory_clock_mhz / 8.0 / 1000.0; }

// Every warp slot (64; the RTX 4090's and the L40's 48) of one SM and its share of the memory system.
device::Result simulate_one_sm(const HwConfig& c, const std::string& op, const std::string& count) {
  device::RunOptions o;
  o.warps_per_sm = c.sm.max_warps;
  o.sms = 1;
  return device::simulate(c, isa::generate(*isa::find_generator("homogeneous"), {{"op", op}, {"count", count}}), o);
}

TEST(ModernGpuConfigs, SmCountsAndPinsAreTheVendorsAndNoMeasuredPeakIsAnInput) {
  for (const auto& v : kGpus) {
    SCOPED_TRACE(v.gpu);
    const HwConfig c = test::builtin(v.gpu);
    EXPECT_EQ(c.device.sms, v.sms);
    EXPECT_NEAR(pin_gbps(c), c.memory.pin_bandwidth_gbps, 0.001 * c.memory.pin_bandwidth_gbps);
    EXPECT_NEAR(c.memory.pin_bandwidth_gbps, v.pins_gbps, 0.005 * v.pins_gbps);  // vendor figures are rounded
    // The analytical models' "sustained" peak is the pins here, and no latency-vs-load fit is given.
    EXPECT_EQ(c.memory.peak_gbps, c.memory.pin_bandwidth_gbps);
    EXPECT_EQ(c.memory.contention_c_gbps, 0);
    EXPECT_EQ(c.memory.model, MemoryModelKind::Dram);
    EXPECT_EQ(c.scheduler.count * c.scheduler.max_warps, c.sm.max_warps);
  }
}

TEST(ModernGpuConfigs, SimulatedFp32PeakIsTheVendors) {
  // Dependent FADDs at every warp slot: 12-16 per scheduler hide the 4-cycle latency, so the CUDA
  // cores bind. Vendor TFLOPS count an FMA as 2 operations; the FADD rate is the FMA rate. 4096
  // adds per warp make the ramp-up and the tail small (99.3-99.8% of the lanes; 256 adds: 93-97%).
  // The vendor rounds to 0.1 TFLOPS (V100 15.67, A100 19.49, RTX 4090 82.58, L40 90.52, H200
  // 66.9): 2% tolerance.
  for (const auto& v : kGpus) {
    SCOPED_TRACE(v.gpu);
    const HwConfig c = test::builtin(v.gpu);
    const device::Result r = simulate_one_sm(c, "add", "4096");
    const double tflops = r.adds_per_cycle_per_sm * 2 * c.device.sms * c.device.core_clock_ghz / 1000;
    EXPECT_NEAR(tflops, v.fp32_tflops, 0.02 * v.fp32_tflops);
  }
}

TEST(ModernGpuConfigs, SimulatedStreamStaysUnderThePinsAndUsesThem) {
  // A streaming read at full occupancy on one SM's share of the DRAM: it cannot beat the pins, and
  // a config whose channels, banks or timings were off by a factor would fall far below them. The
  // V100 reaches 89% of its pins; on the others one activation per 128-byte line, max(tRRD,
  // tFAW / 4) apart per pseudo channel, binds first (A100 40GB 79%, 80GB 61%, RTX 4090 68%, L40 77%,
  // H200 58%), as on the H100 (docs/memory-model.md, "What the default does not reproduce").
  for (const auto& v : kGpus) {
    SCOPED_TRACE(v.gpu);
    const HwConfig c = test::builtin(v.gpu);
    const device::Result r = simulate_one_sm(c, "stream", "256");
    EXPECT_LE(r.dram_gbps, c.memory.pin_bandwidth_gbps);
    EXPECT_LE(r.gbps, c.memory.pin_bandwidth_gbps);
    EXPECT_GT(r.gbps, 0.5 * c.memory.pin_bandwidth_gbps);
  }
}

TEST(ModernGpuConfigs, OverlaysChangeOnlyTheMemory) {
  const HwConfig h100 = test::builtin("h100_sxm"), h200 = test::builtin("h200");
  EXPECT_EQ(h200.gpu.generation, Generation::Hopper);
  EXPECT_EQ(h200.alu.latency_cycles, h100.alu.latency_cycles);  // the same GH100 SM
  EXPECT_EQ(h200.sm.shared_memory_bytes, h100.sm.shared_memory_bytes);
  EXPECT_EQ(h200.device.core_clock_ghz, h100.device.core_clock_ghz);
  EXPECT_EQ(h200.memory.l2_bytes, 60 * 1024 * 1024);  // the whole GH100 L2 (cudaDeviceProp on an H200)
  EXPECT_EQ(h200.memory.dram_type, "HBM3e");
  EXPECT_GT(h200.memory.pin_bandwidth_gbps, 1.4 * h100.memory.pin_bandwidth_gbps);

  const HwConfig a40 = test::builtin("a100_40"), a80 = test::builtin("a100_80");
  EXPECT_EQ(a40.gpu.generation, Generation::Ampere);
  EXPECT_EQ(a80.device.sms, a40.device.sms);
  EXPECT_EQ(a80.memory.bus_width_bits, a40.memory.bus_width_bits);
  EXPECT_EQ(a80.memory.l2_bytes, a40.memory.l2_bytes);
  EXPECT_EQ(a80.memory.dram_type, "HBM2e");
  EXPECT_EQ(test::builtin("v100").gpu.generation, Generation::Volta);
  EXPECT_EQ(test::builtin("rtx4090").gpu.generation, Generation::Ada);
  const HwConfig l40 = test::builtin("l40");  // an overlay of rtx4090: the same AD102 SM
  EXPECT_EQ(l40.alu.ops_per_cycle, test::builtin("rtx4090").alu.ops_per_cycle);
  EXPECT_EQ(l40.memory.dram_type, "GDDR6");
}

TEST(ModernGpuConfigs, TheMicrobenchmarksCanRealiseTheirSweptOccupanciesOnThem) {
  // The suite's plans (Volkov §5.7): 1-16 warps/SM and every even number up to 64, with its 256
  // bytes of shared memory per block, under each part's block and shared-memory limits. On the V100
  // two cannot be had: 46 warps are 23 blocks of 2, and no whole number of 256-byte units per
  // block lets 23 blocks fit in 96 KB but not 24 (384 units: 16 per block fit 24, 17 fit 22); 62
  // likewise (31 blocks). The suite skips them there.
  for (const auto& v : kGpus) {
    SCOPED_TRACE(v.gpu);
    const HwConfig c = test::builtin(v.gpu);
    const validation::SmLimits l = test::suite_limits(c);
    std::vector<int> unrealisable;
    for (int w = 1; w <= c.sm.max_warps; ++w) {
      if (w > 16 && w % 2 != 0) continue;
      const auto p = validation::plan_occupancy(w, l, 256);
      if (!p)
        unrealisable.push_back(w);
      else
        EXPECT_EQ(p->blocks_per_sm * p->block_warps, w);
    }
    const std::vector<int> expected = std::string(v.gpu) == "v100" ? std::vector<int>{46, 62} : std::vector<int>{};
    EXPECT_EQ(unrealisable, expected);
  }
}

}  // namespace
}  // namespace warpsim::config
