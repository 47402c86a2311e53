#include "validation/report/report_writer.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "common/user_error.h"
#include "report/plot_script.h"
#include "validation/report/report_tables.h"

namespace fs = std::filesystem;

namespace warpsim::validation {
namespace {

void write(const fs::path& p, const std::string& content) {
  errno = 0;
  std::ofstream f(p, std::ios::binary);
  f << content;
  f.flush();
  if (!f) throw UserError(Diagnostic{p.string(), 0, 0, "--out-dir", with_system_reason("cannot write file")});
}

}  // namespace

size_t ReportInput::invariant_violations() const {
  size_t n = 0;
  for (const auto& c : invariants) n += c.violated;
  return n;
}

FigureStatus make_figures(const std::string& dir, int jobs) {
  FigureStatus st;
  st.why_not = report::plots_unavailable();
  if (!st.why_not.empty()) return st;
  const report::ScriptRun run = report::run_plot_script(
      "validation_figures.py", {(fs::path(dir) / "data").string(), (fs::path(dir) / "figures").string(), std::to_string(jobs)});
  if (run.status != 0) {
    st.why_not = "the figure script failed: " + run.output;
    return st;
  }
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(fs::path(dir) / "figures"))
    if (e.path().extension() == ".png") files.push_back("figures/" + e.path().filename().string());
  std::sort(files.begin(), files.end());
  st.made = true;
  st.files = files;
  return st;
}

namespace {

// `dir` as an absolute path without a trailing separator, "." or "..": the temporary and backup
// directories are its siblings ("report/" would put them inside it).
fs::path normal_dir(const std::string& dir) {
  std::error_code ec;
  fs::path d = fs::absolute(dir, ec).lexically_normal();
  if (!d.has_filename() && d.has_parent_path() && d != d.root_path()) d = d.parent_path();
  return d;
}

fs::path sibling(const fs::path& d, const std::string& tag) {
  return d.parent_path() / (d.filename().string() + tag + std::to_string(::getpid()));
}

// The first entry of an earlier report directory that `validate` would not have written (a
// user's file saved beside the report would be removed with it), or "" when there is none.
std::string foreign_entry(const fs::path& d) {
  static const std::set<std::string> files = {
      "report.md", "report.json", "cases.csv", "values.csv", "accuracy.csv", "memory_models.csv", "memory_models_points.csv"};
  static const std::map<std::string, std::set<std::string>> dirs = {{"data", {".csv"}}, {"figures", {".png", ".svg"}}};
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(d, ec)) {
    const std::string name = e.path().filename().string();
    if (files.count(name) && e.is_regular_file(ec)) continue;
    const auto sub = dirs.find(name);
    if (sub == dirs.end() || !e.is_directory(ec)) return name;
    for (const auto& f : fs::directory_iterator(e.path(), ec))
      if (!f.is_regular_file(ec) || !sub->second.count(f.path().extension().string())) return name + "/" + f.path().filename().string();
  }
  return "";
}

}  // namespace

void check_report_dir(const std::string& dir) {
  // The directory is replaced as a whole: never one that is not an earlier report, nor the
  // current directory or one above it (that would remove the user's files and the inputs).
  if (dir.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--out-dir", "empty; give a directory for the report"});
  const fs::path d = normal_dir(dir);
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec).lexically_normal();
  const auto rel = cwd.lexically_relative(d);
  if (!ec && !rel.empty() && *rel.begin() != "..")
    throw UserError(Diagnostic{dir, 0, 0, "--out-dir",
                               "is the current directory or holds it; the report directory is replaced as a whole: name a subdirectory"});
  // The report is built beside the directory and moved into place: the nearest existing ancestor
  // must be a directory this process can write, found now rather than after the simulations.
  fs::path base = d.parent_path().empty() ? fs::path(".") : d.parent_path();
  while (!fs::exists(base, ec) && base.has_parent_path() && base.parent_path() != base) base = base.parent_path();
  if (!fs::is_directory(base, ec))
    throw UserError(
        Diagnostic{dir, 0, 0, "--out-dir", fmt::format("cannot create the report directory: '{}' is not a directory", base.string())});
  // A probe directory, made and removed: permissions, a read-only file system, /proc.
  const fs::path probe = base / fmt::format(".warpsim-probe.{}", ::getpid());
  if (!fs::create_directory(probe, ec) || ec)
    throw UserError(
        Diagnostic{dir, 0, 0, "--out-dir", fmt::format("cannot create the report directory in '{}': {}", base.string(), ec.message())});
  fs::remove(probe, ec);
  if (!fs::exists(d, ec)) return;
  if (!fs::is_directory(d, ec) || (!fs::is_empty(d, ec) && !fs::exists(d / "report.md", ec)))
    throw UserError(
        Diagnostic{dir, 0, 0, "--out-dir", "exists and is not a warpsim report directory (no report.md); refusing to replace it"});
  if (const std::string foreign = foreign_entry(d); !foreign.empty())
    throw UserError(Diagnostic{
        dir, 0, 0, "--out-dir",
        fmt::format(
            "holds '{}', which `validate` does not write; refusing to replace the directory (move that file, or name another directory)",
            foreign)});
}

FigureStatus write_report(const std::string& dir, const ReportInput& in, bool figures, int jobs) {
  check_report_dir(dir);
  const fs::path final_dir = normal_dir(dir);
  const fs::path tmp = sibling(final_dir, ".tmp."), old = sibling(final_dir, ".old.");
  std::error_code ec;
  fs::remove_all(tmp, ec);
  if (!fs::create_directories(tmp / "data", ec) || ec)
    throw UserError(Diagnostic{dir, 0, 0, "--out-dir", "cannot create the report directory: " + ec.message()});
  FigureStatus figs;
  try {
    for (const auto& [name, csv] : in.figure_data) write(tmp / "data" / name, csv);
    if (in.memory_models) {  // data/ for the figure; the report root for users
      write(tmp / "data" / "memory_models_points.csv", in.memory_models->points.to_csv());
      write(tmp / "data" / "memory_models.csv", in.memory_models->summary.to_csv());
      write(tmp / "memory_models.csv", in.memory_models->summary.to_csv());
      write(tmp / "memory_models_points.csv", in.memory_models->points.to_csv());
    }
    if (figures) {
      fs::create_directories(tmp / "figures");
      figs = make_figures(tmp.string(), jobs);
    } else {
      figs.why_not = "not requested (--no-figures)";
    }
    write(tmp / "cases.csv", cases_table(in.outcomes).to_csv());
    write(tmp / "values.csv", values_table(in.outcomes).to_csv());
    write(tmp / "accuracy.csv", accuracy_table(in.accuracy).to_csv());
    write(tmp / "report.json", report_json(in, figs));
    write(tmp / "report.md", report_markdown(in, figs));
    // The earlier report is moved aside, not removed, until the new one is in place.
    const bool had_old = fs::exists(final_dir, ec);
    if (had_old) {
      fs::remove_all(old, ec);
      fs::rename(final_dir, old, ec);
      if (ec) throw UserError(Diagnostic{dir, 0, 0, "--out-dir", "cannot move the earlier report aside: " + ec.message()});
    }
    fs::rename(tmp, final_dir, ec);
    if (ec) {
      const std::string why = ec.message();
      if (had_old) fs::rename(old, final_dir, ec);
      throw UserError(Diagnostic{dir, 0, 0, "--out-dir", "cannot move the report into place: " + why});
    }
    if (had_old) fs::remove_all(old, ec);
  } catch (...) {
    fs::remove_all(tmp, ec);
    throw;
  }
  return figs;
}

}  // namespace warpsim::validation
