// One warp access driven alone through a memory model: what the latency derivations of `queue`
// and `dram` (their interconnect latency) and the LSU calibration (lsu_calibration.h) measure.
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

// The memory part of one unloaded coalesced streaming access (at 1 GiB), its transactions
// departing as the LSU sends them (departure_offset_cycles): from the
// last departure to the last completion. `memory` is idle, with no interconnect latency: what the
// interconnect derivations of `queue` and `dram` subtract from Table 6.2.
uint64_t unloaded_coalesced_tail_cycles(MemorySystem& memory, const config::LsuConfig& lsu);

// The interconnect latency (ps, both ways together) that makes an unloaded coalesced access of a
// model whose memory part takes `memory_cycles` (unloaded_coalesced_tail_cycles) take Table 6.2's
// latency; a UserError naming memory.latency_cycles when the DRAM timings alone exceed it.
uint64_t interconnect_ps_for(const config::HwConfig& cfg, uint64_t memory_cycles);

}  // namespace warpsim::mem
