// Runs the suite with the given options and writes the measurement CSV (options.out).
// Returns 0; throws std::invalid_argument for bad input (exit 2) and other exceptions for CUDA or
// measurement failures, including a pointer chain that did not end where expected (exit 1).
#pragma once

#include "options.h"

namespace warpsim::microbench {

int run_suite(const Options& opt);

// --check-sass: compares options.sass with the kernels' intended mixes (kernel_mixes.h), prints the
// verdict; 0 when every count matches, 1 otherwise. Throws std::runtime_error if the file is unreadable.
int check_sass_only(const Options& opt);

}  // namespace warpsim::microbench
