#include "isa/workloads.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/data_paths.h"
#include "common/file_probe.h"
#include "common/text.h"
#include "common/user_error.h"
#include "isa/generators.h"
#include "isa/sass_import.h"

namespace fs = std::filesystem;

namespace warpsim::isa {
namespace {

// `text` with each overridden `.param NAME DEFAULT` taking the override as its default, so that
// the text alone runs as the file did with --param (parse_workload_file has checked the names).
std::string with_param_values(const std::string& text, const ParamMap& params) {
  if (params.empty()) return text;
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    const std::string_view code = trim(line);
    const std::vector<std::string> words = code.starts_with(".param") ? split_words(std::string(code)) : std::vector<std::string>{};
    if (words.size() >= 3 && words[0] == ".param" && params.count(words[1])) {
      const size_t name_at = line.find(words[1], line.find(".param") + 6);
      const size_t value_at = line.find(words[2], name_at + words[1].size());
      line = fmt::format("{}{}{}  # --param {}={} (the file's default: {})", line.substr(0, value_at), params.at(words[1]),
                         line.substr(value_at + words[2].size()), words[1], params.at(words[1]), words[2]);
    }
    out += line + "\n";
  }
  return out;
}

std::vector<fs::path> workload_files() {
  std::vector<fs::path> out;
  const fs::path dir = data_dir("workloads");
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".wl") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string resolve_file(const std::string& name_or_path) {
  if (regular_file_exists(name_or_path)) return name_or_path;
  fs::path builtin = data_dir("workloads") / (name_or_path + ".wl");
  if (regular_file_exists(builtin)) return builtin.string();
  return "";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

[[noreturn]] void unknown(const std::string& name) {
  std::error_code ec;
  if (fs::is_directory(name, ec))
    throw UserError(
        Diagnostic{"<cli>", 0, 0, "--workload", fmt::format("'{}' is a directory; give a workload name, a .wl or a .sass file", name)});
  if (fs::exists(name, ec))  // a pipe or a device: a workload is read more than once in a run (its SASS test, its text)
    throw UserError(
        Diagnostic{"<cli>", 0, 0, "--workload",
                   fmt::format("'{}' is not a regular file (a pipe or a device); give a workload name, a .wl or a .sass file", name)});
  std::vector<std::string> names;
  for (const auto& w : list_workloads()) names.push_back(w.name);
  const std::string hint = closest_match(name, names);
  throw UserError(Diagnostic{"<cli>", 0, 0, "--workload",
                             fmt::format("no workload named '{}' and no such file{} (built-in: {})", name,
                                         hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint), join(names, ", "))});
}

}  // namespace

ParamMap parse_params(const std::vector<std::string>& items) {
  ParamMap out;
  for (const auto& item : items) {
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) throw UserError(Diagnostic{"<--param>", 0, 0, item, "expected key=value"});
    const std::string key(trim(item.substr(0, eq)));
    // The last of two would win without a word, where the first is as likely meant.
    if (!out.emplace(key, std::string(trim(item.substr(eq + 1)))).second)
      throw UserError(Diagnostic{"<--param>", 0, 0, key, fmt::format("'{}' given twice", key)});
  }
  return out;
}

std::vector<WorkloadEntry> list_workloads() {
  std::vector<WorkloadEntry> out;
  for (const auto& g : generators()) {
    std::vector<std::string> ps;
    for (const auto& p : g.params) ps.push_back(p.name + "=" + p.default_value);
    out.push_back({g.name, "generator", g.description, join(ps, " ")});
  }
  for (const auto& f : workload_files()) {
    WorkloadEntry e{f.stem().string(), "kernel", "", ""};
    try {
      Kernel k = parse_workload_file(f.string());
      e.description = k.description;
      std::vector<std::string> ps;
      for (const auto& [n, v] : k.params) ps.push_back(n + "=" + v);
      e.params = join(ps, " ");
    } catch (const UserError& err) {
      e.description = "(does not parse: " + std::string(err.what()) + ")";
    }
    out.push_back(std::move(e));
  }
  return out;
}

Kernel load_workload(const std::string& name_or_path, const ParamMap& params) {
  if (const Generator* g = find_generator(name_or_path)) return generate(*g, params);
  std::string path = resolve_file(name_or_path);
  if (path.empty()) unknown(name_or_path);
  if (is_sass_file(path)) return load_sass_workload(path, params);
  return parse_workload_file(path, params);
}

std::string workload_text(const std::string& name_or_path, const ParamMap& params) {
  if (const Generator* g = find_generator(name_or_path)) return generate_text(*g, params);
  std::string path = resolve_file(name_or_path);
  if (path.empty()) unknown(name_or_path);
  if (is_sass_file(path)) return sass_workload_text(path, params);
  parse_workload_file(path, params);  // validates the parameters
  return with_param_values(read_file(path), params);
}

}  // namespace warpsim::isa
