#include "validation/cases/case_spec.h"

namespace warpsim::validation {

const char* extract_kind_name(ExtractKind k) {
  switch (k) {
    case ExtractKind::Peak:
      return "peak";
    case ExtractKind::Least:
      return "least";
    case ExtractKind::Latency:
      return "latency";
    case ExtractKind::OccupancyAt:
      return "occupancy_at";
    case ExtractKind::ThroughputAt:
      return "throughput_at";
    case ExtractKind::PctPeak:
      return "pct_peak";
    case ExtractKind::FitAbc:
      return "fit_abc";
    case ExtractKind::Cusp:
      return "cusp";
    case ExtractKind::Ratio:
      return "ratio";
    case ExtractKind::ModelQuotient:
      return "model_quotient";
  }
  return "?";
}

std::vector<std::string> compared_rows(const CaseSpec& c) {
  std::vector<std::string> ids = c.compare.measurements;
  if (!c.compare.fit_curve.empty())
    for (const char* row : {".a", ".b", ".c", ".peak"}) ids.push_back(c.compare.fit_curve + row);
  return ids;
}

const char* occupancy_unit_name(OccupancyUnit u) {
  switch (u) {
    case OccupancyUnit::WarpsPerScheduler:
      return "warps_per_scheduler";
    case OccupancyUnit::PercentOccupancy:
      return "percent_occupancy";
    default:
      return "warps_per_sm";
  }
}

const std::vector<std::string>& metric_names() {
  static const std::vector<std::string> m{"ipc_per_sm",
                                          "mem_ipc_per_sm",
                                          "ops_per_cycle_per_scheduler",
                                          "adds_per_cycle_per_sm",
                                          "gbps",
                                          "warp_throughput_per_sm",
                                          "mean_warp_latency",
                                          "access_latency_mean",
                                          "access_latency_min",
                                          "access_latency_p5",
                                          "access_latency_p25",
                                          "access_latency_p50",
                                          "access_latency_p75",
                                          "access_latency_p95",
                                          "access_latency_max",
                                          "kernel_cycles",
                                          "cycles_per_instruction"};
  return m;
}

}  // namespace warpsim::validation
