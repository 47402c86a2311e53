#include "common/warps_range.h"

#include <fmt/format.h>

#include <cstdint>

#include "common/text.h"
#include "common/user_error.h"

namespace warpsim {

std::vector<int> parse_warps_range(const std::string& spec, const std::string& option) {
  auto bad = [&](const std::string& why) {
    return UserError(
        Diagnostic{"<cli>", 0, 0, option, fmt::format("'{}': {} (expected N, A:B or A:B:STEP, warps per SM >= 1)", spec, why)});
  };
  const auto parts = split(spec, ':');
  if (parts.empty() || parts.size() > 3) throw bad("wrong number of fields");
  std::vector<int64_t> v;
  for (const auto& p : parts) {
    const auto n = parse_int(p);
    if (!n || *n < 1) throw bad(fmt::format("'{}' is not a positive integer", p));
    if (*n > kMostWarpsSpec) throw bad(fmt::format("{} is above the largest occupancy warpsim takes, {}", p, kMostWarpsSpec));
    v.push_back(*n);
  }
  if (v.size() == 1) return {static_cast<int>(v[0])};
  if (v[1] < v[0]) throw bad("range end below its start");
  const int64_t step = v.size() == 3 ? v[2] : 1;
  std::vector<int> out;
  for (int64_t n = v[0]; n <= v[1]; n += step) out.push_back(static_cast<int>(n));
  return out;
}

}  // namespace warpsim
