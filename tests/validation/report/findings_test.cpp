// The seeds' findings file (validation/findings.yaml): every built-in case belongs to exactly one
// finding, every pattern selects a case, bad files are errors with file:line, and the report's
// per-finding counts follow the case results.
#include "validation/report/findings.h"

#include <gtest/gtest.h>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/cases/case_loader.h"

namespace warpsim::validation {
namespace {

std::string load_error(const std::string& text) {
  const std::string path = test::write_temp_file("findings/bad.yaml", text);
  try {
    load_findings(path);
  } catch (const UserError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a UserError for:\n" << text;
  return "";
}

TEST(Findings, EveryBuiltInCaseBelongsToExactlyOneFindingAndEveryPatternToACase) {
  const auto findings = load_findings(builtin_findings_file());
  const auto cases = load_cases({builtin_cases_dir()});
  ASSERT_FALSE(findings.empty());
  for (const auto& c : cases) {
    std::vector<std::string> owners;
    for (const auto& f : findings)
      for (const auto& p : f.patterns)
        if (case_id_matches(p, c.id)) {
          owners.push_back(f.id);
          break;
        }
    EXPECT_EQ(owners.size(), 1u) << c.id << " belongs to " << owners.size() << " findings";
  }
  for (const auto& f : findings)
    for (const auto& p : f.patterns) {
      bool used = false;
      for (const auto& c : cases) used = used || case_id_matches(p, c.id);
      EXPECT_TRUE(used) << f.id << ": pattern '" << p << "' selects no case";
    }
}

TEST(Findings, PatternsSelectLikeValidateCase) {
  EXPECT_TRUE(case_id_matches("t6_2", "t6_2.add.kepler"));
  EXPECT_TRUE(case_id_matches("t6_2.add.kepler", "t6_2.add.kepler"));
  EXPECT_TRUE(case_id_matches("vabs_*", "vabs_negative_peak"));
  EXPECT_FALSE(case_id_matches("t6_2", "t6_20.add"));
  EXPECT_FALSE(case_id_matches("cusp", "cuspidal"));
}

TEST(Findings, BadFilesNameFileLineAndKey) {
  EXPECT_NE(load_error("findings:\n  - id: a\n    claim: x\n    source: y\n    cases: [t6_2]\n    colour: red\n").find("bad.yaml:6"),
            std::string::npos);
  EXPECT_NE(load_error("findings:\n  - id: a\n    source: y\n    cases: [t6_2]\n").find("claim"), std::string::npos);
  const std::string dup =
      load_error("findings:\n  - {id: a, claim: x, source: y, cases: [t6_2]}\n  - {id: a, claim: x, source: y, cases: [t6_1]}\n");
  EXPECT_NE(dup.find("bad.yaml:3"), std::string::npos) << dup;
  EXPECT_NE(dup.find("duplicate finding id 'a'"), std::string::npos) << dup;
  EXPECT_NE(load_error("cases: []\n").find("findings"), std::string::npos);
  EXPECT_NE(load_error("").find("findings"), std::string::npos);
}

TEST(Findings, EachFindingCountsItsCasesAndNamesTheFailedOnes) {
  std::vector<CaseSpec> specs(4);
  specs[0].id = "t6_2.add.kepler", specs[1].id = "t6_2.sfu.kepler", specs[2].id = "cusp.kepler", specs[3].id = "other";
  std::vector<CaseOutcome> outcomes(4);
  for (size_t i = 0; i < 4; ++i) outcomes[i].spec = &specs[i];
  outcomes[0].pass = true, outcomes[1].pass = false, outcomes[2].pass = true, outcomes[3].pass = false;
  const std::vector<Finding> findings{
      {"lat", "c", "s", {"t6_2"}, "f", 1}, {"cusp", "c", "s", {"cusp"}, "f", 2}, {"none", "c", "s", {"t9"}, "f", 3}};
  const auto judged = judge_findings(findings, outcomes);
  ASSERT_EQ(judged.size(), 2u);  // "none" has no case in this run
  EXPECT_EQ(judged[0].finding->id, "lat");
  EXPECT_EQ(judged[0].cases, 2u);
  EXPECT_EQ(judged[0].passed, 1u);
  EXPECT_FALSE(judged[0].reproduced());
  EXPECT_EQ(judged[0].failed, std::vector<std::string>{"t6_2.sfu.kepler"});
  EXPECT_TRUE(judged[1].reproduced());
}

}  // namespace
}  // namespace warpsim::validation
