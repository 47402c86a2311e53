// A table of named columns rendered as aligned text, CSV or JSON. Every CLI listing and result
// goes through it, so the same column names appear in every format, and CSV and JSON print the
// same digits for a number: the shortest that read back as the exact double.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace warpsim::report {

using Cell = std::variant<std::monostate, int64_t, double, std::string>;

struct Column {
  std::string name;
  int precision = 4;  // significant digits of doubles in text tables; CSV and JSON print exact_number
};

class Table {
 public:
  explicit Table(std::vector<Column> columns) : columns_(std::move(columns)) {}
  void add_row(std::vector<Cell> row);
  const std::vector<Column>& columns() const { return columns_; }
  const std::vector<std::vector<Cell>>& rows() const { return rows_; }

  std::string to_text() const;
  std::string to_csv() const;
  std::string to_json() const;                          // array of objects, one per row
  std::string render(const std::string& format) const;  // "table", "csv" or "json"

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<Cell>> rows_;
};

// Stable text of a number for people (tables, reports): `precision` significant digits.
std::string format_number(double v, int precision);
// The shortest text that reads back as exactly `v` (CSV and JSON print numbers so): fixed
// notation for magnitudes in [1e-5, 1e16), scientific outside; "nan", "inf", "-inf".
std::string exact_number(double v);
std::string csv_escape(const std::string& s);
std::string cell_text(const Cell& c, int precision);
// One row as a CSV line or a one-line JSON object (with '\n'), formatted as in to_csv/to_json.
std::string csv_line(const std::vector<Column>& columns, const std::vector<Cell>& row);
std::string json_line(const std::vector<Column>& columns, const std::vector<Cell>& row);

}  // namespace warpsim::report
