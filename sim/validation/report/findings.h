// The seeds' findings that the validation checks (validation/findings.yaml): each names the cases
// that check it, so the report can say per finding how many pass (docs/validation.md, "Seed
// findings"). Loading reports every problem as file:line:column: key: message.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "validation/evaluation/runner.h"

namespace warpsim::validation {

struct Finding {
  std::string id;
  std::string claim;                  // what the seed found, in one line
  std::string source;                 // paper and section / table / figure
  std::vector<std::string> patterns;  // case ids, id prefixes or globs (case_id_matches)
  std::string file;
  int line = 0;
};

// True when `pattern` selects case `id`: the id itself, a glob (fnmatch), or an id prefix followed
// by "." ("t6_2" selects "t6_2.add.kepler"), as `validate --case` selects.
bool case_id_matches(const std::string& pattern, const std::string& id);

// Throws UserError naming file:line for a malformed file, an unknown key or a repeated id.
std::vector<Finding> load_findings(const std::filesystem::path& file);
std::filesystem::path builtin_findings_file();  // data_dir("validation") / "findings.yaml"

struct FindingOutcome {
  const Finding* finding = nullptr;
  size_t cases = 0, passed = 0;
  std::vector<std::string> failed;  // ids of its failed cases, in case order
  bool reproduced() const { return cases > 0 && passed == cases; }
};

// Per finding with at least one case among `outcomes` (a filtered run checks fewer), in file order.
std::vector<FindingOutcome> judge_findings(const std::vector<Finding>& findings, const std::vector<CaseOutcome>& outcomes);

}  // namespace warpsim::validation
