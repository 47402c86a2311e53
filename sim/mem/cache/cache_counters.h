// Cache activity counters, shared by the memory models and the run results.
#pragma once

#include <cstdint>

namespace warpsim::mem {

// Cache activity in 32-byte sectors of loads (mem/cache/cached_memory.h): a sector found valid is a
// hit, one fetched (or waited for behind another request's fetch) a miss. Stores count apart, at
// the L2 only (the L1 does not keep them): a stored sector hits when a store brought it in.
struct CacheCounters {
  bool l1 = false;  // an L1 was simulated
  bool l2 = false;  // an L2 was simulated
  uint64_t l1_hit_sectors = 0;
  uint64_t l1_miss_sectors = 0;
  uint64_t l2_hit_sectors = 0;
  uint64_t l2_miss_sectors = 0;
  // Of the misses, sectors another request's fetch had already asked for (an MSHR merge): they wait
  // for data in flight. A view without time (montecarlo/) sees them as hits.
  uint64_t l1_in_flight_sectors = 0;
  uint64_t l2_in_flight_sectors = 0;
  uint64_t l2_write_hit_sectors = 0;
  uint64_t l2_write_miss_sectors = 0;
};

}  // namespace warpsim::mem
