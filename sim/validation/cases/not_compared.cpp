#include "validation/cases/not_compared.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>

#include "common/data_paths.h"
#include "validation/cases/yaml_reader.h"

namespace warpsim::validation {

std::filesystem::path builtin_not_compared_file() { return data_dir("validation") / "not_compared.yaml"; }

std::vector<NotCompared> load_not_compared(const std::filesystem::path& file) {
  DiagnosticSink sink;
  const std::string path = file.string();
  const YAML::Node doc = load_yaml_file(path);
  YamlReader r(path, sink);
  std::vector<NotCompared> out;
  for (const auto& node : r.top_level_list(doc, "rows")) {
    if (!r.check_map(node, "", {"ids", "why", "files"})) continue;
    NotCompared n;
    for (const char* key : {"ids", "why"})
      if (!node[key]) r.error(node, key, "missing");
    if (node["ids"]) n.ids = r.text_list(node["ids"], "ids");
    if (node["ids"] && n.ids.empty()) r.error(node["ids"], "ids", "expected at least one measurement id or glob");
    if (node["why"]) n.why = r.text(node["why"], "why").value_or("");
    if (node["files"]) n.files = r.text_list(node["files"], "files");
    if (node["files"] && n.files.empty()) r.error(node["files"], "files", "expected at least one file path glob");
    out.push_back(std::move(n));
  }
  sink.throw_if_any();
  return out;
}

const NotCompared* not_compared_reason(const std::vector<NotCompared>& reasons, const Measurement& m) {
  const auto matches = [](const std::vector<std::string>& globs, const std::string& s) {
    return std::any_of(globs.begin(), globs.end(), [&](const std::string& p) { return fnmatch(p.c_str(), s.c_str(), 0) == 0; });
  };
  const auto it = std::find_if(reasons.begin(), reasons.end(),
                               [&](const NotCompared& n) { return matches(n.ids, m.id) && (n.files.empty() || matches(n.files, m.file)); });
  return it != reasons.end() ? &*it : nullptr;
}

std::vector<std::string> uncompared_rows(const MeasurementSet& ms, size_t file_count, const std::set<std::string>& compared,
                                         const std::vector<NotCompared>& reasons, const std::vector<std::string>& gpus) {
  std::vector<std::string> out;
  for (size_t f = 0; f < file_count && f < ms.files().size(); ++f) {
    const MeasurementFile& file = ms.files()[f];
    for (size_t i = file.first_row; i < file.first_row + file.row_count; ++i) {
      const Measurement& m = ms.rows()[i];
      if (compared.count(m.id)) continue;
      if (!gpus.empty() && std::none_of(gpus.begin(), gpus.end(), [&](const std::string& g) { return m.applies_to(g); })) continue;
      const NotCompared* reason = not_compared_reason(reasons, m);
      out.push_back(fmt::format("{}:{} {}: not compared: {}", m.file, m.line, m.id,
                                reason ? reason->why : "no case compares it and no reason is recorded in validation/not_compared.yaml"));
    }
  }
  return out;
}

}  // namespace warpsim::validation
