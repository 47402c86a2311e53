// The accuracy summary's rows: per GPU and source, and per seed whose measurements the cases use.
#include <gtest/gtest.h>

#include "validation/report/accuracy.h"

namespace warpsim::validation {
namespace {

CaseOutcome measured_case(const CaseSpec& spec, double rel_error, bool pass) {
  CaseOutcome o;
  o.spec = &spec;
  o.reference.measured = true;
  o.simulated = Value{1.0, ""};
  o.rel_error = rel_error;
  o.pass = pass;
  return o;
}

const AccuracyRow* find_row(const std::vector<AccuracyRow>& rows, const std::string& gpu, const std::string& source) {
  for (const auto& r : rows)
    if (r.gpu == gpu && r.source == source) return &r;
  return nullptr;
}

}  // namespace

TEST(AccuracySummary, HasARowPerSeedWhoseMeasurementsTheCasesCompareWith) {
  CaseSpec teg, volkov;
  teg.id = "teg.t2.w4.ratio_to_1", teg.gpu = "gt200", teg.compare.measurements = {"teg.t2.gt200.w4.ratio_to_1"};
  volkov.id = "t6_2.add.gt200", volkov.gpu = "gt200", volkov.compare.measurements = {"volkov.t6_2.gt200.add"};
  const auto rows = accuracy_summary({measured_case(teg, -0.186, false), measured_case(volkov, 0.001, true)});
  const AccuracyRow* on_teg = find_row(rows, "all", "simulator on TEG 2011");
  ASSERT_NE(on_teg, nullptr);
  EXPECT_EQ(on_teg->cases, 1);
  EXPECT_EQ(on_teg->within, 0);
  EXPECT_DOUBLE_EQ(on_teg->worst_under, -0.186);
  const AccuracyRow* on_volkov = find_row(rows, "all", "simulator on Volkov 2016");
  ASSERT_NE(on_volkov, nullptr);
  EXPECT_EQ(on_volkov->within, 1);
  EXPECT_EQ(find_row(rows, "gt200", "simulator on TEG 2011"), nullptr);  // the "all" rows only
  EXPECT_EQ(simulator_on_source("mb.homogeneous.stream.x"), "simulator on mb");
}

}  // namespace warpsim::validation
