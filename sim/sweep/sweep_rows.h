// The lines of a sweep's output: CSV (a header, then one line per point) or JSON lines (one
// object per point). Every line starts with the point's key (column `point`), so a later run can
// tell which points a file already holds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "device/result.h"
#include "isa/kernel.h"
#include "report/table.h"
#include "sweep/sweep_grid.h"

namespace warpsim::sweep {

enum class LineFormat { Csv, JsonLines };

// "csv" or "jsonl"; throws UserError naming --format otherwise.
LineFormat parse_line_format(const std::string& name);

// point; `set.KEY` for each --set key and `param.KEY` for each --param key of the grid (sorted
// by key); the columns of `warpsim run` (report/result_table.h); and with `steady` the
// steady-state columns. Throws UserError on a malformed --set or --param list.
std::vector<report::Column> sweep_columns(bool steady, const GridSpec& grid);

// The CSV header line ("" for JSON lines).
std::string header_line(LineFormat f, const std::vector<report::Column>& columns);

// The cells of one point, in the order of `columns` (sweep_columns of the point's grid).
std::vector<report::Cell> point_row(const std::vector<report::Column>& columns, const GridPoint& p, const device::Result& r);

// The line of one point (ends in '\n').
std::string point_line(LineFormat f, const std::vector<report::Column>& columns, const GridPoint& p, const device::Result& r);

// The key of a line written by point_line with these columns (without its '\n'), or nullopt
// when the line is not one (wrong field count or names, not JSON, ...).
std::optional<std::string> line_key(LineFormat f, const std::vector<report::Column>& columns, const std::string& line);

// Of such a line (line_key gives a key), the first of the columns holding numbers (those after
// `params`) whose field is neither a number nor empty (JSON: null), with that field's text; nullopt
// when every one is. A resumed sweep keeps a line only when it could have written it.
struct BadField {
  std::string column;
  std::string text;
};
std::optional<BadField> non_numeric_field(LineFormat f, const std::vector<report::Column>& columns, const std::string& line);

// What a line of point `p` says before its measured numbers: the point's key, its --set and
// --param values, the GPU, workload and parameters its run names, and the launch `launch` (the
// columns up to blocks_per_sm), as point_line writes them (CSV text).
std::vector<std::string> point_identity(const std::vector<report::Column>& columns, const GridPoint& p, const std::string& gpu,
                                        const isa::Kernel& kernel, const device::LaunchRealization& launch);

// Of such a line, the first identity column whose field differs from `identity` (point_identity
// of the point its key names), with the field's text; nullopt when all agree. A line edited since
// it was written names a point it did not run.
std::optional<BadField> identity_mismatch(LineFormat f, const std::vector<report::Column>& columns, const std::string& line,
                                          const std::vector<std::string>& identity);

// The number in column `name` of such a line; nullopt when the line or the field is not one.
std::optional<double> line_number(LineFormat f, const std::vector<report::Column>& columns, const std::string& line,
                                  const std::string& name);

}  // namespace warpsim::sweep
