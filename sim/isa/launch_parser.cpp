// The `.launch key=value ...` directive of the workload text format (docs/workload-format.md):
// block size, grid kind and size, the per-block resources that set occupancy (Volkov §5.7), and
// the 2-D shapes of block and grid that affine and gather indices see.
#include <fmt/format.h>

#include <algorithm>

#include "common/text.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

std::vector<LaunchError> parse_launch(const std::vector<std::string>& words, LaunchSpec& launch) {
  std::vector<LaunchError> errors;
  std::string grid_given;  // the grid= value, when given
  std::vector<std::string> seen;
  for (const std::string& w : words) {
    auto eq = w.find('=');
    std::string key = w.substr(0, eq);
    std::string val = eq == std::string::npos ? "" : w.substr(eq + 1);
    // Each key once, as every other directive's: `blocks=4 blocks=8` is a slip, not a choice.
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      errors.push_back({key, fmt::format("'{}' is given twice in .launch", key)});
      continue;
    }
    seen.push_back(key);
    auto num = parse_int(val);
    // Bounded far above any GPU's limit, so that the value fits its field (an int) as written.
    auto need_num = [&](int64_t lo, int64_t hi) {
      if (!num || *num < lo || *num > hi) {
        errors.push_back({key, fmt::format("expected an integer in [{}, {}], found '{}'", lo, hi, val)});
        return false;
      }
      return true;
    };
    if (key == "threads_per_block") {
      if (need_num(0, 1 << 16)) launch.threads_per_block = static_cast<int>(*num);
    } else if (key == "grid") {
      grid_given = val;
      if (val == "oversubscribed")
        launch.grid = GridKind::Oversubscribed;
      else if (val == "persistent")
        launch.grid = GridKind::Persistent;
      else if (val == "fixed")
        launch.grid = GridKind::Fixed;
      else
        errors.push_back({"grid", fmt::format("unknown '{}' (valid: oversubscribed, persistent, fixed)", val)});
    } else if (key == "blocks") {
      if (need_num(1, int64_t{1} << 40)) launch.blocks = *num, launch.grid = GridKind::Fixed;
    } else if (key == "blocks_per_slot") {
      if (need_num(1, 1 << 30)) launch.blocks_per_slot = static_cast<int>(*num);
    } else if (key == "device_blocks") {
      if (need_num(1, int64_t{1} << 40)) launch.device_blocks = *num;
    } else if (key == "shared_memory_per_block") {
      if (need_num(0, 1 << 30)) launch.shared_memory_per_block = static_cast<int>(*num);
    } else if (key == "registers_per_thread") {
      if (need_num(0, 1 << 16)) launch.registers_per_thread = static_cast<int>(*num);
    } else if (key == "block_x") {
      if (need_num(1, 1 << 16)) launch.block_x = static_cast<int>(*num);
    } else if (key == "grid_x") {
      if (need_num(1, int64_t{1} << 40)) launch.grid_x = *num;
    } else {
      errors.push_back({key, fmt::format("unknown launch key '{}' (valid: threads_per_block, grid, blocks, blocks_per_slot, device_blocks, "
                                         "shared_memory_per_block, registers_per_thread, block_x, grid_x)",
                                         key)});
    }
  }
  // blocks=N means a fixed grid of N blocks, and a fixed grid needs its N, in either order.
  if (launch.grid == GridKind::Fixed && launch.blocks == 0 && errors.empty())
    errors.push_back({"blocks", "grid=fixed needs the grid's size, blocks=N"});
  if (launch.blocks > 0 && !grid_given.empty() && grid_given != "fixed")
    errors.push_back({"grid", fmt::format("grid={} contradicts blocks={} (a fixed grid of that many blocks)", grid_given, launch.blocks)});
  // A device grid is an oversubscribed launch's: a persistent grid is one wave, a fixed one its blocks.
  if (launch.device_blocks > 0 && launch.grid != GridKind::Oversubscribed)
    errors.push_back({"device_blocks", fmt::format("device_blocks={} applies to grid=oversubscribed (the grid here is {})",
                                                   launch.device_blocks, launch.grid == GridKind::Fixed ? "fixed" : "persistent")});
  // Every row of a block is whole when its size is known; with threads_per_block=0 the size comes
  // from --warps and its last row may be partial.
  if (launch.block_x > 0 && launch.threads_per_block > 0 && launch.threads_per_block % launch.block_x != 0)
    errors.push_back({"block_x", fmt::format("block_x={} does not divide threads_per_block={} (a block's rows are block_x threads long)",
                                             launch.block_x, launch.threads_per_block)});
  return errors;
}

}  // namespace warpsim::isa
