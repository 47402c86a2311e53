// Shared-memory bank conflicts computed from per-thread addresses (Volkov 2016 §2.6, Table 2.5):
// each bank serves one word per access; threads reading the same word get a broadcast; the
// largest number of distinct words any bank must serve is the conflict degree. G80/GT200 process
// a warp one half-warp at a time.
#pragma once

#include <array>
#include <cstdint>

#include "config/hw_config.h"

namespace warpsim::sm {

struct SmemAccessCost {
  int degree = 1;          // worst conflict degree over the passes (1 = conflict-free)
  double unit_cycles = 1;  // cycles the shared-memory unit is busy with this instruction
};

SmemAccessCost smem_access_cost(const config::SharedMemoryConfig& cfg, const std::array<uint64_t, 32>& addresses, uint32_t active_mask);

}  // namespace warpsim::sm
