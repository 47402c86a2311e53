// The streaming cases run long enough that they measure the steady state, not the in-phase start
// of the grid's warps (docs/validation.md, "Streaming warp length"): the seed's warps run ~10^6
// cycles (§5.9), and warps that start together share DRAM rows until they drift apart. On Maxwell
// at Table 6.4's 90% occupancy (40 warps/SM, whole device), t6_4.peak's own launch (its loads per
// warp and waves) gives GB/s within 2% of warps four times as long.
#include <gtest/gtest.h>

#include <string>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "validation/cases/case_loader.h"
#include "validation/evaluation/alpha_sweep.h"

namespace warpsim::validation {
namespace {

double stream_gbps(const config::HwConfig& cfg, int loads, int waves) {
  isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", "stream"}, {"count", std::to_string(loads)}});
  k.launch.blocks_per_slot = waves;
  device::RunOptions o;
  o.warps_per_sm = 40;
  return device::simulate(cfg, k, o).gbps;
}

TEST(StreamingCases, RunLongEnoughForTheSteadyState) {
  const CaseSpec* peak = nullptr;
  const auto cases = load_cases({builtin_cases_dir() / "table_6_4.yaml"});
  for (const auto& c : cases)
    if (c.id == "t6_4.peak.maxwell") peak = &c;
  ASSERT_NE(peak, nullptr);
  const RunSpec& run = peak->quantity.run;
  ASSERT_EQ(run.workload, "homogeneous");
  ASSERT_EQ(run.sms, 0);  // the whole device, as the seed measures
  const int loads = std::stoi(run.params.at("count"));
  const int waves = run.waves > 0 ? run.waves : isa::LaunchSpec{}.blocks_per_slot;
  const config::HwConfig cfg = config::load_hw_config("maxwell");
  const double cases_gbps = stream_gbps(cfg, loads, waves);
  const double longer_gbps = stream_gbps(cfg, 4 * loads, waves);
  EXPECT_NEAR(cases_gbps, longer_gbps, 0.02 * longer_gbps) << loads << " loads per warp in " << waves << " waves";
  // The α sweeps' α = 0 run is this launch, so that the two share their simulations.
  const RunSpec alpha0 = alpha_run(run, "0");
  EXPECT_EQ(alpha0.params.at("count"), run.params.at("count"));
  EXPECT_EQ(alpha0.waves, run.waves);
}

}  // namespace
}  // namespace warpsim::validation
