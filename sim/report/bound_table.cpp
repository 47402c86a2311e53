#include "report/bound_table.h"

#include <cmath>

#include "model/rates.h"
#include "report/result_table.h"

namespace warpsim::report {

std::vector<Column> bound_columns() {
  return {{"model"},
          {"gpu"},
          {"workload"},
          {"params"},
          {"warps_per_sm"},
          {"ipc_per_sm", 5},
          {"mem_ipc_per_sm", 5},
          {"adds_per_cycle_per_sm", 5},
          {"gbps", 5},
          {"warp_throughput_per_sm", 5},
          {"mean_warp_latency", 6},
          {"warps_needed", 4},
          {"flag"}};
}

Table bound_table(const model::ModelContext& c, const std::vector<BoundRow>& rows) {
  Table t(bound_columns());
  for (const auto& r : rows) {
    std::vector<Cell> row(bound_columns().size());  // empty cells: no number (n/a, undefined)
    row[0] = r.model;
    row[1] = c.cfg.gpu.name;
    row[2] = c.kernel.name;
    row[3] = params_text(c.kernel.params);
    row[4] = int64_t{r.warps_per_sm};
    if (r.estimate.available) {
      const model::Rates x = model::rates_of(c, r.warps_per_sm, r.estimate);
      row[5] = x.ipc_per_sm;
      row[6] = x.mem_ipc_per_sm;
      row[7] = x.adds_per_cycle_per_sm;
      row[8] = x.gbps;
      row[9] = x.warp_throughput_per_sm;
      if (x.mean_warp_latency > 0) row[10] = x.mean_warp_latency;
      if (std::isfinite(r.estimate.warps_needed)) row[11] = r.estimate.warps_needed;
    }
    row[12] = r.estimate.flag;
    t.add_row(std::move(row));
  }
  return t;
}

Table worksheet_table(const model::Worksheet& w) {
  Table t({{"resource"}, {"used_by"}, {"cpi", 5}, {"per_warp", 6}, {"cycles", 6}});
  for (const auto& s : w.sections) {
    for (const auto& r : s.rows) t.add_row({s.resource, r.used_by, r.cpi, r.per_warp, r.cycles()});
    t.add_row(
        {s.resource, std::string(s.resource == w.bound_resource ? "Total (the tightest bound)" : "Total"), Cell{}, Cell{}, s.total()});
  }
  return t;
}

}  // namespace warpsim::report
