// warpsim simulates no L2 cache (config::MemoryConfig::l2_bytes): every global access goes to
// DRAM, as on the seeds' arrays, which were sized to avoid caching (Volkov 2016 §6.7). Where a
// kernel's data fit in the GPU's L2, the GPU serves repeated accesses from the cache and warpsim
// does not: `run` and `sweep` say so.
#pragma once

#include <cstdint>
#include <string>

#include "config/hw_config.h"
#include "isa/kernel.h"

namespace warpsim::device {

// The note for `kernel` on `cfg` when the arrays its global loads and stores touch fit in the L2
// together; "" when they do not, or when the GPU caches no global loads (l2_bytes = 0).
std::string unsimulated_l2_note(const config::HwConfig& cfg, const isa::Kernel& kernel);
// The same note for `bytes` of data described as `what` (e.g. "memloop's data").
std::string unsimulated_l2_note(const config::HwConfig& cfg, const std::string& what, uint64_t bytes);

}  // namespace warpsim::device
