#include "sweep/sweep_rows.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "common/csv_reader.h"
#include "common/text.h"
#include "common/user_error.h"
#include "report/result_table.h"

namespace warpsim::sweep {

LineFormat parse_line_format(const std::string& name) {
  if (name == "csv") return LineFormat::Csv;
  if (name == "jsonl") return LineFormat::JsonLines;
  throw UserError(Diagnostic{"<cli>", 0, 0, "--format", "'" + name + "': expected csv or jsonl"});
}

std::vector<report::Column> sweep_columns(bool steady) {
  std::vector<report::Column> c{{"point"}, {"sets"}};
  for (auto& col : report::result_columns()) c.push_back(col);
  if (steady)
    for (auto& col : report::steady_columns()) c.push_back(col);
  return c;
}

std::string header_line(LineFormat f, const std::vector<report::Column>& columns) {
  if (f == LineFormat::JsonLines) return "";
  std::vector<std::string> names;
  for (const auto& c : columns) names.push_back(report::csv_escape(c.name));
  return join(names, ",") + "\n";
}

std::vector<report::Cell> point_row(const GridPoint& p, const device::Result& r, bool steady) {
  std::vector<std::string> sets = p.sets;
  std::sort(sets.begin(), sets.end());  // as in the key: the order of the --set options does not matter
  std::vector<report::Cell> row{p.key, join(sets, " ")};
  for (auto& c : report::result_row(r)) row.push_back(std::move(c));
  if (steady)
    for (auto& c : report::steady_row(r)) row.push_back(std::move(c));
  return row;
}

std::string point_line(LineFormat f, const std::vector<report::Column>& columns, const GridPoint& p, const device::Result& r) {
  const std::vector<report::Cell> row = point_row(p, r, columns.size() > sweep_columns(false).size());
  return f == LineFormat::Csv ? report::csv_line(columns, row) : report::json_line(columns, row);
}

std::optional<std::string> line_key(LineFormat f, const std::vector<report::Column>& columns, const std::string& line) {
  if (f == LineFormat::Csv) {
    const auto rows = parse_csv(line);
    if (rows.size() != 1 || rows[0].comment || rows[0].error || rows[0].fields.size() != columns.size()) return std::nullopt;
    return rows[0].fields[0].text;
  }
  const auto j = nlohmann::ordered_json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.size() != columns.size()) return std::nullopt;
  size_t i = 0;
  for (const auto& [name, value] : j.items())
    if (name != columns[i++].name) return std::nullopt;
  if (!j.front().is_string()) return std::nullopt;
  return j.front().get<std::string>();
}

std::optional<double> line_number(LineFormat f, const std::vector<report::Column>& columns, const std::string& line, const std::string& name) {
  const auto col = std::find_if(columns.begin(), columns.end(), [&](const report::Column& c) { return c.name == name; });
  if (col == columns.end() || !line_key(f, columns, line)) return std::nullopt;
  const size_t i = static_cast<size_t>(col - columns.begin());
  if (f == LineFormat::Csv) return parse_double(parse_csv(line)[0].fields[i].text);
  const auto j = nlohmann::ordered_json::parse(line, nullptr, false);
  const auto& v = j.at(name);
  return v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt;
}

}  // namespace warpsim::sweep
