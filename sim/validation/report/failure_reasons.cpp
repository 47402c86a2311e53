#include "validation/report/failure_reasons.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fnmatch.h>

#include <algorithm>

#include "common/data_paths.h"
#include "config/config_enums.h"
#include "validation/cases/yaml_reader.h"

namespace warpsim::validation {

namespace fs = std::filesystem;

fs::path builtin_failure_reasons_file() { return data_dir("validation") / "failure_reasons.yaml"; }

std::vector<FailureReason> load_failure_reasons(const fs::path& file) {
  DiagnosticSink sink;
  const std::string path = file.string();
  const YAML::Node doc = load_yaml_file(path);
  YamlReader r(path, sink);
  std::vector<FailureReason> out;
  for (const auto& node : r.top_level_list(doc, "reasons")) {
    if (!r.check_map(node, "", {"model", "cases", "reason"})) continue;
    FailureReason f;
    for (const char* key : {"cases", "reason"})
      if (!node[key]) r.error(node, key, "missing");
    if (node["model"]) {
      const std::string name = r.text(node["model"], "model").value_or("");
      const auto kind = config::enum_from_name<config::MemoryModelKind>(name);
      if (kind)
        f.model = *kind;
      else
        r.error(node["model"], "model",
                fmt::format("unknown memory model '{}' (valid: {})", name, fmt::join(config::enum_names<config::MemoryModelKind>(), ", ")));
    }
    if (node["cases"]) f.cases = r.text_list(node["cases"], "cases");
    if (node["cases"] && f.cases.empty()) r.error(node["cases"], "cases", "expected at least one case id or glob");
    if (node["reason"]) f.reason = r.text(node["reason"], "reason").value_or("");
    out.push_back(std::move(f));
  }
  sink.throw_if_any();
  return out;
}

std::string failure_reason(const std::string& case_id, config::MemoryModelKind model, const std::vector<FailureReason>& reasons) {
  for (const FailureReason& f : reasons) {
    if (f.model && *f.model != model) continue;
    if (std::any_of(f.cases.begin(), f.cases.end(), [&](const std::string& p) { return fnmatch(p.c_str(), case_id.c_str(), 0) == 0; }))
      return f.reason;
  }
  return "";
}

}  // namespace warpsim::validation
