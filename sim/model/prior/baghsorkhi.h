// Baghsorkhi et al. 2010 (Volkov 2016 §7.2): a work-flow graph of compute nodes (α adds, each
// taking "alu" = max(instruction time, alu_lat / n), Eq. 3) and memory nodes (instruction time,
// raised so a warp takes at least the bandwidth time CYC_mem, Eq. 4), with a data-dependence arc
// of exposed latency mem_lat − (n − 1)·NBC (Eq. 5-6). Warp latency is the longest path; the total
// time is the sum of warp latencies. Per group: max(CYC_mem, x, mem_lat − t − (n − 2)·x), x = α·alu + t.
#pragma once

#include "model/estimate.h"
#include "model/prior/two_class.h"

namespace warpsim::model {

enum class Bandwidth { Sustained, Pin };  // Table 6.1 peak as §7.2 uses it, or pin bandwidth as the paper

Estimate baghsorkhi(const TwoClassMix& m, double n, Bandwidth bw = Bandwidth::Sustained);
Estimate baghsorkhi(const ModelContext& c, double n, Bandwidth bw = Bandwidth::Sustained);

}  // namespace warpsim::model
