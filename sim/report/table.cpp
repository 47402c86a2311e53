#include "report/table.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "common/user_error.h"

namespace warpsim::report {

void Table::add_row(std::vector<Cell> row) {
  WARPSIM_ASSERT(row.size() == columns_.size(), "row width differs from the column count");
  rows_.push_back(std::move(row));
}

std::string format_number(double v, int precision) {
  if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
  if (v == 0) return "0";
  const double mag = std::floor(std::log10(std::abs(v)));
  if (mag >= precision || mag < -4) return fmt::format("{:.{}g}", v, precision);
  const int decimals = std::max(0, precision - 1 - static_cast<int>(mag));
  std::string s = fmt::format("{:.{}f}", v, decimals);
  if (s.find('.') != std::string::npos) {  // trim trailing zeros for readability
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string exact_number(double v) {
  if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
  if (v == 0) return "0";
  // Fixed notation over the range results live in, so a column never mixes 1e+06 with 999999.5;
  // outside it the shortest scientific form (a fixed 1e-300 would print 300 zeros).
  const double mag = std::abs(v);
  const auto format = mag >= 1e-5 && mag < 1e16 ? std::chars_format::fixed : std::chars_format::scientific;
  char buf[400];
  const auto res = std::to_chars(buf, buf + sizeof buf, v, format);
  WARPSIM_ASSERT(res.ec == std::errc(), "to_chars failed on a finite double");
  return std::string(buf, res.ptr);
}

std::string cell_text(const Cell& c, int precision) {
  if (std::holds_alternative<std::monostate>(c)) return "";
  if (auto* i = std::get_if<int64_t>(&c)) return fmt::format("{}", *i);
  if (auto* d = std::get_if<double>(&c)) return format_number(*d, precision);
  return std::get<std::string>(c);
}

std::string csv_escape(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string Table::to_text() const {
  std::vector<size_t> width(columns_.size());
  for (size_t i = 0; i < columns_.size(); ++i) width[i] = columns_[i].name.size();
  std::vector<std::vector<std::string>> text;
  for (const auto& r : rows_) {
    std::vector<std::string> t;
    for (size_t i = 0; i < r.size(); ++i) {
      t.push_back(cell_text(r[i], columns_[i].precision));
      width[i] = std::max(width[i], t.back().size());
    }
    text.push_back(std::move(t));
  }
  auto line = [&](const std::vector<std::string>& cells, const std::vector<bool>& right) {
    std::string out;
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i) out += "  ";
      out += right[i] ? fmt::format("{:>{}}", cells[i], width[i]) : fmt::format("{:<{}}", cells[i], width[i]);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::vector<bool> numeric(columns_.size(), false);
  for (size_t i = 0; i < columns_.size(); ++i)
    numeric[i] = !rows_.empty() &&
                 std::all_of(rows_.begin(), rows_.end(), [&](const auto& r) { return !std::holds_alternative<std::string>(r[i]); });
  std::vector<std::string> header;
  for (const auto& c : columns_) header.push_back(c.name);
  std::string out = line(header, numeric);
  for (const auto& t : text) out += line(t, numeric);
  return out;
}

std::string csv_line(const std::vector<Column>& columns, const std::vector<Cell>& row) {
  std::string out;
  for (size_t i = 0; i < row.size(); ++i) {
    if (i) out += ',';
    const Cell& c = row[i];
    out += std::holds_alternative<double>(c) ? exact_number(std::get<double>(c)) : csv_escape(cell_text(c, columns[i].precision));
  }
  return out + '\n';
}

namespace {
// The members of a row's JSON object as `"name":value` texts. Written by hand rather than through
// nlohmann's number printer so that a double has exactly the CSV's digits.
std::vector<std::string> json_members(const std::vector<Column>& columns, const std::vector<Cell>& row, const char* colon) {
  auto quoted = [](const std::string& s) {
    return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };  // bytes that are not UTF-8 (a file name) as U+FFFD
  std::vector<std::string> out;
  for (size_t i = 0; i < row.size(); ++i) {
    const Cell& c = row[i];
    std::string value = "null";
    if (auto* v = std::get_if<int64_t>(&c))
      value = fmt::format("{}", *v);
    else if (auto* d = std::get_if<double>(&c))
      value = std::isfinite(*d) ? exact_number(*d) : "null";
    else if (auto* t = std::get_if<std::string>(&c))
      value = quoted(*t);
    out.push_back(quoted(columns[i].name) + colon + value);
  }
  return out;
}
}  // namespace

std::string json_line(const std::vector<Column>& columns, const std::vector<Cell>& row) {
  std::string out = "{";
  for (const auto& m : json_members(columns, row, ":")) out += (out.size() > 1 ? "," : "") + m;
  return out + "}\n";
}

std::string Table::to_csv() const {
  std::string out;
  for (size_t i = 0; i < columns_.size(); ++i) {
    if (i) out += ',';
    out += csv_escape(columns_[i].name);
  }
  out += '\n';
  for (const auto& r : rows_) out += csv_line(columns_, r);
  return out;
}

std::string Table::to_json() const {
  if (rows_.empty()) return "[]\n";
  std::string out = "[\n";
  for (size_t r = 0; r < rows_.size(); ++r) {
    out += "  {\n";
    const auto members = json_members(columns_, rows_[r], ": ");
    for (size_t i = 0; i < members.size(); ++i) out += "    " + members[i] + (i + 1 < members.size() ? ",\n" : "\n");
    out += r + 1 < rows_.size() ? "  },\n" : "  }\n";
  }
  return out + "]\n";
}

std::string Table::render(const std::string& format) const {
  if (format == "csv") return to_csv();
  if (format == "json") return to_json();
  return to_text();
}

}  // namespace warpsim::report
