// Hong & Kim 2009 (Volkov 2016 §7.1). MWP: warps that may access memory at once, capped by
// MWP_peak_bw (Little's law at pin bandwidth, Eq. 6-7); CWP: computation periods that fit in one
// memory wait plus one (Eq. 8-9). All instructions take the same instruction time and arithmetic
// latency is ignored. Three modes: latency-bound (CWP = MWP = n, Eq. 22), memory-bound (MWP < CWP,
// Eq. 23) and compute-bound (Eq. 24); the ε terms are dropped as in §7.1.
#pragma once

#include "model/estimate.h"
#include "model/prior/two_class.h"

namespace warpsim::model {

struct HongKimTerms {
  double mwp_peak_bw = 0;  // mem_lat · pin-bandwidth memory IPC ("12.4" on GT200)
  double cwp_full = 0;     // (Mem_cycles + Comp_cycles) / Comp_cycles ("4.3" on GT200 at α = 32)
  double mwp = 0;          // min(n, MWP_peak_bw)
  double cwp = 0;          // min(n, CWP_full)
};
HongKimTerms hong_kim_terms(const TwoClassMix& m, double n);

Estimate hong_kim(const TwoClassMix& m, double n);
Estimate hong_kim(const ModelContext& c, double n);

}  // namespace warpsim::model
