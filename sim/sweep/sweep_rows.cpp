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

namespace {
// The keys of --set or --param lists ("key=v1,v2"), sorted as in the point key.
std::vector<std::string> list_keys(const std::vector<std::string>& items, const std::string& option) {
  std::vector<std::string> keys;
  for (const auto& item : items) keys.push_back(parse_value_list(item, option).first);
  std::sort(keys.begin(), keys.end());
  return keys;
}
}  // namespace

std::vector<report::Column> sweep_columns(bool steady, const GridSpec& grid) {
  std::vector<report::Column> c{{"point"}};
  for (const auto& k : list_keys(grid.sets, "--set")) c.push_back({"set." + k});
  for (const auto& k : list_keys(grid.params, "--param")) c.push_back({"param." + k});
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

std::vector<report::Cell> point_row(const std::vector<report::Column>& columns, const GridPoint& p, const device::Result& r) {
  std::vector<report::Cell> row{p.key};
  // The grid's own coordinates, a column per key, as the user wrote the values.
  for (size_t i = 1; i < columns.size(); ++i) {
    const std::string& name = columns[i].name;
    if (name.starts_with("set.")) {
      const std::string prefix = name.substr(4) + "=";
      const auto it = std::find_if(p.sets.begin(), p.sets.end(), [&](const std::string& s) { return s.starts_with(prefix); });
      WARPSIM_ASSERT(it != p.sets.end(), "a sweep point lacks a --set key of its grid");
      row.push_back(it->substr(prefix.size()));
    } else if (name.starts_with("param.")) {
      const auto it = p.params.find(name.substr(6));
      WARPSIM_ASSERT(it != p.params.end(), "a sweep point lacks a --param key of its grid");
      row.push_back(it->second);
    } else {
      break;  // the columns of `warpsim run` follow
    }
  }
  for (auto& c : report::result_row(r)) row.push_back(std::move(c));
  if (columns.size() > row.size())
    for (auto& c : report::steady_row(r)) row.push_back(std::move(c));
  return row;
}

std::string point_line(LineFormat f, const std::vector<report::Column>& columns, const GridPoint& p, const device::Result& r) {
  const std::vector<report::Cell> row = point_row(columns, p, r);
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

std::optional<BadField> non_numeric_field(LineFormat f, const std::vector<report::Column>& columns, const std::string& line) {
  const auto params = std::find_if(columns.begin(), columns.end(), [](const report::Column& c) { return c.name == "params"; });
  if (params == columns.end()) return std::nullopt;
  const size_t first = static_cast<size_t>(params - columns.begin()) + 1;
  if (f == LineFormat::Csv) {
    const auto rows = parse_csv(line);
    if (rows.size() != 1 || rows[0].fields.size() != columns.size()) return std::nullopt;
    for (size_t i = first; i < columns.size(); ++i) {
      const std::string& text = rows[0].fields[i].text;
      if (!text.empty() && !parse_double(text)) return BadField{columns[i].name, text};
    }
    return std::nullopt;
  }
  const auto j = nlohmann::ordered_json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  for (size_t i = first; i < columns.size(); ++i) {
    const auto it = j.find(columns[i].name);
    if (it != j.end() && !it->is_number() && !it->is_null()) return BadField{columns[i].name, it->dump()};
  }
  return std::nullopt;
}

std::vector<std::string> point_identity(const std::vector<report::Column>& columns, const GridPoint& p, const std::string& gpu,
                                        const isa::Kernel& kernel, const device::LaunchRealization& launch) {
  device::Result r;
  r.gpu = gpu;
  r.workload = kernel.name;
  r.params = kernel.params;
  r.launch = launch;
  const auto rows = parse_csv(report::csv_line(columns, point_row(columns, p, r)));
  WARPSIM_ASSERT(rows.size() == 1, "a sweep line parses as one CSV row");
  const auto last = std::find_if(columns.begin(), columns.end(), [](const report::Column& c) { return c.name == "blocks_per_sm"; });
  WARPSIM_ASSERT(last != columns.end(), "a sweep line names its launch");
  std::vector<std::string> out;
  for (size_t i = 0; i <= static_cast<size_t>(last - columns.begin()); ++i) out.push_back(rows[0].fields[i].text);
  return out;
}

std::optional<BadField> identity_mismatch(LineFormat f, const std::vector<report::Column>& columns, const std::string& line,
                                          const std::vector<std::string>& identity) {
  if (f == LineFormat::Csv) {
    const auto rows = parse_csv(line);
    if (rows.size() != 1 || rows[0].fields.size() != columns.size()) return std::nullopt;
    for (size_t i = 0; i < identity.size(); ++i)
      if (rows[0].fields[i].text != identity[i]) return BadField{columns[i].name, rows[0].fields[i].text};
    return std::nullopt;
  }
  const auto j = nlohmann::ordered_json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  for (size_t i = 0; i < identity.size(); ++i) {
    const auto it = j.find(columns[i].name);
    if (it == j.end()) return BadField{columns[i].name, ""};
    const bool same = it->is_string() ? it->get<std::string>() == identity[i]
                                      : it->is_number() && parse_double(identity[i]) == std::optional<double>(it->get<double>());
    if (!same) return BadField{columns[i].name, it->dump()};
  }
  return std::nullopt;
}

std::optional<double> line_number(LineFormat f, const std::vector<report::Column>& columns, const std::string& line,
                                  const std::string& name) {
  const auto col = std::find_if(columns.begin(), columns.end(), [&](const report::Column& c) { return c.name == name; });
  if (col == columns.end() || !line_key(f, columns, line)) return std::nullopt;
  const size_t i = static_cast<size_t>(col - columns.begin());
  if (f == LineFormat::Csv) return parse_double(parse_csv(line)[0].fields[i].text);
  const auto j = nlohmann::ordered_json::parse(line, nullptr, false);
  const auto& v = j.at(name);
  return v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt;
}

}  // namespace warpsim::sweep
