// `warpsim list measurements`: the real-GPU measurements the validation harness compares with.
#pragma once

#include <string>
#include <vector>

#include "report/table.h"

namespace warpsim::cli {

struct MeasurementListOptions {
  std::vector<std::string> paths;  // --measurements: files or directories; empty = the built-in set
  std::string gpu;                 // --gpu: only rows that apply to this GPU
  std::string quantity;            // --quantity: only rows of this quantity
};

// One row per measurement, every CSV column plus where it was read. Throws UserError on a
// malformed file, or on a filter that matches no GPU or quantity of the loaded set.
report::Table measurements_table(const MeasurementListOptions& options);

}  // namespace warpsim::cli
