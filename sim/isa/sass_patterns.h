// The side file of a SASS import (docs/workload-format.md, "SASS"): keyed by an instruction's
// address, the access pattern of a memory instruction, the trip count of the loop a backward
// branch closes, or a guarded branch or EXIT taken; a `default` pattern; arrays and the launch
// as the workload format writes them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::isa {

// A loop's trip count as the patterns file, --trip-count and the `trip_count` parameter take it:
// an integer in [0, 1e12] (past that no run ends), else nullopt.
std::optional<int64_t> parse_trip_count(std::string_view text);
// What parse_trip_count accepts, for its errors: "expected ..., found 'text'".
std::string trip_count_expected(std::string_view text);

struct SassPatternEntry {
  int line = 0;       // in the side file (0: not given)
  std::string attrs;  // memory attributes as the workload format writes them: "pattern=stride:2 array=b"
  std::optional<int64_t> trips;
  std::optional<bool> taken;
  bool has(const std::string& key) const { return attrs.find(key + "=") != std::string::npos; }
};

struct SassPatterns {
  std::string file;                             // "" when no side file was given
  std::map<int64_t, SassPatternEntry> entries;  // by instruction address
  SassPatternEntry defaults;                    // the `default` line
  std::vector<std::string> arrays;              // ".array NAME SIZE" lines, checked
  std::map<std::string, int> array_index;       // their names
  std::string launch;                           // the ".launch ..." line, checked; "" if none
};

// Reads and checks the side file at `path`; every error names path:line and the key (UserError).
SassPatterns read_sass_patterns(const std::string& path);

}  // namespace warpsim::isa
