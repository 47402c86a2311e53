// Zhang & Owens 2011 (Volkov 2016 §7.3, §4.11): throughputs of arithmetic and memory instructions
// measured alone at each occupancy, alu(n) and mem(n) in ops/cycle/SM, are assumed to hold in any
// kernel; the time is the larger of the two instruction times (they overlap). The "sum" variant
// adds them instead (§4.12, the thin line of Figure 7.5).
#pragma once

#include "model/estimate.h"
#include "model/model_context.h"
#include "model/prior/two_class.h"

namespace warpsim::model {

enum class TimeMerge { Overlap, Add };

Estimate zhang_owens(const TwoClassMix& m, const ThroughputCurves& curves, double n, TimeMerge merge = TimeMerge::Overlap);
Estimate zhang_owens(const ModelContext& c, double n, TimeMerge merge = TimeMerge::Overlap);

}  // namespace warpsim::model
