// How the microbenchmarks realise a target occupancy (Volkov 2016 §5.7): thread blocks of a few
// warps, and a dynamic shared-memory allocation per block large enough that only the wanted number
// of blocks fits on an SM. The plan is checked against the CUDA occupancy API before a launch and
// against the warp timestamps after it (§5.6). Standard library only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace warpsim::validation {

struct SmLimits {
  int max_warps = 64;   // resident warps per SM
  int max_blocks = 32;  // resident blocks per SM
  int max_threads_per_block = 1024;
  int schedulers = 4;                        // warp schedulers per SM (sm_70 and later)
  int64_t shared_memory_bytes = 233472;      // per SM with the largest carveout
  int64_t max_shared_per_block = 232448;     // opt-in limit of one block's dynamic allocation
  int64_t reserved_shared_per_block = 1024;  // taken by the system per block (sm_80 and later)
  int64_t shared_alloc_granularity = 128;    // allocations round up to this
};

struct OccupancyPlan {
  int warps_per_sm = 0;
  int block_warps = 0;    // warps per thread block
  int blocks_per_sm = 0;  // resident blocks the shared-memory allocation allows
  int64_t dynamic_shared_bytes = 0;
};

// Blocks of gcd(warps, schedulers) warps, so every block spreads evenly over the schedulers (§5.8),
// grown to the next divisor of `warps_per_sm` while the block count exceeds max_blocks. The
// allocation is the largest one with which exactly blocks_per_sm blocks fit, and at least
// `min_dynamic_shared` bytes (what the kernel itself uses). nullopt if the target cannot be realised.
std::optional<OccupancyPlan> plan_occupancy(int warps_per_sm, const SmLimits& limits, int64_t min_dynamic_shared);

// Blocks of `dynamic_shared` bytes that fit on one SM by shared memory alone.
int blocks_fitting(const SmLimits& limits, int64_t dynamic_shared);

// The warpsim config name of a CUDA device ("NVIDIA H100 80GB HBM3", 132 SMs -> "h100_sxm"), or ""
// when warpsim has no config for it.
std::string warpsim_gpu_name(const std::string& device_name, int sms);

}  // namespace warpsim::validation
