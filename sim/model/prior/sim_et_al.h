// Sim et al. 2012 (Volkov 2016 §7.4): Hong & Kim with arithmetic latency. Arithmetic runs at
// max(alu_lat / n, instruction time) per instruction (Eq. 2-6); CWP uses that rate (Eq. 4-5,
// A.1-A.4); MWP is capped by MWP_peak_bw at the best sustained throughput (not pin bandwidth, and
// without the departure-delay cap, as §7.4 argues); T_mem = n·mem_lat / min(MWP, max(1, CWP − 1))
// (Eq. 11-15) and T_exec merges them (Eq. 1, 16, 17).
#pragma once

#include "model/estimate.h"
#include "model/prior/two_class.h"

namespace warpsim::model {

double sim_mwp_peak_bw(const TwoClassMix& m);  // Table 7.1: 30.7, 40.3, 29.9 warps/SM
Estimate sim_et_al(const TwoClassMix& m, double n);
Estimate sim_et_al(const ModelContext& c, double n);

}  // namespace warpsim::model
