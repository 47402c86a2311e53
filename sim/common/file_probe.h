// Whether a name refers to a regular file, without throwing: a name the system cannot look up
// (longer than NAME_MAX or PATH_MAX, a folder without permission) is no file, so a bad
// `inherits:` or `--workload` is reported as an unknown name, not an uncaught filesystem_error.
#pragma once

#include <filesystem>
#include <system_error>

namespace warpsim {

inline bool regular_file_exists(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec) && !ec;
}

}  // namespace warpsim
