#include "validation/measurements/measurement_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/csv_reader.h"
#include "common/text.h"
#include "validation/measurements/measurement_vocabulary.h"

namespace warpsim::validation {
namespace {

// The conditions `validate` reads (README "Parameter keys") must hold values it can use: a
// threshold of 500% or a bound "sideways" would be read as something else without a word.
std::string condition_value_error(const MeasurementParams& params) {
  const auto number_in = [&](const char* key, double lo, double hi, bool lo_open) -> std::string {
    const auto it = params.find(key);
    if (it == params.end()) return "";
    const std::optional<double> v = parse_double(it->second);
    if (v && std::isfinite(*v) && (lo_open ? *v > lo : *v >= lo) && *v <= hi) return "";
    return fmt::format("{}={}: expected a number in {}{:g}, {:g}]", key, it->second, lo_open ? "(" : "[", lo, hi);
  };
  if (const auto b = params.find("bound"); b != params.end() && b->second != "lower" && b->second != "upper")
    return fmt::format("bound={}: expected lower or upper", b->second);
  if (const auto bw = params.find("block_warps"); bw != params.end()) {  // the derived case's block size (auto_cases.cpp)
    const std::optional<int64_t> v = parse_int(bw->second);
    if (!v || *v < 1 || *v > 32) return fmt::format("block_warps={}: expected an integer in [1, 32]", bw->second);
  }
  if (const auto b = params.find("blocks_per_sm"); b != params.end()) {  // with block_warps: the launch of a FLAG row (auto_cases.cpp)
    const std::optional<int64_t> v = parse_int(b->second);
    if (!v || *v < 1 || *v > 64) return fmt::format("blocks_per_sm={}: expected an integer in [1, 64]", b->second);
  }
  for (const std::string& why : {number_in("threshold", 0, 100, true), number_in("percentile", 0, 100, false),
                                 number_in("target_gbps", 0, 1e9, true), number_in("gbps", 0, 1e9, true)})
    if (!why.empty()) return why;
  return "";
}

// Checks one data row; collects every problem of the row before giving up on it.
class RowChecker {
 public:
  static constexpr double kMostWarpsPerSm = 65536;
  RowChecker(const CsvRow& row, const std::string& path, DiagnosticSink& sink) : row_(row), path_(path), sink_(sink) {}

  std::optional<Measurement> check() {
    Measurement m;
    m.file = path_;
    m.line = row_.line;
    // A control character (a NUL from a binary file, an escape) would be copied into the report.
    for (size_t i = 0; i < row_.fields.size() && i < measurement_columns().size(); ++i) {
      const std::string& text = row_.fields[i].text;
      if (std::any_of(text.begin(), text.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r'; }))
        fail(i, "contains a control character (a binary file, or a stray escape)");
    }
    m.id = required(0);
    if (!m.id.empty() && !is_name(m.id, ".+-")) fail(0, fmt::format("'{}' is not an id (letters, digits, '_', '.', '+', '-')", m.id));
    m.gpu = required(1);
    if (!m.gpu.empty()) m.gpus = gpus(m.gpu);
    m.quantity = required(2);
    const QuantityInfo* q = m.quantity.empty() ? nullptr : quantity(m.quantity);
    m.workload = field(3);
    if (!m.workload.empty() && !is_name(m.workload, ".-/")) fail(3, fmt::format("'{}' is not a workload name or path", m.workload));
    m.params_text = field(4);
    if (auto why = parse_measurement_params(m.params_text, m.params); !why.empty())
      fail(4, why);
    else if (auto bad = condition_value_error(m.params); !bad.empty())
      fail(4, bad);
    if (!field(5).empty()) m.warps_per_sm = number(5, true);
    m.value_text = required(6);
    if (!m.value_text.empty()) m.value = number(6, false).value_or(0);
    if (q && !q->may_be_negative && m.value < 0) fail(6, fmt::format("a {} cannot be negative, found '{}'", m.quantity, m.value_text));
    m.unit = required(7);
    if (q && !m.unit.empty()) unit(*q, m.unit);
    m.source = required(8);
    m.note = field(9);
    if (bad_) return std::nullopt;
    return m;
  }

 private:
  std::string field(size_t i) const { return std::string(trim(row_.fields[i].text)); }
  void fail(size_t i, std::string message) {
    const CsvField& f = row_.fields[i];
    sink_.add(Diagnostic{path_, f.line, f.column, measurement_columns()[i], std::move(message)});
    bad_ = true;
  }
  std::string required(size_t i) {
    std::string s = field(i);
    if (s.empty()) fail(i, "required field is empty");
    return s;
  }
  std::vector<std::string> gpus(const std::string& text) {
    std::vector<std::string> names = split(text, '+');
    for (const auto& n : names)
      if (!is_name(n)) {
        fail(1, fmt::format("'{}' is not a GPU name, or GPU names joined by '+' (letters, digits, '_')", text));
        break;
      }
    return names;
  }
  const QuantityInfo* quantity(const std::string& name) {
    if (const QuantityInfo* q = find_quantity(name)) return q;
    std::vector<std::string> names;
    for (const auto& info : measurement_quantities()) names.push_back(info.name);
    std::string hint = closest_match(name, names);
    fail(2, fmt::format("unknown quantity '{}'{} (valid: {})", name, hint.empty() ? "" : fmt::format(", did you mean '{}'?", hint),
                        join(names, ", ")));
    return nullptr;
  }
  void unit(const QuantityInfo& q, const std::string& u) {
    for (const auto& valid : q.units)
      if (valid == u) return;
    std::string hint = closest_match(u, q.units);
    fail(7, fmt::format("'{}' is not a unit of quantity '{}'{} (valid: {})", u, q.name,
                        hint.empty() ? "" : fmt::format(", did you mean '{}'?", hint), join(q.units, ", ")));
  }
  std::optional<double> number(size_t i, bool positive) {
    const std::string s = field(i);
    std::optional<double> v = parse_double(s);
    if (!v || !std::isfinite(*v)) {
      fail(i, fmt::format("expected a number, found '{}'", s));
      return std::nullopt;
    }
    // An occupancy: more than zero warps, and far from a typed-in exponent (no GPU holds more
    // than 64 warps per SM; 65,536 leaves room for any what-if).
    if (positive && (*v <= 0 || *v > kMostWarpsPerSm)) {
      fail(i, fmt::format("expected a positive occupancy of at most {} warps/SM, found '{}'", kMostWarpsPerSm, s));
      return std::nullopt;
    }
    return v;
  }

  const CsvRow& row_;
  const std::string& path_;
  DiagnosticSink& sink_;
  bool bad_ = false;
};

// `# key: value` in a comment before the header; false for an ordinary comment.
bool metadata_line(std::string_view comment, std::string& key, std::string& value) {
  comment = trim(comment);
  const size_t colon = comment.find(':');
  if (colon == std::string_view::npos || !is_name(comment.substr(0, colon))) return false;
  if (colon + 1 < comment.size() && comment[colon + 1] != ' ' && comment[colon + 1] != '\t') return false;  // e.g. a URL
  key = std::string(comment.substr(0, colon));
  value = std::string(trim(comment.substr(colon + 1)));
  return true;
}

std::string column_at(size_t index) {
  return index < measurement_columns().size() ? measurement_columns()[index] : std::string("(extra field)");
}

// False if the header is wrong; then the rows of the file cannot be read.
bool check_header(const CsvRow& row, const std::string& path, DiagnosticSink& sink) {
  const auto& cols = measurement_columns();
  std::vector<std::string> found;
  for (const auto& f : row.fields) found.emplace_back(trim(f.text));
  if (found == cols) return true;
  sink.add(Diagnostic{path, row.line, 1, "header", fmt::format("expected the header '{}', found '{}'", join(cols, ","), join(found, ","))});
  return false;
}

}  // namespace

std::string parse_measurement_params(std::string_view text, MeasurementParams& out) {
  std::string spaced(text);
  for (char& c : spaced)
    if (c == '\t') c = ' ';
  for (const auto& raw : split(spaced, ' ')) {
    std::string_view token = trim(raw);
    if (token.empty()) continue;
    const size_t eq = token.find('=');
    if (eq == std::string_view::npos || eq + 1 == token.size() || !is_name(token.substr(0, eq)))
      return fmt::format("malformed parameter '{}' (expected key=value items separated by spaces)", token);
    std::string key(token.substr(0, eq));
    if (!out.emplace(key, std::string(token.substr(eq + 1))).second) return fmt::format("parameter '{}' given twice", key);
  }
  return "";
}

ParsedMeasurementFile parse_measurement_file(std::string_view text, const std::string& path, DiagnosticSink& sink) {
  ParsedMeasurementFile out;
  out.file.path = path;
  out.rows.reserve(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')));  // no growth slack on a large file
  bool header_seen = false, stopped = false;
  for_each_csv_row(text, [&](CsvRow&& row) {
    if (row.comment) {
      std::string key, value;
      if (header_seen || !metadata_line(row.comment_text, key, value)) return true;
      if (out.file.metadata_value(key))
        sink.add(Diagnostic{path, row.line, 1, key, "metadata key given twice"});
      else
        out.file.metadata.emplace_back(std::move(key), std::move(value));
      return true;
    }
    if (row.error) {
      sink.add(Diagnostic{path, row.error->line, row.error->column, column_at(row.fields.size()), row.error->message});
      stopped = !header_seen;  // without a header the rows cannot be read
      return !stopped;
    }
    if (!header_seen) {
      header_seen = true;
      return check_header(row, path, sink);
    }
    if (row.fields.size() != measurement_columns().size()) {
      sink.add(Diagnostic{path, row.line, 1, "",
                          fmt::format("expected {} fields ({}), found {}", measurement_columns().size(), join(measurement_columns(), ","),
                                      row.fields.size())});
      return true;
    }
    if (auto m = RowChecker(row, path, sink).check()) out.rows.push_back(std::move(*m));
    return true;
  });
  if (!header_seen && !stopped)
    sink.add(Diagnostic{path, 0, 0, "header", fmt::format("no header line (expected '{}')", join(measurement_columns(), ","))});
  return out;
}

}  // namespace warpsim::validation
