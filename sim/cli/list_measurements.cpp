#include "cli/list_measurements.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "common/text.h"
#include "common/user_error.h"
#include "validation/measurements/measurement_vocabulary.h"
#include "validation/measurements/measurements.h"

namespace warpsim::cli {
namespace {

validation::MeasurementSet load(const MeasurementListOptions& o) {
  if (o.paths.empty()) return validation::load_measurements(validation::builtin_measurements_dir());
  std::vector<std::filesystem::path> paths(o.paths.begin(), o.paths.end());
  return validation::load_measurements(paths);
}

void check_filters(const MeasurementListOptions& o, const validation::MeasurementSet& set) {
  if (!o.gpu.empty()) {
    const auto names = set.gpu_names();
    if (std::find(names.begin(), names.end(), o.gpu) == names.end())
      throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu",
                                 fmt::format("no measurements for GPU '{}' (GPUs with measurements: {})", o.gpu, join(names, ", "))});
  }
  if (!o.quantity.empty() && !validation::find_quantity(o.quantity)) {
    std::vector<std::string> names;
    for (const auto& q : validation::measurement_quantities()) names.push_back(q.name);
    throw UserError(
        Diagnostic{"<cli>", 0, 0, "--quantity", fmt::format("unknown quantity '{}' (valid: {})", o.quantity, join(names, ", "))});
  }
}

}  // namespace

report::Table measurements_table(const MeasurementListOptions& options) {
  const validation::MeasurementSet set = load(options);
  check_filters(options, set);
  std::vector<report::Column> cols;
  for (const auto& name : validation::measurement_columns()) cols.push_back({name});
  cols.push_back({"file"});
  cols.push_back({"line"});
  report::Table t(std::move(cols));
  for (const auto& m : set.rows()) {
    if (!options.gpu.empty() && !m.applies_to(options.gpu)) continue;
    if (!options.quantity.empty() && m.quantity != options.quantity) continue;
    // Numbers as written in the file: a listing must not round 0.0029 or 186958.
    std::string warps = m.warps_per_sm ? report::format_number(*m.warps_per_sm, 6) : "";
    t.add_row({m.id, m.gpu, m.quantity, m.workload, m.params_text, warps, m.value_text, m.unit, m.source, m.note,
               std::filesystem::path(m.file).filename().string(), int64_t{m.line}});
  }
  return t;
}

}  // namespace warpsim::cli
