#include "cli/broken_invariants.h"

#include <iostream>

#include "cli/exit_status.h"

namespace warpsim::cli {

void exit_if_any_broken(const std::vector<validation::InvariantCheck>& checks) {
  const auto violations = validation::violation_messages(checks);
  for (const auto& line : violations) std::cerr << line << "\n";
  if (!violations.empty()) throw ExitStatus{1};
}

}  // namespace warpsim::cli
