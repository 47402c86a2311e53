// RFC 4180 CSV records with the line and column each field starts at, so that every parser of CSV
// input (measurement files, result files) can name file:line:column in its errors.
// Lines starting with '#' are returned as comments; blank lines are skipped. A quoted field may
// span lines; a record's line is the line it starts on.
// Hand-written on purpose: of the Debian packages, libcsv-dev reports no positions and
// libfccp-dev fixes the column count at compile time and stops at the first error.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim {

struct CsvField {
  std::string text;  // unquoted and unescaped ("" -> ")
  int line = 0;      // 1-based
  int column = 0;    // 1-based byte offset of the field's first character in its line
  bool quoted = false;
};

struct CsvError {
  int line = 0;
  int column = 0;
  std::string message;
};

struct CsvRow {
  int line = 0;          // where the row starts
  bool comment = false;  // a line starting with '#'; `comment_text` is the rest of it
  std::string comment_text;
  std::vector<CsvField> fields;   // for a record
  std::optional<CsvError> error;  // malformed quoting; the fields read before it are kept
};

// Splits `text` into comments and records. Never throws: malformed quoting is reported per row,
// and reading resumes on the next line (an unterminated quoted field runs to the end of the text).
std::vector<CsvRow> parse_csv(std::string_view text);

// The same rows one at a time, without holding them all (a large measurement file costs a few
// times its size, not tens): `row` returns false to stop reading.
void for_each_csv_row(std::string_view text, const std::function<bool(CsvRow&&)>& row);

}  // namespace warpsim
