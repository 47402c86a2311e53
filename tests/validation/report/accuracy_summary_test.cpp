// The accuracy summary's rows: per GPU and source, and per seed whose measurements the cases use.
#include <gtest/gtest.h>

#include <cmath>

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

TEST(AccuracySummary, AModelGetsAnOutOfSampleRowWhereSomeOfItsCasesAreInSample) {
  CaseSpec peak, add;
  peak.id = "t6_4.peak.kepler", peak.gpu = "kepler";
  add.id = "t6_1.add.kepler", add.gpu = "kepler";
  const auto with_model = [](CaseOutcome o, const std::string& name, double rel, std::vector<std::string> in_sample) {
    ModelOutcome m;
    m.model = name, m.value = Value{1.0, ""}, m.rel_error = rel, m.within = std::abs(rel) < 0.05, m.in_sample = std::move(in_sample);
    o.models.push_back(m);
    return o;
  };
  const auto rows = accuracy_summary({with_model(measured_case(peak, 0.0, true), "volkov", 0.0, {"memory.peak_gbps: Table 6.4's peak"}),
                                      with_model(measured_case(add, 0.0, true), "volkov", -0.2, {}),
                                      with_model(measured_case(add, 0.0, true), "huang_rr", 0.3, {})});
  const AccuracyRow* whole = find_row(rows, "kepler", "volkov");
  const AccuracyRow* out = find_row(rows, "kepler", std::string("volkov") + kOutOfSampleSuffix);
  ASSERT_NE(whole, nullptr);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(whole->cases, 2);
  EXPECT_EQ(whole->within, 1);
  EXPECT_EQ(out->cases, 1);
  EXPECT_EQ(out->within, 0);
  EXPECT_DOUBLE_EQ(out->worst_under, -0.2);
  // huang_rr has no in-sample case: its one row says it all.
  EXPECT_NE(find_row(rows, "kepler", "huang_rr"), nullptr);
  EXPECT_EQ(find_row(rows, "kepler", std::string("huang_rr") + kOutOfSampleSuffix), nullptr);
  // The out-of-sample row follows its model's.
  size_t at_whole = 0, at_out = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (&rows[i] == whole) at_whole = i;
    if (&rows[i] == out) at_out = i;
  }
  EXPECT_EQ(at_out, at_whole + 1);
}

}  // namespace warpsim::validation
