#include "config/yaml_file.h"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>

#include <cerrno>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "common/user_error.h"

namespace warpsim::config {
namespace {

// Aliases (`*name`) make the loaded file a graph: one that contains itself (`a: &x [*x]`) would
// make every walk over it loop, and nested aliases expand exponentially (a 1 KB file of them is
// 2^40 nodes). Every walk is bounded here, before any reader sees the file.
constexpr long kMaxExpandedNodes = 1'000'000;  // built-in files hold a few hundred

struct KeyCheck {
  const std::string& path;
  DiagnosticSink& sink;
  std::vector<YAML::Node> ancestors;  // to find a node that contains itself
  long visited = 0;                   // every node, scalars too: the walk's whole cost is bounded
  std::set<std::pair<int, int>> reported;  // a duplicate key reached again through an alias is said once
};

[[noreturn]] void refuse_alias(const YAML::Node& node, const std::string& path, const std::string& key, const std::string& why) {
  throw UserError(Diagnostic{path, node.Mark().line + 1, node.Mark().column + 1, key, why});
}

// yaml-cpp keeps a repeated key and looks up the first: the second section, `inherits` or value
// would be ignored without a word. Every mapping is checked, at any depth.
void check_unique_keys(const YAML::Node& node, const std::string& prefix, KeyCheck& check) {
  if (++check.visited > kMaxExpandedNodes)
    refuse_alias(node, check.path, prefix, fmt::format("the file expands to more than {} YAML nodes through its aliases (*name)", kMaxExpandedNodes));
  if (!node.IsSequence() && !node.IsMap()) return;
  for (const YAML::Node& a : check.ancestors)
    if (a.is(node)) refuse_alias(node, check.path, prefix, "a YAML alias (*name) that contains itself: the value would be infinite");
  check.ancestors.push_back(node);
  if (node.IsSequence()) {
    for (const auto& item : node) check_unique_keys(item, prefix, check);
  } else {
    std::map<std::string, int> first_line;
    for (const auto& kv : node) {
      if (!kv.first.IsScalar()) continue;
      const std::string key = kv.first.Scalar();
      const std::string dotted = prefix.empty() ? key : prefix + "." + key;
      const YAML::Mark at = kv.first.Mark();
      ++check.visited;  // the pair's key
      if (auto [it, fresh] = first_line.emplace(key, at.line + 1); !fresh && check.reported.emplace(at.line, at.column).second)
        check.sink.add(Diagnostic{check.path, at.line + 1, at.column + 1, dotted,
                                  fmt::format("duplicate key (first given at line {}): only the first would be read", it->second)});
      check_unique_keys(kv.second, dotted, check);
    }
  }
  check.ancestors.pop_back();
}

}  // namespace

YAML::Node load_yaml_file(const std::string& path) {
  std::vector<YAML::Node> docs;
  errno = 0;
  try {
    docs = YAML::LoadAllFromFile(path);
  } catch (const YAML::BadFile&) {
    throw UserError(Diagnostic{path, 0, 0, "", with_system_reason("cannot open file")});
  } catch (const YAML::DeepRecursion& e) {  // yaml-cpp's own guard; its message says only "bad file"
    throw UserError(Diagnostic{path, e.mark.line + 1, e.mark.column + 1, "",
                               fmt::format("YAML nested {} levels deep here (warpsim's files nest a few): not a file warpsim reads", e.depth())});
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
  KeyCheck check{path, sink, {}, 0, {}};
  check_unique_keys(docs[0], "", check);
  sink.throw_if_any();
  return docs[0];
}

}  // namespace warpsim::config
