// Lai and Seznec 2011, TEG (§3-4): a timing model that replays one warp's instruction trace for n
// warps on one SM. An issue engine picks a ready warp instruction every `cycles_per_issue` cycles
// (§3.1, round robin); an instruction needs its source operands (execution latency, §3.2.1) and
// its functional unit, which stays busy for the unit's multi-warp issue latency, 32 / ops per clock
// (Table 1), an FMUL the CUDA cores or, when they are busy, the SFUs (§3.2.1); the same warp
// issues again only after its same-warp issue latency (§3.2.2, about 60 cycles after a global
// load). Shared-memory bank conflicts serialise the half-warp's accesses (§3.3.3); uncoalesced
// global accesses send more transactions (§3.3.4), all through the bandwidth of the SM's TPC, 1/10
// of the peak on GT200 (§3.1; §3.2.4's cap on transactions in flight, Cmem, is the same limit by
// Little's law). Warps wait at a barrier for every warp, as in one block
// (§5.1; the 16-warp points of Tables 2-3 ran two blocks of 8, which the replay treats as one).
// The parameters are the config's, the same the simulator reads; TEG has no memory contention
// beyond the bandwidth share, no DRAM and no caches (§6: "cannot handle ... memory contention").
#pragma once

#include "model/estimate.h"
#include "model/model_context.h"

namespace warpsim::model {

// The warp throughput n / teg_cycles(n), n rounded to a whole number >= 1; n/a where the trace is
// too long to replay (more than 2^26 warp instructions, this replay's limit) or n exceeds the
// SM's warp slots.
Estimate teg(const ModelContext& c, double n);
// Cycles for `warps` warps to run the kernel once each.
double teg_cycles(const ModelContext& c, int warps);

}  // namespace warpsim::model
