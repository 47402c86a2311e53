// One measurement CSV file -> rows, checked field by field (validation/measurements/README.md).
// Internal to the loader (measurements.cpp), which adds the checks across files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/user_error.h"
#include "validation/measurements/measurement_set.h"

namespace warpsim::validation {

struct ParsedMeasurementFile {
  MeasurementFile file;
  std::vector<Measurement> rows;  // the well-formed rows only
};

// Adds a Diagnostic (path:line:column, key = column name) to `sink` for every problem found.
ParsedMeasurementFile parse_measurement_file(std::string_view text, const std::string& path, DiagnosticSink& sink);

// "op=add threshold=90" -> map; returns the problem found, or "" when well-formed.
std::string parse_measurement_params(std::string_view text, MeasurementParams& out);

}  // namespace warpsim::validation
