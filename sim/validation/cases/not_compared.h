// Rows of the built-in measurement files that no validation case compares, each with its reason
// (validation/not_compared.yaml): `validate` lists every such row in the report and on stderr, so
// no measurement is ignored in silence; a row neither compared nor explained is listed as such.
// The same reasons keep a row of a --measurements file from becoming a case (auto_cases.h).
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
  // Globs over the path of the file a row was read from (empty: any file), for a defect of one
  // measured file (its row ids are every run's).
  std::vector<std::string> files;
};

std::filesystem::path builtin_not_compared_file();
// The first entry of `reasons` that holds for row `m` (its id and its file), or nullptr.
const NotCompared* not_compared_reason(const std::vector<NotCompared>& reasons, const Measurement& m);
// Throws UserError naming file:line for a malformed file.
std::vector<NotCompared> load_not_compared(const std::filesystem::path& file);

// One line per row of files [0, file_count) whose id is not in `compared`, for the GPUs of `gpus`
// (empty: all): "FILE:LINE ID: not compared: WHY", or "...: no case compares it and no reason is
// recorded in validation/not_compared.yaml".
std::vector<std::string> uncompared_rows(const MeasurementSet& ms, size_t file_count, const std::set<std::string>& compared,
                                         const std::vector<NotCompared>& reasons, const std::vector<std::string>& gpus);

}  // namespace warpsim::validation
