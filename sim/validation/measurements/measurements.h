// Real-GPU measurements as CSV (validation/measurements/README.md is the format's contract):
// what the seeds print and what the CUDA microbenchmarks write. The loader is strict: every
// malformed row is a UserError naming file:line:column and the column, and all problems of all
// loaded files are reported together.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "validation/measurements/measurement_set.h"

namespace warpsim::validation {

// Loads CSV files; a directory contributes every *.csv under it, in sorted path order. Throws
// UserError with every problem found (missing path, malformed row, duplicate id across files).
MeasurementSet load_measurements(const std::vector<std::filesystem::path>& paths);
MeasurementSet load_measurements(const std::filesystem::path& path);
// One file's text already in memory; `path` names it in messages.
MeasurementSet load_measurements_text(std::string_view text, const std::string& path);

// The built-in measurements: data_dir("validation") / "measurements".
std::filesystem::path builtin_measurements_dir();

}  // namespace warpsim::validation
