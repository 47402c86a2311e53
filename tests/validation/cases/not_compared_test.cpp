#include "validation/cases/not_compared.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/cases/case_loader.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {
namespace {

std::set<std::string> compared_by(const std::vector<CaseSpec>& cases) {
  std::set<std::string> out;
  for (const auto& c : cases)
    for (auto& id : compared_rows(c)) out.insert(std::move(id));
  return out;
}

TEST(NotCompared, EveryBuiltInRowIsComparedOrExplained) {
  const MeasurementSet ms = load_measurements(builtin_measurements_dir());
  const auto reasons = load_not_compared(builtin_not_compared_file());
  const auto lines = uncompared_rows(ms, ms.files().size(), compared_by(load_cases({builtin_cases_dir()})), reasons, {});
  EXPECT_FALSE(lines.empty());  // the file has work to do: TEG's predictions, double precision, ...
  for (const auto& line : lines) EXPECT_EQ(line.find("no reason is recorded"), std::string::npos) << line;
}

TEST(NotCompared, ARowNoCaseComparesIsNamedWithItsReasonOrTheLackOfOne) {
  const std::string csv =
      "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
      "x.used,gt200,latency,,,,24,cycles,s,n\n"
      "x.double,gt200,latency,,,,48,cycles,s,n\n"
      "x.other,gt200,latency,,,,10,cycles,s,n\n";
  const MeasurementSet ms = load_measurements_text(csv, "m.csv");
  const std::vector<NotCompared> reasons{{{"x.d*"}, "double precision", {}}};
  const auto lines = uncompared_rows(ms, 1, {"x.used"}, reasons, {});
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "m.csv:3 x.double: not compared: double precision");
  EXPECT_EQ(lines[1], "m.csv:4 x.other: not compared: no case compares it and no reason is recorded in validation/not_compared.yaml");
  EXPECT_TRUE(uncompared_rows(ms, 1, {"x.used"}, reasons, {"fermi"}).empty());  // rows of other GPUs than --gpu
}

// An entry with `files` holds for the rows of those files only: a defect of one measured run.
TEST(NotCompared, AnEntryWithFilesHoldsForThoseFilesOnly) {
  const std::string csv = "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\nx.mix,gt200,latency,,,,24,cycles,s,n\n";
  const MeasurementSet ms = load_measurements_text(csv, "runs/a/m.csv");
  const std::vector<NotCompared> reasons{{{"x.*"}, "a bad build", {"*/a/m.csv"}}};
  const auto lines = uncompared_rows(ms, 1, {}, reasons, {});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "runs/a/m.csv:2 x.mix: not compared: a bad build");
  const MeasurementSet other = load_measurements_text(csv, "runs/b/m.csv");
  EXPECT_EQ(not_compared_reason(reasons, other.rows()[0]), nullptr);
  EXPECT_EQ(not_compared_reason(reasons, ms.rows()[0]), &reasons[0]);
}

TEST(NotCompared, AnEmptyFilesListIsAnErrorAtItsLine) {
  const std::string path = test::write_temp_file("not_compared_files.yaml", "rows:\n  - ids: [\"x.*\"]\n    why: w\n    files: []\n");
  try {
    load_not_compared(path);
    FAIL() << "an empty files list was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":4"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("files"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace warpsim::validation
