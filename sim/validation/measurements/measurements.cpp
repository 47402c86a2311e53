#include "validation/measurements/measurements.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>

#include "common/data_paths.h"
#include "common/text_file.h"
#include "common/user_error.h"
#include "validation/measurements/measurement_parser.h"

namespace warpsim::validation {
namespace fs = std::filesystem;

namespace {

// The CSV files a path names: itself, or every *.csv under a directory in sorted order.
std::vector<fs::path> csv_files(const fs::path& path, DiagnosticSink& sink) {
  std::error_code ec;
  // A pipe is a file too (`--measurements <(...)`), as it is to --cases.
  if (fs::is_regular_file(path, ec) || fs::is_fifo(path, ec)) return {path};  // not a device (/dev/zero never ends)
  if (!fs::is_directory(path, ec)) {
    sink.add(Diagnostic{path.string(), 0, 0, "",
                        fs::exists(path, ec) ? "not a regular file or directory (a device or socket): give a measurement CSV file or a "
                                               "directory of them"
                                             : "no such measurement file or directory"});
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
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    sink.add(Diagnostic{path.string(), 0, 0, "", with_system_reason("cannot open file")});
    return std::nullopt;
  }
  // Read straight into one string (a stringstream would hold a second copy while it is taken out).
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) text.append(chunk, static_cast<size_t>(in.gcount()));
  return text;
}

// Parses one file's text and adds its rows to `set`. A duplicate id (of an earlier file, or earlier
// in this one) is an error at its row; the rows are checked where they lie, then moved in once.
void add_text(MeasurementSet& set, std::string_view text, const std::string& path, DiagnosticSink& sink) {
  try {
    check_utf8(text, path, "");  // a Latin-1 name would go raw into report.md
  } catch (const UserError& e) {
    for (const auto& d : e.diagnostics()) sink.add(d);
    return;
  }
  ParsedMeasurementFile parsed = parse_measurement_file(text, path, sink);
  std::unordered_map<std::string_view, const Measurement*> in_file;
  in_file.reserve(parsed.rows.size());
  std::vector<bool> duplicate(parsed.rows.size(), false);
  for (size_t i = 0; i < parsed.rows.size(); ++i) {
    const Measurement& m = parsed.rows[i];
    const Measurement* first = set.find(m.id);
    if (!first) {
      const auto [it, fresh] = in_file.emplace(m.id, &m);
      if (!fresh) first = it->second;
    }
    if (!first) continue;
    duplicate[i] = true;
    sink.add(Diagnostic{m.file, m.line, 1, "id", fmt::format("duplicate id '{}' (first at {}:{})", m.id, first->file, first->line)});
  }
  in_file.clear();
  size_t kept = 0;
  for (size_t i = 0; i < parsed.rows.size(); ++i)
    if (!duplicate[i]) {
      if (kept != i) parsed.rows[kept] = std::move(parsed.rows[i]);
      ++kept;
    }
  parsed.rows.resize(kept);
  set.add_file(std::move(parsed.file), std::move(parsed.rows));
}

}  // namespace

MeasurementSet load_measurements(const std::vector<fs::path>& paths) {
  DiagnosticSink sink;
  MeasurementSet set;
  std::set<fs::path> seen_files;  // a file named twice (directly and through its directory) loads once
  for (const auto& path : paths) {
    for (const auto& file : csv_files(path, sink)) {
      std::error_code ec;
      if (!seen_files.insert(fs::weakly_canonical(file, ec)).second) continue;
      if (auto text = read_text(file, sink)) add_text(set, *text, file.string(), sink);  // the text goes here
    }
  }
  sink.throw_if_any();
  return set;
}

MeasurementSet load_measurements_text(std::string_view text, const std::string& path) {
  DiagnosticSink sink;
  MeasurementSet set;
  add_text(set, text, path, sink);
  sink.throw_if_any();
  return set;
}

MeasurementSet load_measurements(const fs::path& path) { return load_measurements(std::vector<fs::path>{path}); }

fs::path builtin_measurements_dir() { return data_dir("validation") / "measurements"; }

}  // namespace warpsim::validation
