// Writing the measurement CSV of the validation harness (the format of docs/validation, shared
// with validation/measurements/): `# key: value` metadata lines, then the fixed header
// `id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note`, one row per number.
// Standard library only, so the CUDA suite can compile it on a bare GPU machine.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warpsim::validation {

inline constexpr const char* kMeasurementHeader = "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note";

struct MeasurementRow {
  std::string id;                      // unique in the file
  std::string gpu;                     // warpsim GPU name, e.g. h100_sxm
  std::string quantity;                // throughput | latency | warps_needed | latency_percentile | ...
  std::string workload;                // warpsim generator name (alpha_mix, homogeneous, ...)
  std::string params;                  // "alpha=8" or "op=stream percentile=50"
  std::optional<double> warps_per_sm;  // occupancy of the sample; empty when not at one occupancy
  double value = 0;
  std::string unit;    // ops_per_cycle_per_scheduler, ipc_per_sm, gbps, adds_per_cycle_per_sm, cycles, ...
  std::string source;  // "measured: warpsim microbench (Volkov 2016 §6.1)"
  std::string note;
};

using Metadata = std::vector<std::pair<std::string, std::string>>;

// RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled.
std::string csv_field(const std::string& text);
// Shortest stable text of a number: up to 7 significant digits, no trailing zeros ("0.25", "1024").
std::string format_value(double v);
// The whole file. Metadata values are flattened to one line. Throws std::invalid_argument on a
// duplicate or empty id, a metadata key that is not [a-z0-9_]+, or a non-finite value.
std::string measurement_csv(const Metadata& metadata, const std::vector<MeasurementRow>& rows);

}  // namespace warpsim::validation
