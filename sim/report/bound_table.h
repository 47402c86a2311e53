// Output of `warpsim bound`: each model's estimate per occupancy, in the column names of
// `warpsim run` (result_table.h) plus `model`, `warps_needed` and `flag`; and the Table 3.4
// worksheet as a table.
#pragma once

#include <string>
#include <vector>

#include "model/estimate.h"
#include "model/model_context.h"
#include "model/throughput_bound.h"
#include "report/table.h"

namespace warpsim::report {

struct BoundRow {
  std::string model;
  int warps_per_sm = 0;
  model::Estimate estimate;
};

std::vector<Column> bound_columns();
Table bound_table(const model::ModelContext& c, const std::vector<BoundRow>& rows);

// Columns resource, used_by, cpi, per_warp, cycles; one "Total" row per resource.
Table worksheet_table(const model::Worksheet& w);

}  // namespace warpsim::report
