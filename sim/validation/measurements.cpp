#include "validation/measurements.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "validation/measurement_parser.h"

namespace warpsim::validation {
namespace fs = std::filesystem;

bool Measurement::applies_to(std::string_view gpu_name) const {
  return std::find(gpus.begin(), gpus.end(), gpu_name) != gpus.end();
}

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
  for (auto& m : rows) {
    by_id_.emplace(m.id, rows_.size());  // the first of duplicate ids wins; load_measurements rejects them
    rows_.push_back(std::move(m));
  }
  files_.push_back(std::move(file));
}

namespace {

// The CSV files a path names: itself, or every *.csv under a directory in sorted order.
std::vector<fs::path> csv_files(const fs::path& path, DiagnosticSink& sink) {
  std::error_code ec;
  // A pipe is a file too (`--measurements <(...)`), as it is to --cases.
  if (fs::is_regular_file(path, ec) || fs::is_fifo(path, ec)) return {path};  // not a device (/dev/zero never ends)
  if (!fs::is_directory(path, ec)) {
    sink.add(Diagnostic{path.string(), 0, 0, "", "no such measurement file or directory"});
    return {};
  }
  std::vector<fs::path> files;
  // increment(ec) instead of a range-for: an unreadable entry is the user's problem, not an exception.
  for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && it->path().extension() == ".csv") files.push_back(it->path());
  if (ec) sink.add(Diagnostic{path.string(), 0, 0, "", fmt::format("cannot read directory: {}", ec.message())});
  std::sort(files.begin(), files.end());
  if (files.empty() && !ec) sink.add(Diagnostic{path.string(), 0, 0, "", "directory holds no .csv measurement files"});
  return files;
}

std::optional<std::string> read_text(const fs::path& path, DiagnosticSink& sink) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    sink.add(Diagnostic{path.string(), 0, 0, "", "cannot open file"});
    return std::nullopt;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

MeasurementSet load_measurements(const std::vector<fs::path>& paths) {
  DiagnosticSink sink;
  MeasurementSet set;
  std::set<fs::path> seen_files;  // a file named twice (directly and through its directory) loads once
  std::unordered_map<std::string, std::string> first_of_id;  // id -> "file:line", across all files
  for (const auto& path : paths) {
    for (const auto& file : csv_files(path, sink)) {
      std::error_code ec;
      if (!seen_files.insert(fs::weakly_canonical(file, ec)).second) continue;
      auto text = read_text(file, sink);
      if (!text) continue;
      ParsedMeasurementFile parsed = parse_measurement_file(*text, file.string(), sink);
      std::vector<Measurement> unique;
      for (auto& m : parsed.rows) {
        auto [it, fresh] = first_of_id.emplace(m.id, fmt::format("{}:{}", m.file, m.line));
        if (!fresh) {
          sink.add(Diagnostic{m.file, m.line, 1, "id", fmt::format("duplicate id '{}' (first at {})", m.id, it->second)});
          continue;
        }
        unique.push_back(std::move(m));
      }
      set.add_file(std::move(parsed.file), std::move(unique));
    }
  }
  sink.throw_if_any();
  return set;
}

MeasurementSet load_measurements(const fs::path& path) { return load_measurements(std::vector<fs::path>{path}); }

fs::path builtin_measurements_dir() { return data_dir("validation") / "measurements"; }

}  // namespace warpsim::validation
