#include "config/yaml_file.h"

#include <fmt/format.h>

#include <map>
#include <vector>

#include "common/user_error.h"

namespace warpsim::config {
namespace {

// yaml-cpp keeps a repeated key and looks up the first: the second section, `inherits` or value
// would be ignored without a word. Every mapping is checked, at any depth.
void check_unique_keys(const YAML::Node& node, const std::string& path, const std::string& prefix, DiagnosticSink& sink) {
  if (node.IsSequence()) {
    for (const auto& item : node) check_unique_keys(item, path, prefix, sink);
    return;
  }
  if (!node.IsMap()) return;
  std::map<std::string, int> first_line;
  for (const auto& kv : node) {
    if (!kv.first.IsScalar()) continue;
    const std::string key = kv.first.Scalar();
    const std::string dotted = prefix.empty() ? key : prefix + "." + key;
    const YAML::Mark at = kv.first.Mark();
    if (auto [it, fresh] = first_line.emplace(key, at.line + 1); !fresh)
      sink.add(Diagnostic{path, at.line + 1, at.column + 1, dotted, fmt::format("duplicate key (first given at line {}): only the first would be read", it->second)});
    check_unique_keys(kv.second, path, dotted, sink);
  }
}

}  // namespace

YAML::Node load_yaml_file(const std::string& path) {
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAllFromFile(path);
  } catch (const YAML::BadFile&) {
    throw UserError(Diagnostic{path, 0, 0, "", "cannot open file"});
  } catch (const YAML::ParserException& e) {
    throw UserError(Diagnostic{path, e.mark.line + 1, e.mark.column + 1, "", "YAML syntax error: " + e.msg});
  }
  // A later document (after `---`) would be ignored as well; an empty one holds nothing to lose.
  for (size_t i = 1; i < docs.size(); ++i)
    if (!docs[i].IsNull())
      throw UserError(Diagnostic{path, docs[i].Mark().line + 1, docs[i].Mark().column + 1, "",
                                 "a second YAML document (after '---'): the file must hold one"});
  if (docs.empty()) return YAML::Node();
  DiagnosticSink sink;
  check_unique_keys(docs[0], path, "", sink);
  sink.throw_if_any();
  return docs[0];
}

}  // namespace warpsim::config
