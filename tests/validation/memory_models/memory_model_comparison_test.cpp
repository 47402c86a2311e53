// The memory-model comparison of the streaming experiment (Volkov 2016 §6.3, Table 6.4) and the
// `warpsim compare-memory` command.
#include <gtest/gtest.h>

#include "common/user_error.h"
#include "mem/memory_factory.h"
#include "support/test_support.h"
#include "validation/memory_models/memory_model_comparison.h"
#include "validation/memory_models/memory_model_section.h"

namespace warpsim::validation {
namespace {

TEST(MemoryModelComparison, FixedModelPeakIsTheConfiguredPeakAndThresholdsAreOrdered) {
  const auto cfg = test::builtin("kepler");
  MemorySweepOptions o;
  o.warps = {8, 24, 40, 56, 64};
  o.sms = 1;
  o.loads_per_warp = 16;
  const MemoryModelSummary s = summarize_memory_model(cfg, config::MemoryModelKind::Fixed, o);
  EXPECT_EQ(s.model, "fixed");
  ASSERT_EQ(s.points.size(), 5u);
  EXPECT_NEAR(s.peak_gbps, 154, 0.03 * 154);  // the fixed model's bandwidth cap, Table 6.4
  ASSERT_GT(s.warps_at_90, 0);
  EXPECT_LE(s.warps_at_90, s.warps_at_95);
  for (const auto& p : s.points) EXPECT_LE(p.gbps, s.peak_gbps);
  // Below the knee the fixed model's latency is the unloaded one (Table 6.2, 301 cycles).
  EXPECT_NEAR(s.points[0].access_latency_mean, 301, 1.0);
}

TEST(MemoryModelComparison, SummaryTableAddsTheSeedsTable6_4Row) {
  const auto cfg = test::builtin("kepler");
  MemorySweepOptions o;
  o.warps = {32, 64};
  o.sms = 1;
  o.loads_per_warp = 8;
  const auto s = summarize_memory_model(cfg, config::MemoryModelKind::Fixed, o);
  const auto seed = load_measurements(builtin_measurements_dir());
  const report::Table t = memory_model_summary_table({s}, &seed);
  ASSERT_EQ(t.rows().size(), 2u);
  EXPECT_EQ(std::get<std::string>(t.rows()[1][1]), "volkov2016");
  EXPECT_DOUBLE_EQ(std::get<double>(t.rows()[1][2]), 154);     // Table 6.4 peak
  EXPECT_DOUBLE_EQ(std::get<double>(t.rows()[1][3]), 14 * 4);  // 14 warps/scheduler x 4 schedulers
  EXPECT_EQ(std::get<int64_t>(t.rows()[0].back()), 1);         // simulated on one SM's share
  EXPECT_EQ(std::get<int64_t>(t.rows()[1].back()), 8);         // the seed measured all 8 SMs
}

TEST(MemoryModelSection, RunsTheDefaultOnTheShareAndOnTheWholeDevice) {
  // validate's section: every model on one SM's share, and the default `dram` once more on all 8
  // SMs (a share keeps one channel and misses the device's collisions between streams).
  const auto section =
      memory_model_section({MemoryModelGpu{"kepler", "kepler", {}}}, {config::MemoryModelKind::Fixed, config::MemoryModelKind::Dram}, 2);
  ASSERT_TRUE(section.has_value());
  const auto& rows = section->summary.rows();
  ASSERT_EQ(rows.size(), 4u);  // fixed, dram (share), dram (device), volkov2016
  const size_t sms = section->summary.columns().size() - 1;
  EXPECT_EQ(section->summary.columns()[sms].name, "simulated_sms");
  const std::vector<std::pair<std::string, int64_t>> expected{{"fixed", 1}, {"dram", 1}, {"dram", 8}, {"volkov2016", 8}};
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(std::get<std::string>(rows[i][1]), expected[i].first) << i;
    EXPECT_EQ(std::get<int64_t>(rows[i][sms]), expected[i].second) << i;
  }
  // The whole device reaches 90% of its peak no sooner than the basic model's knee (40 warps/SM).
  EXPECT_GE(std::get<double>(rows[2][3]), 40);
}

TEST(MemoryModelComparison, ModelNotBuiltIsAUserErrorNamingMemoryModel) {
  for (auto kind : {config::MemoryModelKind::Dram, config::MemoryModelKind::SimGrid}) {
    if (mem::memory_model_built(kind)) continue;
    try {
      summarize_memory_model(test::builtin("kepler"), kind, MemorySweepOptions{});
      FAIL() << "expected a UserError";
    } catch (const UserError& e) {
      EXPECT_EQ(e.diagnostics().at(0).key, "memory.model");
    }
  }
}

TEST(CompareMemoryCli, OccupanciesAnSmCannotHoldAreBadInputAsInRun) {
  const auto over = test::run_cli("compare-memory --gpu kepler --models fixed --warps 60:70:2");  // not dropped silently
  EXPECT_EQ(over.exit_code, 2);
  EXPECT_NE(over.err.find("--warps: 66 warps/SM exceed the 64 warps an SM of kepler holds"), std::string::npos) << over.err;
  EXPECT_EQ(over.out, "");
  // A model named twice runs once.
  const auto twice = test::run_cli("compare-memory --gpu kepler --models fixed,fixed --warps 8 --sms 1 --loads 4 --format csv");
  ASSERT_EQ(twice.exit_code, 0) << twice.err;
  EXPECT_EQ(twice.out, test::run_cli("compare-memory --gpu kepler --models fixed --warps 8 --sms 1 --loads 4 --format csv").out);
}

TEST(CompareMemoryCli, UnknownModelExitsTwoWithASuggestion) {
  const auto r = test::run_cli("compare-memory --gpu kepler --models simgird");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean 'simgrid'"), std::string::npos) << r.err;
}

// The default models on a GPU some of them cannot run on (the toy SM's 12-cycle memory is shorter
// than the DRAM timings `queue` and `dram` need): those are skipped with their reason, the rest
// compared; a model the user names is still an error.
TEST(CompareMemoryCli, DefaultModelsAGpuCannotRunAreSkippedWithTheirReason) {
  const auto r = test::run_cli("compare-memory --gpu toy --warps 8:16:8 --loads 4 --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("note: memory model 'queue' cannot run on toy; skipped:"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("\ntoy,fixed,"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\ntoy,queue,"), std::string::npos) << r.out;
  const auto named = test::run_cli("compare-memory --gpu toy --models queue --warps 8 --loads 4");
  EXPECT_EQ(named.exit_code, 2);
  EXPECT_NE(named.err.find("is not longer than the DRAM timings alone give it"), std::string::npos) << named.err;
}

TEST(CompareMemoryCli, PrintsOneRowPerModelAndTheSeed) {
  const auto r = test::run_cli("compare-memory --gpu kepler --models fixed --warps 32:64:32 --sms 1 --loads 8 --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nkepler,fixed,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nkepler,volkov2016,154,56,64,14,16"), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find("invariant"), std::string::npos) << r.err;  // Little's law held on every run
}

}  // namespace
}  // namespace warpsim::validation
