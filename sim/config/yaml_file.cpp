#include "config/yaml_file.h"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <cerrno>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "common/text_file.h"
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
  std::vector<YAML::Node> ancestors;       // to find a node that contains itself
  long visited = 0;                        // every node, scalars too: the walk's whole cost is bounded
  std::set<std::pair<int, int>> reported;  // a duplicate key reached again through an alias is said once
};

[[noreturn]] void refuse_alias(const YAML::Node& node, const std::string& path, const std::string& key, const std::string& why) {
  throw UserError(Diagnostic{path, node.Mark().line + 1, node.Mark().column + 1, key, why});
}

// yaml-cpp keeps a repeated key and looks up the first: the second section, `inherits` or value
// would be ignored without a word. Every mapping is checked, at any depth.
void check_unique_keys(const YAML::Node& node, const std::string& prefix, KeyCheck& check) {
  if (++check.visited > kMaxExpandedNodes)
    refuse_alias(node, check.path, prefix,
                 fmt::format("the file expands to more than {} YAML nodes through its aliases (*name)", kMaxExpandedNodes));
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

// The root of each document of a stream, as parser events: whether it is null, and where.
class DocumentRoots : public YAML::EventHandler {
 public:
  YAML::Mark start, root;  // of the last document
  bool root_null = true;

  void OnDocumentStart(const YAML::Mark& m) override {
    start = m;
    depth_ = 0;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t) override { node(m, true); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { node(m, false); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t, const std::string&) override { node(m, false); }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override { open(m); }
  void OnSequenceEnd() override { --depth_; }
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override { open(m); }
  void OnMapEnd() override { --depth_; }

 private:
  void node(const YAML::Mark& m, bool null) {
    if (depth_ > 0) return;
    root = m;
    root_null = null;
  }
  void open(const YAML::Mark& m) {
    node(m, false);
    ++depth_;
  }
  int depth_ = 0;
};

// A later document (after `---`) would be ignored; an empty one holds nothing to lose. yaml-cpp
// 0.7's LoadAll loops forever, allocating, on a token no node can start with (a lone ','): it
// reads an empty document there again and again. Such a document starts where the last one did.
void check_documents(const std::string& text, const std::string& path) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentRoots docs;
  for (int n = 0, last = -1; parser.HandleNextDocument(docs); ++n, last = docs.start.pos) {
    const auto at = [&](const YAML::Mark& m, std::string message) {
      return UserError(Diagnostic{path, m.line + 1, m.column + 1, "", std::move(message)});
    };
    if (docs.start.pos == last) {
      const char c = static_cast<size_t>(last) < text.size() ? text[static_cast<size_t>(last)] : ' ';
      throw at(docs.start, fmt::format("YAML syntax error: unexpected '{}'", c));
    }
    if (n > 0 && !docs.root_null) throw at(docs.root, "a second YAML document (after '---'): the file must hold one");
  }
}

}  // namespace

YAML::Node load_yaml_file(const std::string& path) { return load_yaml_text(read_text_file(path, "", "file"), path); }

YAML::Node load_yaml_text(const std::string& text, const std::string& path) {
  YAML::Node root;
  try {
    check_documents(text, path);
    root = YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {  // yaml-cpp's own guard; its message says only "bad file"
    throw UserError(
        Diagnostic{path, e.mark.line + 1, e.mark.column + 1, "",
                   fmt::format("YAML nested {} levels deep here (warpsim's files nest a few): not a file warpsim reads", e.depth())});
  } catch (const YAML::ParserException& e) {
    throw UserError(Diagnostic{path, e.mark.line + 1, e.mark.column + 1, "", "YAML syntax error: " + e.msg});
  }
  DiagnosticSink sink;
  KeyCheck check{path, sink, {}, 0, {}};
  check_unique_keys(root, "", check);
  sink.throw_if_any();
  return root;
}

}  // namespace warpsim::config
