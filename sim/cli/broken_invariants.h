// The end of a command whose simulations broke an invariant (Little's law, the throughput bound:
// validation/evaluation/invariants.h): a simulator bug, reported after the command's output.
#pragma once

#include <vector>

#include "validation/evaluation/invariants.h"

namespace warpsim::cli {

// Writes each broken invariant of `checks` to stderr and throws ExitStatus{1} if there is one.
void exit_if_any_broken(const std::vector<validation::InvariantCheck>& checks);

}  // namespace warpsim::cli
