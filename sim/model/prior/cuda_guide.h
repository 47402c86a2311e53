// The analysis of the CUDA C Programming Guide, ch. 5.2.3 (as Volkov 2016 §4.8 evaluates it):
// while one warp waits mem_lat cycles on memory, the others issue at the peak rate, each α
// arithmetic instructions before stalling, so about mem_lat / (instruction time · α) warps are
// needed. Arithmetic latency is left out — the error §4.8 points to.
#pragma once

#include "model/estimate.h"
#include "model/prior/two_class.h"

namespace warpsim::model {

// warps needed (CUDA guide) = mem_lat / (instruction time · α), instruction time = 1 / alu_thru.
double cuda_guide_warps_needed(const TwoClassMix& m);
// §4.8's "refined" version: the stalled warp and the memory instruction counted.
double cuda_guide_warps_needed_refined(const TwoClassMix& m);

// The guide gives only an occupancy. As a curve we read it as issue at the peak rate once n
// reaches that occupancy, and proportionally less below it.
Estimate cuda_guide(const TwoClassMix& m, double n);
Estimate cuda_guide(const ModelContext& c, double n);

}  // namespace warpsim::model
