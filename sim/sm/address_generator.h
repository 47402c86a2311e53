// Per-thread byte addresses of one execution of a memory instruction, from its AccessPattern.
// Global memory follows the pointer-chasing setup of Volkov 2016 §5.10: thread i of block j
// starts at element i + j*spacing and advances by the block size each time, so each block sweeps
// its own contiguous section and no element is read twice (no cache hits). Random accesses pick
// independent pseudo-random elements of the array (§6.7). Shared-memory patterns are laid out
// against the bank geometry so that a conflict:k pattern is exactly k-way (§6.2).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"
#include "mem/memory_system.h"

namespace warpsim::sm {

struct WarpCoordinates {
  uint64_t block = 0;  // global block index, in launch order
  uint32_t warp_in_block = 0;
  uint32_t block_threads = 32;
};

class AddressGenerator {
 public:
  AddressGenerator(const isa::Kernel& kernel, const config::HwConfig& cfg, uint64_t seed);

  // `execution` = how many times this warp executed this instruction before (0-based). Writes
  // each lane's byte address and returns the lanes that access memory this time (bit i: lane i);
  // only their addresses are meaningful.
  uint32_t global_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const;
  // When the warp's lane addresses for this execution are lane 0's address plus offsets that are
  // the same for every execution of `access` (streaming, strided or broadcast, not wrapping around
  // the array), sets `lane0` to lane 0's address and returns true; the coalescer's output then
  // depends only on lane0 (CoalescingCache). Returns false otherwise (random, wrap-around).
  bool fixed_offsets(int access, const WarpCoordinates& w, uint64_t execution, uint64_t& lane0) const;
  void shared_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const;
  uint32_t active_mask(int access) const { return masks_[access]; }
  // The byte ranges of the arrays some global access reads at random: every SM reads all of them.
  std::vector<mem::AddressRange> shared_arrays() const;
  const isa::AccessPattern& pattern(int access) const { return kernel_.accesses[access]; }

 private:
  uint64_t first_element(const isa::AccessPattern& ap, const WarpCoordinates& w, uint64_t execution) const;

  const isa::Kernel& kernel_;
  const config::SharedMemoryConfig smem_;
  uint64_t seed_;
  std::vector<uint64_t> array_base_;           // byte address of each array
  std::vector<uint64_t> executions_per_warp_;  // per array: most executions of one of its instructions
  std::vector<uint32_t> masks_;                // per access: active lanes
};

uint64_t mix64(uint64_t x);  // splitmix64 finaliser: a fast, well-distributed hash

}  // namespace warpsim::sm
