// A config may give the L2's capacity without simulating it (memory.l2.slices = 0, a what-if):
// then every global access goes to DRAM. Where a kernel's data fit in that L2, the GPU would serve
// repeated accesses from it and warpsim does not: `run` and `sweep` say so.
#pragma once

#include <cstdint>
#include <string>

#include "config/hw_config.h"
#include "isa/kernel.h"

namespace warpsim::device {

// The note for `kernel` on `cfg` when the arrays its global loads and stores touch fit in the L2
// together; "" when they do not, when the L2 is simulated, or when the GPU caches no global loads
// (l2_bytes = 0).
std::string unsimulated_l2_note(const config::HwConfig& cfg, const isa::Kernel& kernel);
// The same note for `bytes` of data described as `what` (e.g. "memloop's data").
std::string unsimulated_l2_note(const config::HwConfig& cfg, const std::string& what, uint64_t bytes);

}  // namespace warpsim::device
