// The attributes of a global or shared memory instruction in the workload text format
// (docs/workload-format.md): pattern=stream|stride:K|random|broadcast|conflict:K, bytes, array, threads,
// interleave=R/K.
#include <fmt/format.h>

#include <sstream>

#include "common/text.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

std::string parse_access_pattern(const std::string& attrs, AccessPattern& out, const std::map<std::string, int>& array_index) {
  std::istringstream in(attrs);
  std::string w;
  while (in >> w) {
    auto eq = w.find('=');
    if (eq == std::string::npos) return fmt::format("expected key=value, found '{}'", w);
    std::string key = w.substr(0, eq), val = w.substr(eq + 1);
    if (key == "pattern") {
      std::string kind = val.substr(0, val.find(':'));
      std::optional<int64_t> arg;
      if (auto c = val.find(':'); c != std::string::npos) arg = parse_int(val.substr(c + 1));
      if (kind == "stream")
        out.kind = AccessKind::Stream, out.param = 1;
      else if (kind == "random")
        out.kind = AccessKind::Random;
      else if (kind == "broadcast")
        out.kind = AccessKind::Broadcast;
      else if (kind == "stride" || kind == "conflict") {
        if (!arg || *arg < 1 || *arg > 32) return fmt::format("expected {}:K with K in [1, 32], found '{}'", kind, val);
        out.kind = kind == "stride" ? AccessKind::Stride : AccessKind::Conflict;
        out.param = static_cast<int>(*arg);
      } else {
        return fmt::format("unknown pattern '{}' (valid: stream, stride:K, random, broadcast, conflict:K)", val);
      }
    } else if (key == "bytes") {
      auto v = parse_int(val);
      if (!v || (*v != 1 && *v != 2 && *v != 4 && *v != 8 && *v != 16))
        return fmt::format("bytes must be 1, 2, 4, 8 or 16, found '{}'", val);
      out.bytes = static_cast<int>(*v);
    } else if (key == "array") {
      auto it = array_index.find(val);
      if (it == array_index.end()) return fmt::format("unknown array '{}' (declare it with .array)", val);
      out.array = it->second;
    } else if (key == "threads") {
      auto v = parse_int(val);
      if (!v || *v < 1 || *v > 32) return fmt::format("threads must be in [1, 32], found '{}'", val);
      out.active_threads = static_cast<int>(*v);
    } else if (key == "interleave") {
      const auto slash = val.find('/');
      std::optional<int64_t> r, k;
      if (slash != std::string::npos) r = parse_int(val.substr(0, slash)), k = parse_int(val.substr(slash + 1));
      if (!r || !k || *k < 1 || *k > 1024 || *r < 0 || *r >= *k)
        return fmt::format("interleave must be R/K with K in [1, 1024] and R in [0, K-1], found '{}'", val);
      out.interleave_index = static_cast<int>(*r);
      out.interleave_count = static_cast<int>(*k);
    } else {
      return fmt::format("unknown attribute '{}' (valid: pattern, bytes, array, threads, interleave)", key);
    }
  }
  return "";
}

}  // namespace warpsim::isa
