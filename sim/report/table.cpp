#include "report/table.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
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
    numeric[i] = !rows_.empty() && std::all_of(rows_.begin(), rows_.end(), [&](const auto& r) { return !std::holds_alternative<std::string>(r[i]); });
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
    out += csv_escape(cell_text(row[i], columns[i].precision));
  }
  return out + '\n';
}

namespace {
nlohmann::ordered_json json_object(const std::vector<Column>& columns, const std::vector<Cell>& row) {
  nlohmann::ordered_json o = nlohmann::ordered_json::object();
  for (size_t i = 0; i < row.size(); ++i) {
    const auto& c = row[i];
    if (std::holds_alternative<std::monostate>(c)) o[columns[i].name] = nullptr;
    else if (auto* v = std::get_if<int64_t>(&c)) o[columns[i].name] = *v;
    else if (auto* d = std::get_if<double>(&c)) {
      // Round through the text form so JSON and CSV agree digit for digit.
      if (std::isfinite(*d)) o[columns[i].name] = std::stod(format_number(*d, columns[i].precision + 2));
      else o[columns[i].name] = nullptr;
    } else o[columns[i].name] = std::get<std::string>(c);
  }
  return o;
}
}  // namespace

std::string json_line(const std::vector<Column>& columns, const std::vector<Cell>& row) { return json_object(columns, row).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n'; }

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
  nlohmann::ordered_json arr = nlohmann::ordered_json::array();
  for (const auto& r : rows_) arr.push_back(json_object(columns_, r));
  return arr.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";  // bytes that are not UTF-8 (a file name) as U+FFFD
}

std::string Table::render(const std::string& format) const {
  if (format == "csv") return to_csv();
  if (format == "json") return to_json();
  return to_text();
}

}  // namespace warpsim::report
