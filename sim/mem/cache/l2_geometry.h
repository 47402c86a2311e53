// The L2's layout, shared by the timed caches (cached_memory.h) and the Monte Carlo replay
// (montecarlo/): how many slices, each how large, and which slice holds a line.
#pragma once

#include <cstdint>

#include "config/hw_config.h"

namespace warpsim::mem::cache {

struct L2Geometry {
  int slices = 0;            // 0: no L2
  int partitions = 1;        // the slices split evenly (memory.l2.partitions)
  uint64_t slice_bytes = 0;  // whole sets of memory.l2.ways 128-byte lines
};

// The L2 of `share` (simulated SMs / device SMs) of the device: its share of the slices, at least
// one per partition, and of the capacity (the other SMs' data take the rest), in whole sets.
L2Geometry l2_geometry(const config::HwConfig& cfg, double share);

// The partition that homes a line (its data's memory controllers sit behind it): a hash of other
// bits than the slice's and the set's.
uint32_t l2_home_partition(uint64_t line, int partitions);

// Lines hash over the slices (GPUs hash addresses over their L2 slices and partitions), with other
// bits of the hash than the set index's (sector_cache.cpp), so that a slice's sets are all used.
uint32_t l2_slice_of(uint64_t line, int slices);

}  // namespace warpsim::mem::cache
