#include "validation/measurements/measurement_set.h"

#include <algorithm>
#include <iterator>
#include <set>

namespace warpsim::validation {

bool Measurement::applies_to(std::string_view gpu_name) const { return std::find(gpus.begin(), gpus.end(), gpu_name) != gpus.end(); }

const std::string* MeasurementFile::metadata_value(std::string_view key) const {
  for (const auto& [k, v] : metadata)
    if (k == key) return &v;
  return nullptr;
}

const Measurement* MeasurementSet::find(std::string_view id) const {
  auto it = by_id_.find(std::string(id));
  return it == by_id_.end() ? nullptr : &rows_[it->second];
}

std::vector<const Measurement*> MeasurementSet::find(std::string_view gpu, std::string_view quantity, std::string_view workload,
                                                     const MeasurementParams& params) const {
  std::vector<const Measurement*> out;
  for (const auto& m : rows_)
    if (m.quantity == quantity && m.workload == workload && m.params == params && m.applies_to(gpu)) out.push_back(&m);
  return out;
}

std::vector<const Measurement*> MeasurementSet::for_gpu(std::string_view gpu) const {
  std::vector<const Measurement*> out;
  for (const auto& m : rows_)
    if (m.applies_to(gpu)) out.push_back(&m);
  return out;
}

std::vector<std::string> MeasurementSet::gpu_names() const {
  std::set<std::string> names;
  for (const auto& m : rows_) names.insert(m.gpus.begin(), m.gpus.end());
  return {names.begin(), names.end()};
}

void MeasurementSet::add_file(MeasurementFile file, std::vector<Measurement> rows) {
  file.first_row = rows_.size();
  file.row_count = rows.size();
  by_id_.reserve(by_id_.size() + rows.size());
  for (size_t i = 0; i < rows.size(); ++i) by_id_.emplace(rows[i].id, rows_.size() + i);  // the first of duplicate ids wins
  // The first file's rows are taken whole: a large file is held once, not twice while copied.
  if (rows_.empty()) {
    rows_ = std::move(rows);
  } else {
    rows_.reserve(rows_.size() + rows.size());
    std::move(rows.begin(), rows.end(), std::back_inserter(rows_));
  }
  files_.push_back(std::move(file));
}

}  // namespace warpsim::validation
