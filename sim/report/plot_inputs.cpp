#include "report/plot_inputs.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>

#include "common/csv_reader.h"
#include "common/text.h"
#include "common/text_file.h"
#include "common/user_error.h"

namespace warpsim::report {
namespace {

namespace fs = std::filesystem;

constexpr const char* kWhatItReads = "`warpsim plot` reads the CSV of `warpsim run --format csv` or `warpsim sweep`";

struct CsvFile {
  std::string path;
  std::map<std::string, size_t> columns;  // header name -> field index
  std::vector<std::string> header;
  std::vector<CsvRow> rows;  // records after the header
};

std::optional<std::string> read_text(const std::string& path, DiagnosticSink& sink) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    sink.add(Diagnostic{path, 0, 0, "", "is a directory; " + std::string(kWhatItReads)});
    return std::nullopt;
  }
  // The figure script reads the file again: a pipe would give it nothing the second time.
  if (fs::exists(path, ec) && !fs::is_regular_file(path, ec) && !fs::is_character_file(path, ec)) {
    sink.add(Diagnostic{path, 0, 0, "", "is not a regular file (a pipe?): `warpsim plot` reads its CSV twice; save it to a file first"});
    return std::nullopt;
  }
  try {
    return read_text_file(path, "", "file");
  } catch (const UserError& e) {
    for (const auto& d : e.diagnostics()) sink.add(d);
    return std::nullopt;
  }
}

std::optional<CsvFile> read_csv_file(const std::string& path, DiagnosticSink& sink) {
  const auto text = read_text(path, sink);
  if (!text) return std::nullopt;
  const std::string_view head = trim(*text);
  if (!head.empty() && (head.front() == '{' || head.front() == '[')) {
    sink.add(Diagnostic{path, 1, 1, "", "holds JSON; " + std::string(kWhatItReads) + " (write it with --format csv)"});
    return std::nullopt;
  }
  CsvFile f{path, {}, {}, {}};
  bool bad = false;
  for (CsvRow& row : parse_csv(*text)) {
    if (row.comment) continue;
    if (row.error) {
      sink.add(Diagnostic{path, row.error->line, row.error->column, "", "malformed CSV: " + row.error->message});
      bad = true;
      continue;
    }
    if (f.header.empty()) {
      for (const CsvField& field : row.fields) {
        // Two columns of one name: which one a figure read would be a guess.
        if (!f.columns.emplace(field.text, f.header.size()).second) {
          sink.add(Diagnostic{path, row.line, 0, field.text, "a column named twice in the header"});
          bad = true;
        }
        f.header.push_back(field.text);
      }
      continue;
    }
    if (row.fields.size() != f.header.size()) {
      sink.add(Diagnostic{path, row.line, 0, "", fmt::format("{} fields where the header has {}", row.fields.size(), f.header.size())});
      bad = true;
      continue;
    }
    f.rows.push_back(std::move(row));
  }
  if (f.header.empty())
    sink.add(Diagnostic{path, 0, 0, "", "is empty; " + std::string(kWhatItReads)});
  else if (f.rows.empty() && !bad)
    sink.add(Diagnostic{path, 0, 0, "", "holds a header but no rows: nothing to draw"});
  if (bad || f.rows.empty()) return std::nullopt;
  return f;
}

bool has(const std::vector<CsvFile>& files, const std::string& column) {
  return std::all_of(files.begin(), files.end(), [&](const CsvFile& f) { return f.columns.count(column) > 0; });
}

// The value of `column` in `row` as a number; nullopt when blank or not a number.
std::optional<double> value(const CsvFile& f, const CsvRow& row, const std::string& column) {
  const auto it = f.columns.find(column);
  return it == f.columns.end() ? std::nullopt : parse_double(row.fields[it->second].text);
}

bool any_row(const std::vector<CsvFile>& files, const std::string& column, bool positive) {
  for (const CsvFile& f : files)
    for (const CsvRow& row : f.rows)
      if (const auto v = value(f, row, column); v && (!positive || *v > 0)) return true;
  return false;
}

// Where `column` is missing from a file's header: an error naming the file and the column.
void need_column(const std::vector<CsvFile>& files, const std::string& column, const std::string& why, DiagnosticSink& sink) {
  for (const CsvFile& f : files) {
    if (f.columns.count(column)) continue;
    const std::string near = closest_match(column, f.header);
    const bool result_csv = f.columns.count("warps_per_sm") || f.columns.count("ipc_per_sm");
    sink.add(Diagnostic{f.path, 1, 0, column,
                        fmt::format("no such column ({}){}{}", why, near.empty() ? "" : fmt::format("; did you mean '{}'?", near),
                                    result_csv ? "" : fmt::format("; {}, and this header is not one of theirs", kWhatItReads))});
  }
}

// Past any count or rate a run writes (cycles and instructions stay below 1e15).
constexpr double kLargestPlotted = 1e18;

// Every value of `column` is a number or blank.
void need_numbers(const std::vector<CsvFile>& files, const std::string& column, DiagnosticSink& sink) {
  for (const CsvFile& f : files) {
    const auto it = f.columns.find(column);
    if (it == f.columns.end()) continue;
    for (const CsvRow& row : f.rows) {
      const CsvField& field = row.fields[it->second];
      if (field.text.empty()) continue;
      const auto v = parse_double(field.text);
      if (!v)
        sink.add(Diagnostic{f.path, row.line, field.column, column, fmt::format("'{}' is not a finite number", field.text)});
      else if (std::abs(*v) > kLargestPlotted)  // matplotlib's axis arithmetic overflows near 1e308
        sink.add(
            Diagnostic{f.path, row.line, field.column, column,
                       fmt::format("{} is beyond the {:g} a figure can draw: not a value warpsim writes", field.text, kLargestPlotted)});
    }
  }
}

PlotFigure default_figure(const std::string& kind, const std::vector<CsvFile>& files) {
  if (kind == "throughput") {
    PlotFigure fig{kind, "warps_per_sm", {"ipc_per_sm"}};
    if (has(files, "gbps") && any_row(files, "gbps", true)) fig.ys.push_back("gbps");  // a panel of GB/s where memory is used
    return fig;
  }
  if (kind == "latency") {
    // Volkov 2016 Figure 6.3: the mean load latency against GB/s; a run without global loads has
    // no load latency, and its warps' latency is drawn against IPC instead.
    if (has(files, "access_latency_mean") && any_row(files, "access_latency_mean", false)) return {kind, "gbps", {"access_latency_mean"}};
    return {kind, "ipc_per_sm", {"mean_warp_latency"}};
  }
  PlotFigure fig{kind, "warps_per_sm", {}};
  if (has(files, "issue_utilization")) fig.ys.push_back("issue_utilization");
  for (const std::string& c : files.front().header)
    if (c.rfind("stall_", 0) == 0 && has(files, c)) fig.ys.push_back(c);
  return fig;
}

}  // namespace

std::vector<PlotFigure> plan_plot(const PlotRequest& r) {
  DiagnosticSink sink;
  const std::vector<std::string> kinds(std::begin(kPlotKinds), std::end(kPlotKinds));
  if (r.kind != "all" && std::find(kinds.begin(), kinds.end(), r.kind) == kinds.end())
    sink.add(Diagnostic{"<cli>", 0, 0, "--kind", fmt::format("unknown kind '{}' (valid: all, {})", r.kind, join(kinds, ", "))});
  if (r.kind == "all" && (!r.x.empty() || !r.y.empty()))
    sink.add(Diagnostic{"<cli>", 0, 0, r.x.empty() ? "--y" : "--x",
                        "names the axes of one figure: give --kind throughput, latency or stalls with it"});
  const std::vector<std::string> ys = r.y.empty() ? std::vector<std::string>{} : split(r.y, ',');
  if (r.kind == "latency" && ys.size() > 1) sink.add(Diagnostic{"<cli>", 0, 0, "--y", "--kind latency draws one y column"});
  if (std::any_of(ys.begin(), ys.end(), [](const std::string& c) { return c.empty(); }))
    sink.add(Diagnostic{"<cli>", 0, 0, "--y", fmt::format("'{}' has an empty column name", r.y)});
  sink.throw_if_any();

  std::vector<CsvFile> files;
  for (const std::string& path : r.files)
    if (auto f = read_csv_file(path, sink)) files.push_back(std::move(*f));
  sink.throw_if_any();

  std::vector<PlotFigure> figures;
  std::set<std::string> checked;  // a column two figures need is reported once
  for (const std::string& kind : kinds) {
    if (r.kind != "all" && r.kind != kind) continue;
    PlotFigure fig = default_figure(kind, files);
    if (!r.x.empty()) fig.x = r.x;
    if (!ys.empty()) fig.ys = ys;
    const std::string why = fmt::format("--kind {}{}", kind, r.x.empty() && r.y.empty() ? " draws it" : " with --x/--y");
    if (fig.ys.empty()) sink.add(Diagnostic{files.front().path, 1, 0, "stall_*", "no such columns (--kind stalls stacks them)"});
    std::vector<std::string> columns = fig.ys;
    columns.insert(columns.begin(), fig.x);
    for (const std::string& c : columns) {
      if (!checked.insert(c).second) continue;
      need_column(files, c, why, sink);
      need_numbers(files, c, sink);
    }
    figures.push_back(std::move(fig));
  }
  for (const std::string& g : r.group)
    if (g != "file") need_column(files, g, "--group", sink);
  sink.throw_if_any();

  // A figure whose columns are blank wherever its x is given would be empty.
  for (const PlotFigure& fig : figures) {
    bool drawn = false;
    for (const CsvFile& f : files)
      for (const CsvRow& row : f.rows)
        if (value(f, row, fig.x))
          drawn = drawn || std::any_of(fig.ys.begin(), fig.ys.end(), [&](const std::string& y) { return value(f, row, y).has_value(); });
    if (!drawn)
      sink.add(Diagnostic{files.front().path, 0, 0, join(fig.ys, ","),
                          fmt::format("blank in every row that has {}: the {} figure would be empty", fig.x, fig.kind)});
  }
  sink.throw_if_any();
  return figures;
}

}  // namespace warpsim::report
