// Known reasons for failed cases (validation/report/failure_reasons.h): the first entry of the case's
// memory model (or of no model) whose glob matches; a malformed file is an error at its line.
#include <gtest/gtest.h>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/report/failure_reasons.h"

namespace warpsim::validation {
namespace {

TEST(FailureReasons, TheFirstEntryOfTheCasesModelThatMatchesGivesTheReason) {
  const std::string p = test::write_temp_file("reasons/ok.yaml",
                                              "reasons:\n"
                                              "  - {model: dram, cases: [\"t6_4.peak.gt200\"], reason: specific}\n"
                                              "  - {model: dram, cases: [\"t6_4.peak.*\"], reason: general}\n"
                                              "  - {model: servers, cases: [\"*\"], reason: other model}\n");
  const auto reasons = load_failure_reasons(p);
  EXPECT_EQ(failure_reason("t6_4.peak.gt200", config::MemoryModelKind::Dram, reasons), "specific");
  EXPECT_EQ(failure_reason("t6_4.peak.kepler", config::MemoryModelKind::Dram, reasons), "general");
  EXPECT_EQ(failure_reason("t6_5.b.kepler", config::MemoryModelKind::Dram, reasons), "");
  EXPECT_EQ(failure_reason("t6_5.b.kepler", config::MemoryModelKind::Servers, reasons), "other model");
  EXPECT_EQ(failure_reason("t6_5.b.kepler", config::MemoryModelKind::Fixed, reasons), "");
}

TEST(FailureReasons, AnEntryWithoutAModelExplainsTheCaseUnderEveryModel) {
  const std::string p = test::write_temp_file("reasons/any.yaml",
                                              "reasons:\n"
                                              "  - {model: dram, cases: [\"s6_1.*\"], reason: dram only}\n"
                                              "  - {cases: [\"s6_1.*\", \"t6_3.smem.maxwell\"], reason: setup}\n");
  const auto reasons = load_failure_reasons(p);
  EXPECT_EQ(failure_reason("s6_1.smem_pct_24", config::MemoryModelKind::Dram, reasons), "dram only");
  EXPECT_EQ(failure_reason("s6_1.smem_pct_24", config::MemoryModelKind::Fixed, reasons), "setup");
  EXPECT_EQ(failure_reason("t6_3.smem.maxwell", config::MemoryModelKind::Servers, reasons), "setup");
  EXPECT_EQ(failure_reason("t6_3.smem.kepler", config::MemoryModelKind::Servers, reasons), "");
}

// The one error loading `text` gives (an empty Diagnostic, after a failed expectation, otherwise).
Diagnostic only_error(const std::string& name, const std::string& text) {
  try {
    load_failure_reasons(test::write_temp_file("reasons/" + name, text));
  } catch (const UserError& e) {
    EXPECT_EQ(e.diagnostics().size(), 1u);
    return e.diagnostics().empty() ? Diagnostic{} : e.diagnostics()[0];
  }
  ADD_FAILURE() << name << ": expected a UserError";
  return {};
}

TEST(FailureReasons, AnEntryWithoutCasesIsAnErrorAtItsLine) {
  const Diagnostic d = only_error("nocases.yaml", "reasons:\n  - reason: y\n");
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.key, "cases");
}

TEST(FailureReasons, AnUnknownModelIsAnErrorAtItsLine) {
  const Diagnostic d = only_error("bad.yaml", "reasons:\n  - model: dramm\n    cases: [x]\n    reason: y\n");
  EXPECT_EQ(d.line, 2);
  EXPECT_NE(d.message.find("unknown memory model 'dramm'"), std::string::npos) << d.message;
}

TEST(FailureReasons, TheBuiltInFileLoadsAndExplainsTheDefaultsSaturationFailures) {
  const auto reasons = load_failure_reasons(builtin_failure_reasons_file());
  EXPECT_NE(failure_reason("t6_5.b.maxwell", config::MemoryModelKind::Dram, reasons).find("gradual saturation"), std::string::npos);
  EXPECT_NE(failure_reason("t6_1.random.gt200", config::MemoryModelKind::Dram, reasons).find("TLB"), std::string::npos);
}

}  // namespace
}  // namespace warpsim::validation
