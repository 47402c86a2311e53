// The attributes of a global or shared memory instruction in the workload text format
// (docs/workload-format.md): pattern=stream|stride:K|random|random:K|broadcast|conflict:K|affine|gather:M.nz|gather:M.col,
// index=EXPR, bytes, array, threads, interleave=R/K.
#include <fmt/format.h>

#include <set>
#include <sstream>

#include "common/text.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {
namespace {

constexpr const char* kPatterns = "stream, stride:K, random, random:K, broadcast, conflict:K, affine, gather:M.nz, gather:M.col";

// `gather:M.nz` or `gather:M.col` (M a `.sparse` matrix): sets out's kind and matrix.
std::string parse_gather(const std::string& val, AccessPattern& out, const std::map<std::string, int>& sparse_index) {
  const std::string target = val.substr(val.find(':') + 1);
  const auto dot = target.rfind('.');
  const std::string matrix = target.substr(0, dot), part = dot == std::string::npos ? "" : target.substr(dot + 1);
  if (dot == std::string::npos || (part != "nz" && part != "col"))
    return fmt::format("expected gather:M.nz or gather:M.col with M a .sparse matrix, found '{}'", val);
  const auto it = sparse_index.find(matrix);
  if (it == sparse_index.end()) return fmt::format("unknown sparse matrix '{}' (declare it with .sparse)", matrix);
  out.kind = part == "nz" ? AccessKind::GatherNz : AccessKind::GatherCol;
  out.sparse = it->second;
  return "";
}

std::string parse_pattern(const std::string& val, AccessPattern& out, const std::map<std::string, int>& sparse_index) {
  std::string kind = val.substr(0, val.find(':'));
  if (kind == "gather") return parse_gather(val, out, sparse_index);
  std::optional<int64_t> arg;
  if (auto c = val.find(':'); c != std::string::npos) arg = parse_int(val.substr(c + 1));
  if ((kind == "stream" || kind == "broadcast") && val != kind) return fmt::format("{} takes no :K, found '{}'", kind, val);
  if (kind == "stream")
    out.kind = AccessKind::Stream, out.param = 1;
  else if (kind == "random" && !arg && val.find(':') == std::string::npos)
    out.kind = AccessKind::Random, out.param = 1;
  else if (kind == "random") {
    // K lanes to a node: groups of K consecutive lanes read consecutive elements of one random node.
    if (!arg || *arg < 1 || *arg > 32 || 32 % *arg != 0)
      return fmt::format("expected random:K with K lanes per random node, K in 1, 2, 4, 8, 16, 32, found '{}'", val);
    out.kind = AccessKind::Random, out.param = static_cast<int>(*arg);
  } else if (kind == "broadcast")
    out.kind = AccessKind::Broadcast;
  else if (val == "affine")
    out.kind = AccessKind::Affine;
  else if (kind == "stride" || kind == "conflict") {
    if (!arg || *arg < 1 || *arg > 32) return fmt::format("expected {}:K with K in [1, 32], found '{}'", kind, val);
    out.kind = kind == "stride" ? AccessKind::Stride : AccessKind::Conflict;
    out.param = static_cast<int>(*arg);
  } else {
    return fmt::format("unknown pattern '{}' (valid: {})", val, kPatterns);
  }
  return "";
}

// The index belongs to affine and gather patterns, which need one; a gather's is the lane's row,
// its position in the row being the step i.
std::string check_index(const AccessPattern& out, bool given) {
  const bool needs = out.kind == AccessKind::Affine || is_gather(out.kind);
  if (needs && !given)
    return fmt::format("pattern={} needs index=EXPR (the element, or for a gather the row, each thread reads)",
                       out.kind == AccessKind::Affine ? "affine" : "gather");
  if (!needs && given) return "index=EXPR applies to pattern=affine and pattern=gather:M.nz|col only";
  if (is_gather(out.kind) && out.index.uses(IndexVar::I))
    return fmt::format("a gather's index is the thread's row, and i its position in the row: i may not appear in it (index={})",
                       to_string(out.index));
  return "";
}

}  // namespace

KeyedError parse_access_pattern(const std::string& attrs, AccessPattern& out, const std::map<std::string, int>& array_index,
                                const std::map<std::string, int>& sparse_index) {
  std::istringstream in(attrs);
  std::string w;
  bool index_given = false;
  std::string last_key;
  std::set<std::string> seen;
  while (in >> w) {
    auto eq = w.find('=');
    if (eq == std::string::npos) {
      if (last_key == "index") return {"index", fmt::format("expected key=value, found '{}' (write index=EXPR without spaces)", w)};
      return {"", fmt::format("expected key=value, found '{}'", w)};
    }
    std::string key = w.substr(0, eq), val = w.substr(eq + 1);
    last_key = key;
    // A key given twice would take its last value without a word (the first is as likely meant).
    if (!seen.insert(key).second) return {key, fmt::format("{} given twice in one access", key)};
    if (key == "pattern") {
      if (std::string err = parse_pattern(val, out, sparse_index); !err.empty()) return {key, err};
    } else if (key == "index") {
      if (std::string err = parse_index_expression(val, out.index); !err.empty()) return {key, err};
      index_given = true;
    } else if (key == "bytes") {
      auto v = parse_int(val);
      if (!v || (*v != 1 && *v != 2 && *v != 4 && *v != 8 && *v != 16))
        return {key, fmt::format("bytes must be 1, 2, 4, 8 or 16, found '{}'", val)};
      out.bytes = static_cast<int>(*v);
    } else if (key == "array") {
      auto it = array_index.find(val);
      if (it == array_index.end()) return {key, fmt::format("unknown array '{}' (declare it with .array)", val)};
      out.array = it->second;
    } else if (key == "threads") {
      auto v = parse_int(val);
      if (!v || *v < 1 || *v > 32) return {key, fmt::format("threads must be in [1, 32], found '{}'", val)};
      out.active_threads = static_cast<int>(*v);
    } else if (key == "interleave") {
      const auto slash = val.find('/');
      std::optional<int64_t> r, k;
      if (slash != std::string::npos) r = parse_int(val.substr(0, slash)), k = parse_int(val.substr(slash + 1));
      if (!r || !k || *k < 1 || *k > 1024 || *r < 0 || *r >= *k)
        return {key, fmt::format("interleave must be R/K with K in [1, 1024] and R in [0, K-1], found '{}'", val)};
      out.interleave_index = static_cast<int>(*r);
      out.interleave_count = static_cast<int>(*k);
    } else {
      return {"", fmt::format("unknown attribute '{}' (valid: pattern, index, bytes, array, threads, interleave)", key)};
    }
  }
  if (std::string err = check_index(out, index_given); !err.empty()) return {"index", err};
  return {};
}

}  // namespace warpsim::isa
