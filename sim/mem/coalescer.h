// Coalescing: the per-thread addresses of one warp memory instruction become memory transactions
// by the rules of each generation (Volkov 2016 §2.5; CUDA C Programming Guide, compute
// capabilities 1.0, 1.2-1.3, 2.x and 3.x+).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::mem {

struct Segment {
  uint64_t address = 0;  // aligned to bytes
  uint32_t bytes = 32;
};

// Appends to `out` (cleared first) the transactions for the active lanes of `addresses`.
void coalesce(config::CoalescingRule rule, const std::array<uint64_t, 32>& addresses, uint32_t active_mask,
              int bytes_per_thread, std::vector<Segment>& out);

}  // namespace warpsim::mem
