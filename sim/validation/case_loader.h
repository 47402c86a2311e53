// Loading validation cases from YAML (validation/cases/*.yaml; the format is docs/validation.md).
// Every problem of every file is reported together as file:line:column: key: message, unknown keys
// included, and nothing is returned unless all files are valid.
#pragma once

#include <filesystem>
#include <vector>

#include "validation/case_spec.h"

namespace warpsim::validation {

// A directory contributes every *.yaml under it, in sorted path order. Case ids must be unique
// across all files. Throws UserError.
std::vector<CaseSpec> load_cases(const std::vector<std::filesystem::path>& paths);

// The built-in cases: data_dir("validation") / "cases".
std::filesystem::path builtin_cases_dir();

// The metrics an extraction may read (result columns, report/result_table.h).
const std::vector<std::string>& metric_names();

}  // namespace warpsim::validation
