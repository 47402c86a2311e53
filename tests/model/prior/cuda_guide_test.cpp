#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "model/hw_params.h"
#include "model/model_context.h"
#include "model/model_test_util.h"
#include "model/prior/cuda_guide.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

struct Table43Row {
  const char* gpu;
  double alpha, instruction_time, estimate, printed_half_unit;
};
// Volkov 2016 Table 4.3 (estimates printed to 0.1 warp for G80/GT200, to the warp after).
const Table43Row kTable43[] = {
    {"g80", 16, 4, 6.9, 0.05},     {"gt200", 16, 4, 6.8, 0.05},    {"fermi", 32, 1, 16, 0.5},
    {"kepler", 32, 0.25, 38, 0.5}, {"maxwell", 64, 0.25, 23, 0.5},
};

TEST(CudaGuide, Table43WarpsNeeded) {
  // mem_lat / (instruction time · α), instruction time = 1 / alu_thru: e.g. Kepler 301 / (0.25 · 32).
  for (const auto& r : kTable43) {
    const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin(r.gpu)), r.alpha);
    EXPECT_DOUBLE_EQ(m.inst_time, r.instruction_time) << r.gpu;
    EXPECT_NEAR(cuda_guide_warps_needed(m), r.estimate, r.printed_half_unit) << r.gpu;
  }
}

TEST(CudaGuide, AddingArithmeticLatencyGivesSection48sBetterEstimate) {
  // §4.8: + alu_lat · alu_thru; on Kepler 37.6 + 9 · 4 = 74 warps, beyond 100% occupancy.
  const HwParams hw = derive_hw_params(warpsim::test::builtin("kepler"));
  EXPECT_NEAR(cuda_guide_warps_needed(alpha_mix_group(hw, 32)) + hw.alu_lat * hw.alu_thru, 74, 0.5);
  // The "refined" variant counts the stalled warp and the load: 301 / (0.25 · 33) + 1.
  EXPECT_DOUBLE_EQ(cuda_guide_warps_needed_refined(alpha_mix_group(hw, 32)), 301 / (0.25 * 33) + 1);
}

TEST(CudaGuide, CurveSaturatesAtTheGuidesOccupancy) {
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("maxwell")), 64);
  const Estimate at = cuda_guide(m, cuda_guide_warps_needed(m));
  EXPECT_DOUBLE_EQ(at.warp_throughput, 1 / (65 * 0.25));  // 4 IPC/SM, all instructions at the peak
  EXPECT_DOUBLE_EQ(cuda_guide(m, 64).warp_throughput, at.warp_throughput);
  EXPECT_DOUBLE_EQ(cuda_guide(m, 1).warp_throughput, at.warp_throughput / cuda_guide_warps_needed(m));
}

TEST(CudaGuide, UndefinedWithoutBothInstructionKinds) {
  const HwParams hw = derive_hw_params(warpsim::test::builtin("fermi"));
  EXPECT_FALSE(cuda_guide(alpha_mix_group(hw, 0), 8).available);
  EXPECT_FALSE(cuda_guide(alpha_mix_group(hw, std::numeric_limits<double>::infinity()), 8).available);
}

}  // namespace
}  // namespace warpsim::model
