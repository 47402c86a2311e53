// Known reasons for failed cases (validation/failure_reasons.yaml): where a memory model misses a
// seed number and a measured mechanism says why, the report prints the reason beside the failure:
// a failing case with its reason, not a fitted pass.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::validation {

struct FailureReason {
  config::MemoryModelKind model = config::MemoryModelKind::Dram;
  std::vector<std::string> cases;  // case ids, id globs
  std::string reason;
};

std::filesystem::path builtin_failure_reasons_file();
// Throws UserError naming file:line for a malformed file or an unknown memory model.
std::vector<FailureReason> load_failure_reasons(const std::filesystem::path& file);

// The reason of the first entry for `model` matching `case_id`; "" when none does.
std::string failure_reason(const std::string& case_id, config::MemoryModelKind model, const std::vector<FailureReason>& reasons);

}  // namespace warpsim::validation
