#include "validation/report/findings.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <map>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "validation/cases/yaml_reader.h"

namespace fs = std::filesystem;

namespace warpsim::validation {

bool case_id_matches(const std::string& pattern, const std::string& id) {
  return fnmatch(pattern.c_str(), id.c_str(), 0) == 0 || id.rfind(pattern + ".", 0) == 0;
}

fs::path builtin_findings_file() { return data_dir("validation") / "findings.yaml"; }

std::vector<Finding> load_findings(const fs::path& file) {
  DiagnosticSink sink;
  const std::string path = file.string();
  const YAML::Node doc = load_yaml_file(path);
  YamlReader r(path, sink);
  std::vector<Finding> out;
  std::map<std::string, int> seen;
  for (const auto& node : r.top_level_list(doc, "findings")) {
    if (!r.check_map(node, "", {"id", "claim", "source", "cases"})) continue;
    Finding f;
    f.file = path;
    f.line = r.line_of(node);
    for (const char* key : {"id", "claim", "source", "cases"})
      if (!node[key]) r.error(node, key, "missing");
    if (node["id"]) f.id = r.text(node["id"], "id").value_or("");
    if (node["claim"]) f.claim = r.text(node["claim"], "claim").value_or("");
    if (node["source"]) f.source = r.text(node["source"], "source").value_or("");
    if (node["cases"]) f.patterns = r.text_list(node["cases"], "cases");
    if (node["cases"] && f.patterns.empty()) r.error(node["cases"], "cases", "expected at least one case id, prefix or glob");
    if (!f.id.empty()) {
      auto [it, fresh] = seen.emplace(f.id, f.line);
      if (!fresh) r.error(node["id"], "id", fmt::format("duplicate finding id '{}' (first at line {})", f.id, it->second));
    }
    out.push_back(std::move(f));
  }
  sink.throw_if_any();
  return out;
}

std::vector<FindingOutcome> judge_findings(const std::vector<Finding>& findings, const std::vector<CaseOutcome>& outcomes) {
  std::vector<FindingOutcome> out;
  for (const auto& f : findings) {
    FindingOutcome o;
    o.finding = &f;
    for (const auto& c : outcomes) {
      bool mine = false;
      for (const auto& p : f.patterns) mine = mine || case_id_matches(p, c.spec->id);
      if (!mine) continue;
      ++o.cases;
      if (c.pass)
        ++o.passed;
      else
        o.failed.push_back(c.spec->id);
    }
    if (o.cases > 0) out.push_back(std::move(o));
  }
  return out;
}

}  // namespace warpsim::validation
