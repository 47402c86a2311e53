// Known reasons for failed cases (validation/failure_reasons.yaml): where the simulator misses a
// seed number and a measured mechanism (or the seed itself) says why, the report prints the reason
// beside the failure: a failing case with its reason, not a fitted pass. An entry names the memory
// model it explains, or none when the miss does not depend on the memory model.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::validation {

struct FailureReason {
  std::optional<config::MemoryModelKind> model;  // none: whichever model the case ran
  std::vector<std::string> cases;                // case ids, id globs
  std::string reason;
};

std::filesystem::path builtin_failure_reasons_file();
// Throws UserError naming file:line for a malformed file or an unknown memory model.
std::vector<FailureReason> load_failure_reasons(const std::filesystem::path& file);

// The reason of the first entry for `model` (or for any model) matching `case_id`; "" when none does.
std::string failure_reason(const std::string& case_id, config::MemoryModelKind model, const std::vector<FailureReason>& reasons);

}  // namespace warpsim::validation
