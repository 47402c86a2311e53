// What-if occupancies beyond a GPU's limit (validation/evaluation/what_if.h): the what-if SM scales every
// resource that bounds occupancy and nothing else, its occupancies are whole warps per scheduler
// above the limit, an occupancy_at case uses them only where the GPU's own range falls short, and
// the report marks such a value; a bad factor is the case file's error.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "common/user_error.h"
#include "config/loader.h"
#include "device/occupancy.h"
#include "isa/workloads.h"
#include "support/test_support.h"
#include "validation/cases/case_loader.h"
#include "validation/evaluation/what_if.h"

namespace warpsim::validation {
namespace {

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// Kepler streaming (8 SMs' share on one SM: 15 GB/s at 4 warps/SM, ~100 at 32), on a GPU cut to
// 8 warps/SM, asked where it reaches 50 GB/s (at 16 warps/SM = 4 per scheduler on the full SM).
std::string stream_case(const std::string& extra) {
  return R"(cases:
  - id: whatif.stream
    description: streaming beyond a cut-down GPU's limit
    gpu: kepler
    sets: [sm.max_warps=8, scheduler.max_warps=2]
    workload: homogeneous
    params: {op: stream, count: 16}
    extract: {kind: occupancy_at, metric: gbps, value: 50, unit: warps_per_scheduler)" +
         extra + R"(}
    compare: {greater_than: 2}
    tolerance: {relative: 0}
    tolerance_reason: beyond the cut-down limit of 2 warps per scheduler
)";
}

}  // namespace

TEST(WhatIf, TheWhatIfSmScalesTheOccupancyResourcesAndRunsAboveTheLimit) {
  const config::HwConfig kepler = config::load_hw_config("kepler");
  RunSpec run;
  run.gpu = "kepler";
  run.sets = {"memory.model=fixed"};
  run.warps = {4, 8};
  const RunSpec wider = beyond_limit_run(run, kepler, 1.25);
  EXPECT_TRUE(has(wider.sets, "memory.model=fixed"));  // the case's own sets stay, first
  EXPECT_EQ(wider.sets.front(), "memory.model=fixed");
  EXPECT_TRUE(has(wider.sets, "sm.max_warps=80"));
  EXPECT_TRUE(has(wider.sets, "scheduler.max_warps=20"));
  EXPECT_TRUE(has(wider.sets, "sm.max_blocks=20"));
  EXPECT_TRUE(has(wider.sets, "sm.registers=81920"));
  EXPECT_TRUE(has(wider.sets, "sm.shared_memory_bytes=61440"));
  EXPECT_EQ(wider.warps, (std::vector<int>{68, 72, 76, 80}));
  // The what-if GPU loads, and every one of its occupancies is realisable with 4-warp blocks.
  const config::HwConfig what_if = config::load_hw_config("kepler", wider.sets);
  const isa::Kernel k = isa::load_workload("homogeneous", {{"op", "stream"}, {"count", "16"}});
  for (int n : wider.warps) EXPECT_EQ(device::realize_launch(what_if, k, n, 1).warps_per_sm, n) << n;
  // Whole warps per scheduler: a factor that lands between steps rounds down.
  EXPECT_EQ(beyond_limit_run(run, kepler, 1.1).warps, (std::vector<int>{68}));
}

TEST(WhatIf, AValueNotAttainedWithinTheLimitIsLookedForBeyondItAndMarked) {
  const std::string dir = test::temp_dir() + "/whatif";
  const auto without = test::run_cli("validate --cases " + test::write_temp_file("whatif/no.yaml", stream_case("")) +
                                     " --no-figures --memory-models none --out-dir " + dir + "_no");
  EXPECT_EQ(without.exit_code, 1) << without.err;  // not attained up to 8 warps/SM: no value, failed
  EXPECT_NE(test::slurp(dir + "_no/values.csv").find("not attained up to 8 warps/SM"), std::string::npos);
  const auto with = test::run_cli("validate --cases " + test::write_temp_file("whatif/yes.yaml", stream_case(", beyond_limit: 4")) +
                                  " --no-figures --memory-models none --out-dir " + dir + "_yes");
  EXPECT_EQ(with.exit_code, 0) << with.out << with.err;
  const std::string values = test::slurp(dir + "_yes/values.csv");
  // 50 GB/s between 12 and 16 warps/SM on the full Kepler SM: 4 warps per scheduler.
  EXPECT_NE(values.find("whatif.stream,kepler,simulator,4,"), std::string::npos) << values;
  EXPECT_NE(values.find("beyond the GPU's limit of 8 warps/SM"), std::string::npos) << values;
  EXPECT_NE(test::slurp(dir + "_yes/report.md").find("| 4 (what-if) |"), std::string::npos);
}

TEST(WhatIf, AFactorOutsideItsRangeOrOnAnotherExtractionIsTheCaseFilesError) {
  for (const char* factor : {"1", "0.5", "5"}) {
    const std::string path =
        test::write_temp_file(std::string("whatif/bad") + factor + ".yaml", stream_case(std::string(", beyond_limit: ") + factor));
    try {
      load_cases({path});
      ADD_FAILURE() << factor << " was accepted";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(path + ":8:"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("extract.beyond_limit: expected a factor in (1, 4]"), std::string::npos) << e.what();
    }
  }
  std::string peak = stream_case(", beyond_limit: 2");
  peak.replace(peak.find("occupancy_at"), 12, "peak");
  peak.replace(peak.find("value: 50, "), 11, "");
  const std::string path = test::write_temp_file("whatif/peak.yaml", peak);
  try {
    load_cases({path});
    ADD_FAILURE() << "beyond_limit on a peak was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("extract.beyond_limit: unknown key"), std::string::npos) << e.what();
  }
}

}  // namespace warpsim::validation
