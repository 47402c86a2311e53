// Real-GPU measurements as plain data: the rows of the measurement CSV files
// (validation/measurements/README.md), the files' metadata, and the set of all loaded rows with its
// look-ups. measurements.h loads them; measurement_parser.h parses one file.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace warpsim::validation {

using MeasurementParams = std::map<std::string, std::string>;

struct Measurement {
  std::string id;                      // unique across every loaded file
  std::string gpu;                     // as written: one GPU name, or several joined by '+'
  std::vector<std::string> gpus;       // `gpu` split at '+': the statement holds for each of them
  std::string quantity;                // one of measurement_quantities()
  std::string workload;                // warpsim workload name; empty if no runnable workload fits
  MeasurementParams params;            // workload parameters and measurement conditions
  std::string params_text;             // as written
  std::optional<double> warps_per_sm;  // occupancy of the sample; empty if not at one occupancy
  double value = 0;
  std::string value_text;  // as written, so listings never reformat a number
  std::string unit;
  std::string source;  // paper + table/figure/section, or the measuring command
  std::string note;
  std::string file;  // where the row was read
  int line = 0;

  bool applies_to(std::string_view gpu_name) const;
};

struct MeasurementFile {
  std::string path;
  std::vector<std::pair<std::string, std::string>> metadata;  // `# key: value` before the header, in order
  size_t first_row = 0;                                       // index of its first row in MeasurementSet::rows()
  size_t row_count = 0;

  const std::string* metadata_value(std::string_view key) const;  // nullptr if absent
};

class MeasurementSet {
 public:
  const std::vector<Measurement>& rows() const { return rows_; }
  const std::vector<MeasurementFile>& files() const { return files_; }

  const Measurement* find(std::string_view id) const;  // nullptr if no such id
  // Rows for `gpu` (also rows listing it among several) with exactly this quantity, workload
  // and params, in load order.
  std::vector<const Measurement*> find(std::string_view gpu, std::string_view quantity, std::string_view workload,
                                       const MeasurementParams& params) const;
  std::vector<const Measurement*> for_gpu(std::string_view gpu) const;
  std::vector<std::string> gpu_names() const;  // sorted, each once

  // Adds one parsed file; duplicate ids are the caller's check (see load_measurements).
  void add_file(MeasurementFile file, std::vector<Measurement> rows);

 private:
  std::vector<Measurement> rows_;
  std::vector<MeasurementFile> files_;
  std::unordered_map<std::string, size_t> by_id_;
};

}  // namespace warpsim::validation
