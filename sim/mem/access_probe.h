// One warp access driven alone through a memory model: what the unloaded-latency derivation
// (unloaded_latency.h) and the LSU calibration (lsu_calibration.h) measure.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "mem/coalescer.h"
#include "mem/memory_system.h"

namespace warpsim::mem {

// Submits the access's transactions to `memory`, each at `departure(segment)` (non-decreasing in
// the access's order), advances until every one is back, and returns the last completion cycle.
uint64_t last_completion(MemorySystem& memory, const std::vector<Segment>& access,
                         const std::function<uint64_t(const Segment&)>& departure);

}  // namespace warpsim::mem
