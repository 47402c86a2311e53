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
// With `steady`, the steady-state columns below are appended.
Table results_table(const std::vector<device::Result>& results, bool steady = false);

// Columns of steady-state stopping (RunOptions::stop_when_steady), appended by run/sweep --steady:
// steady_stopped (1 if the run ended early), steady_half_width (relative 95% half-width of
// ipc_per_sm over the measured windows; empty when not stopped), total_cycles (cycles simulated).
std::vector<Column> steady_columns();
std::vector<Cell> steady_row(const device::Result& r);

}  // namespace warpsim::report
