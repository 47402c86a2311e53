// A long run can be watched and bounded (RunOptions::on_progress, max_cycles): the progress it
// reports rises through the grid's instructions and changes nothing simulated; past max_cycles it
// stops with an error naming --max-cycles.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "common/user_error.h"
#include "device/simulate.h"
#include "isa/workload_parser.h"
#include "support/test_support.h"

namespace warpsim::device {
namespace {

// One warp's chain of dependent FADDs: ~3 events per instruction on one SM, so 200,000 of them
// cross the 65,536-event reporting period several times.
isa::Kernel chain() { return isa::parse_workload(".kernel chain\n.loop 200000\n  FADD R1, R1, R2\n.endloop\nEXIT\n", "<run_budget_test>"); }

RunOptions one_warp() {
  RunOptions o;
  o.warps_per_sm = 1;
  o.sms = 1;
  return o;
}

TEST(RunBudget, ProgressRisesThroughTheGridAndChangesNothingSimulated) {
  const auto cfg = test::builtin("kepler");
  const isa::Kernel k = chain();
  std::vector<double> seen;
  RunOptions watched = one_warp();
  watched.on_progress = [&](double f) { seen.push_back(f); };
  const Result r = simulate(cfg, k, watched);
  ASSERT_GE(seen.size(), 3u);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_GT(seen.front(), 0.0);
  EXPECT_LE(seen.back(), 1.0);
  EXPECT_GT(seen.back(), 0.5);
  EXPECT_EQ(r.cycles, simulate(cfg, k, one_warp()).cycles);
}

TEST(RunBudget, ARunPastMaxCyclesStopsWithAnErrorNamingTheOption) {
  RunOptions o = one_warp();
  o.max_cycles = 10000;
  try {
    simulate(test::builtin("kepler"), chain(), o);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    ASSERT_EQ(e.diagnostics().size(), 1u);
    EXPECT_EQ(e.diagnostics()[0].key, "--max-cycles");
    EXPECT_NE(e.diagnostics()[0].message.find("passed cycle 10000 before its grid finished"), std::string::npos) << e.what();
  }
  o.max_cycles = 100'000'000;  // a budget the run fits changes nothing
  EXPECT_EQ(simulate(test::builtin("kepler"), chain(), o).cycles, simulate(test::builtin("kepler"), chain(), one_warp()).cycles);
}

}  // namespace
}  // namespace warpsim::device
