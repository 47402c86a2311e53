// The stable output columns of `warpsim run` / `sweep` (documented in README "Output columns").
// `warpsim bound` and the validation report reuse the same names for the same quantities.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "device/result.h"
#include "report/table.h"

namespace warpsim::report {

// "alpha=8 loads=64" from a parameter map (sorted by key, so stable).
std::string params_text(const std::map<std::string, std::string>& params);

std::vector<Column> result_columns();
std::vector<Cell> result_row(const device::Result& r);
Table results_table(const std::vector<device::Result>& results);

}  // namespace warpsim::report
