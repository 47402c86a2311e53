// The one reading of an occupancy range as `--warps` and its kin take it: "N", "A:B" or
// "A:B:STEP" warps per SM, every value a positive integer no larger than kMostWarpsSpec.
#pragma once

#include <string>
#include <vector>

namespace warpsim {

// Larger than any SM holds (sm.max_warps' range): a bound that keeps a typo from making a
// billion-point list, not a limit of the hardware.
inline constexpr int kMostWarpsSpec = 1 << 20;

// The warp counts of `spec`, in order; throws UserError naming `option` (at <cli>) otherwise.
std::vector<int> parse_warps_range(const std::string& spec, const std::string& option);

}  // namespace warpsim
