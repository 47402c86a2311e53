// Helpers shared by the libFuzzer targets of this folder (docs/testing.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::fuzz {

// One fuzz input: a file's text, then optionally a line holding only `marker` followed by
// command-line values, one per line (`--set` assignments, `--param` overrides). The marker starts
// with '#', a comment in both the YAML and the workload format, so a seed file stays readable.
struct FileAndOptions {
  std::string file;
  std::vector<std::string> options;
};

inline FileAndOptions split_options(const uint8_t* data, size_t size, std::string_view marker) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  FileAndOptions out;
  bool in_options = false;
  for (size_t pos = 0; pos < all.size();) {
    const size_t end = std::min(all.find('\n', pos), all.size());
    const std::string_view line = all.substr(pos, end - pos);
    if (in_options)
      out.options.emplace_back(line);
    else if (line == marker)
      in_options = true;
    else
      out.file.append(all.substr(pos, std::min(end + 1, all.size()) - pos));
    pos = end + 1;
  }
  return out;
}

}  // namespace warpsim::fuzz
