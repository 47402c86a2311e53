// Per-thread byte addresses of one execution of a memory instruction, from its AccessPattern.
// Global memory follows the pointer-chasing setup of Volkov 2016 §5.10: thread i of block j
// starts at element i + j*spacing and advances by the block size each time, so each block sweeps
// its own contiguous section and no element is read twice (no cache hits). A grid whose blocks
// together read a streamed array twice over or more instead spreads the blocks resident at once
// evenly over it (the one of R in slot j at j/R of the array, as the gpu-cache benchmark of
// te42kyfo/gpu-benches does; later waves start where the first did), each block sweeping its
// section from there and wrapping: no two resident blocks read the same lines at once, and the
// data set is read over and over (the cache experiments of issue 59). Random accesses follow
// chains through the array's elements in one pseudo-random order, the threads' starts spread
// evenly along it (§6.7, random_cycle.h). Affine accesses read the element their
// index expression names from the thread's 2-D coordinates, so blocks and iterations may share
// data (tiles, stencils: the reuse a cache study needs, Baghsorkhi 2012); gathers follow the rows
// of a `.sparse` matrix built from the run's seed. Shared-memory patterns are laid out against
// the bank geometry so that a conflict:k pattern is exactly k-way (§6.2).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"
#include "isa/sparse_matrix.h"
#include "mem/memory_system.h"
#include "sm/random_cycle.h"

namespace warpsim::sm {

struct WarpCoordinates {
  uint64_t block = 0;  // global block index, in launch order
  uint32_t warp_in_block = 0;
  uint32_t block_threads = 32;
};

// The lanes of a warp an access with `active_threads` threads uses: the lowest ones.
inline uint32_t lane_mask(int active_threads) { return active_threads >= 32 ? 0xffffffffu : (1u << active_threads) - 1; }

// Shared-memory byte addresses of one execution of `ap` (decode lays them out once per instruction).
void shared_memory_addresses(const isa::AccessPattern& ap, const config::SharedMemoryConfig& smem, uint64_t seed, const WarpCoordinates& w,
                             uint64_t execution, std::array<uint64_t, 32>& out);

// The grid a run launches: its blocks (a share's, with `--sms`), the whole device's, threads per
// block, and the blocks resident at once on the simulated SMs. Zero blocks: unknown, and no array
// counts as wrapped.
struct GridShape {
  uint64_t blocks = 0;
  uint64_t device_blocks = 0;
  uint64_t block_threads = 0;
  uint64_t resident_blocks = 0;  // 0: all of `blocks`
};

class AddressGenerator {
 public:
  // Builds (or shares, isa::shared_sparse_matrix) the `.sparse` matrices the kernel's gathers read.
  AddressGenerator(const isa::Kernel& kernel, const config::HwConfig& cfg, uint64_t seed, const GridShape& grid = {});

  // `execution` = how many times this warp executed this instruction before (0-based). Writes
  // each lane's byte address and returns the lanes that access memory this time (bit i: lane i);
  // only their addresses are meaningful. A gather's lane whose row has no nonzero left is not among
  // them: the mask may be empty.
  uint32_t global_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const;
  // When the warp's lane addresses for this execution are lane 0's address plus offsets that are
  // the same for every execution of `access` and every warp (streaming, strided, broadcast, affine
  // with whole rows of 32 or rows dividing 32, none wrapping around the array), with the same
  // lanes active, sets `lane0` to lane 0's address and returns true; the coalescer's output then
  // depends only on lane0 (CoalescingCache). Returns false otherwise (random, gather, wrap-around).
  bool fixed_offsets(int access, const WarpCoordinates& w, uint64_t execution, uint64_t& lane0) const;
  void shared_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const {
    shared_memory_addresses(kernel_.accesses[access], smem_, seed_, w, execution, out);
  }
  uint32_t active_mask(int access) const { return masks_[access]; }
  // The byte ranges of the arrays some global access reads all over, so that every SM reads all
  // of them: random accesses, the columns a gather:M.col reaches, and streaming or strided
  // accesses whose device-wide grid reads the array twice over or more (a data set swept again
  // and again).
  std::vector<mem::AddressRange> shared_arrays() const;
  const isa::AccessPattern& pattern(int access) const { return kernel_.accesses[access]; }
  // The structure of Kernel::sparse[i], when a gather reads it (else null).
  const isa::SparseMatrix* matrix(int i) const { return matrices_[static_cast<size_t>(i)].get(); }

 private:
  // A random access's chains (random_cycle.h): the cycle, how many chains start along it (0: the
  // grid unknown) and how many nodes each reads.
  struct RandomChains {
    RandomCycle cycle;
    uint64_t chains = 0;
    uint64_t length = 1;
  };
  RandomChains random_chains(const isa::AccessPattern& ap, size_t access) const;

  // An affine access's lane offsets, in elements from lane 0's, when they are fixed (fixed_offsets).
  struct AffineLayout {
    bool fixed = false;
    int64_t min_offset = 0, max_offset = 0;
  };

  uint64_t first_element(const isa::AccessPattern& ap, const WarpCoordinates& w, uint64_t execution) const;
  static uint64_t step_of(const isa::AccessPattern& ap, uint64_t execution) {
    return execution * static_cast<uint64_t>(ap.interleave_count) + static_cast<uint64_t>(ap.interleave_index);
  }
  // The index expression's value for each lane (`lanes` of them), in wrapping 64-bit arithmetic.
  void index_values(const isa::IndexExpression& e, const WarpCoordinates& w, uint64_t step, int lanes, std::array<int64_t, 32>& v) const;
  uint32_t gather_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const;
  AffineLayout affine_layout(const isa::AccessPattern& ap) const;
  // Whether the sections of `blocks` blocks read the streamed or strided array `a` at least twice
  // over: a data set swept over and over. Less is one sweep run a little past the end (a chain
  // length rounded up), which keeps §5.10's layout.
  bool wraps(size_t a, uint64_t blocks) const;

  const isa::Kernel& kernel_;
  const config::SharedMemoryConfig smem_;
  uint64_t seed_;
  uint64_t block_x_;                           // threads per block row; 0: the block's threads (one row)
  uint64_t grid_x_;                            // blocks per grid row; 0: all blocks (one row)
  std::vector<uint64_t> array_base_;           // byte address of each array
  std::vector<uint64_t> executions_per_warp_;  // per array: most executions of one of its instructions
  GridShape grid_;
  std::vector<uint8_t> spread_;                                     // per array: the run's blocks sweep it twice over (spread)
  bool any_spread_ = false;                                         // some array is spread (else first_element skips the lookup)
  std::vector<uint32_t> masks_;                                     // per access: active lanes
  std::vector<AffineLayout> affine_;                                // per access
  std::vector<RandomChains> random_;                                // per access
  std::vector<std::shared_ptr<const isa::SparseMatrix>> matrices_;  // per Kernel::sparse
};

uint64_t mix64(uint64_t x);  // splitmix64 finaliser: a fast, well-distributed hash

}  // namespace warpsim::sm
