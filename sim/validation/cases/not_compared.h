// Rows of the built-in measurement files that no validation case compares, each with its reason
// (validation/not_compared.yaml): `validate` lists every such row in the report and on stderr, so
// no measurement is ignored in silence; a row neither compared nor explained is listed as such.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "validation/measurements/measurement_set.h"

namespace warpsim::validation {

struct NotCompared {
  std::vector<std::string> ids;  // globs over measurement ids
  std::string why;
};

std::filesystem::path builtin_not_compared_file();
// Throws UserError naming file:line for a malformed file.
std::vector<NotCompared> load_not_compared(const std::filesystem::path& file);

// One line per row of files [0, file_count) whose id is not in `compared`, for the GPUs of `gpus`
// (empty: all): "FILE:LINE ID: not compared: WHY", or "...: no case compares it and no reason is
// recorded in validation/not_compared.yaml".
std::vector<std::string> uncompared_rows(const MeasurementSet& ms, size_t file_count, const std::set<std::string>& compared,
                                         const std::vector<NotCompared>& reasons, const std::vector<std::string>& gpus);

}  // namespace warpsim::validation
