// The grid of a sweep: the cartesian product of GPUs x --set value lists x workloads x --param
// value lists x occupancies, in a fixed order (docs/sweep.md), each point with a stable key that
// identifies it in the output file (resuming skips the keys already there).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "isa/workload_parser.h"

namespace warpsim::sweep {

struct GridSpec {
  std::vector<std::string> gpus;       // --gpu (repeatable)
  std::vector<std::string> sets;       // --set key=v1,v2,... (repeatable)
  std::vector<std::string> workloads;  // --workload (repeatable)
  std::vector<std::string> params;     // --param key=v1,v2,... (repeatable)
  std::string warps;                   // --warps N|A:B[:STEP], comma-separated; empty: as many as fit
};

struct GridPoint {
  std::string gpu;
  std::vector<std::string> sets;  // "key=value", in the order of the --set options
  std::string workload;
  isa::ParamMap params;
  int warps = 0;    // requested warps per SM; 0 = as many as the launch allows
  std::string key;  // point_key() of the above
};

// "key=v1,v2,v3" -> (key, {v1, v2, v3}); `option` names the flag in errors. Throws UserError.
std::pair<std::string, std::vector<std::string>> parse_value_list(const std::string& item, const std::string& option);

// Comma-separated "N", "A:B" or "A:B:STEP" items -> warp counts in the order given.
std::vector<int> parse_warps_list(const std::string& spec);

// The stable key of a point: "gpu=G|set=k=v k2=v2|workload=W|param=a=1 b=2|warps=N" (sets and
// params in key order, warps "max" for 0). Equal keys <=> the same simulation.
std::string point_key(const GridPoint& p);

// The most warps per SM any config may hold (sm.max_warps' range, config/core_config.h).
inline constexpr int kMostWarpsPerSm = 4096;

// Expands the grid, outermost first: gpu, sets, workload, params, warps (those up to
// kMostWarpsPerSm). Throws UserError on an empty --gpu/--workload list, a malformed list, a key
// given twice or a repeated value.
std::vector<GridPoint> expand_grid(const GridSpec& spec);

}  // namespace warpsim::sweep
