#include "validation/measurements/measurement_vocabulary.h"

namespace warpsim::validation {

const std::vector<std::string>& measurement_columns() {
  static const std::vector<std::string> kColumns = {"id",           "gpu",   "quantity", "workload", "params",
                                                    "warps_per_sm", "value", "unit",     "source",   "note"};
  return kColumns;
}

const std::vector<QuantityInfo>& measurement_quantities() {
  // Units are those the seeds print (Volkov 2016 ch. 6 quotes per scheduler, elsewhere per SM).
  static const std::vector<QuantityInfo> kQuantities = {
      {"throughput",
       {"ops_per_cycle_per_scheduler", "ipc_per_sm", "adds_per_cycle_per_sm", "warps_per_cycle_per_sm", "cpi_per_sm", "gbps", "gops",
        "gflops"},
       "sustained throughput; with warps_per_sm empty, the best over all occupancies (the peak)"},
      {"latency", {"cycles", "ns"}, "latency of one instruction, access or event (mean unless params say otherwise)"},
      {"issue_latency",
       {"cycles", "cycles_per_transaction"},
       "cycles between issuing two independent instructions (Lemeire's lambda, TEG's issue latency): a reciprocal throughput, "
       "kept apart from latency because it is neither a dependency latency nor a rate in the throughput units"},
      {"warps_needed",
       {"warps_per_sm", "warps_per_scheduler", "warps_per_device", "percent_occupancy", "work_items_per_cu"},
       "smallest occupancy attaining a peak (or params' threshold= percent of it, or target_gbps=)"},
      {"pct_peak", {"percent"}, "attained fraction of a peak throughput"},
      {"fit_a", {"cycles"}, "coefficient a of latency = a + b * x / (c - x) (Volkov 2016 §6.4)"},
      {"fit_b", {"cycles"}, "coefficient b of latency = a + b * x / (c - x) (Volkov 2016 §6.4)"},
      {"fit_c", {"gbps"}, "coefficient c of latency = a + b * x / (c - x) (Volkov 2016 §6.4)"},
      {"ratio", {"ratio"}, "a dimensionless quotient; params' ratio= names numerator and denominator"},
      {"cycles", {"cycles"}, "a count of cycles (execution time of a kernel or a timed sequence)"},
      {"time", {"s", "ms", "us", "ns"}, "wall-clock time"},
      {"error_pct", {"percent"}, "a model's error against measurement, in percent; params' model= names the model", true},
      {"latency_percentile",
       {"cycles", "ns"},
       "a percentile of individual latencies; params' percentile= gives which (0 = min, 100 = max)"},
      {"cache_size",
       {"bytes", "kb"},
       "capacity of a cache level found by a measurement (Lemeire 2016 Table III): a number the seeds measure that fits no other quantity"},
  };
  return kQuantities;
}

const QuantityInfo* find_quantity(std::string_view name) {
  for (const auto& q : measurement_quantities())
    if (q.name == name) return &q;
  return nullptr;
}

const std::vector<std::string>& measurement_condition_keys() {
  static const std::vector<std::string> kKeys = {"threshold",
                                                 "target_gbps",
                                                 "target",
                                                 "bound",
                                                 "stat",
                                                 "estimate",
                                                 "at",
                                                 "ratio",
                                                 "model",
                                                 "kind",
                                                 "consumer",
                                                 "kernel",
                                                 "memory",
                                                 "element_bytes",
                                                 "level",
                                                 "ilp",
                                                 "percentile",
                                                 "block_warps",
                                                 "blocks_per_sm",
                                                 "blocks",
                                                 "waves",
                                                 "warps_per_device",
                                                 "fast_math",
                                                 "peak",
                                                 "form",
                                                 "term",
                                                 "region",
                                                 "conflict_ways",
                                                 "instructions",
                                                 "gbps"};
  return kKeys;
}

}  // namespace warpsim::validation
