// The microbenchmark suite's view of a config's SM (validation/microbench/lib): the limits its
// occupancy plans (Volkov §5.7) must respect, as the config states them.
#pragma once

#include "config/hw_config.h"
#include "microbench_occupancy.h"

namespace warpsim::test {

inline validation::SmLimits suite_limits(const config::HwConfig& c) {
  validation::SmLimits l;
  l.max_warps = c.sm.max_warps;
  l.max_blocks = c.sm.max_blocks;
  l.max_threads_per_block = c.sm.max_threads_per_block;
  l.schedulers = c.scheduler.count;
  l.shared_memory_bytes = c.sm.shared_memory_bytes;
  l.max_shared_per_block = c.sm.max_shared_memory_per_block_bytes;
  l.reserved_shared_per_block = c.sm.shared_memory_block_overhead_bytes;
  l.shared_alloc_granularity = c.sm.shared_memory_alloc_granularity_bytes;
  return l;
}

}  // namespace warpsim::test
