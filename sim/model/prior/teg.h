// Lai and Seznec 2011, TEG (§3-4): a timing model that replays one warp's instruction trace for n
// warps on one SM. An issue engine picks a ready warp instruction every `cycles_per_issue` cycles
// (§3.1, round robin); an instruction needs its source operands (execution latency, §3.2.1) and
// its functional unit, which stays busy for the unit's multi-warp issue latency, 32 / ops per clock
// (Table 1); the same warp issues again only after its same-warp issue latency (§3.2.2, about 60
// cycles after a global load). Shared-memory bank conflicts serialise the half-warp's accesses
// (§3.3.3); uncoalesced global accesses send more transactions (§3.3.4), all through the SM's
// share of the memory pipeline (§3.1, §3.2.4: Little's law caps the transactions in flight).
// Warps wait at a barrier for every warp: TEG runs one block per SM (§5).
// The parameters are the config's, the same the simulator reads; TEG has no memory contention
// beyond the bandwidth share, no DRAM and no caches (§6: "cannot handle ... memory contention").
#pragma once

#include "model/estimate.h"
#include "model/model_context.h"

namespace warpsim::model {

// Cycles for n warps (a whole number >= 1) to run the kernel once each, or n/a where the trace is
// too long to replay (more than 2^26 warp instructions) or n exceeds the SM's warp slots.
Estimate teg(const ModelContext& c, double n);
double teg_cycles(const ModelContext& c, int warps);

}  // namespace warpsim::model
