// The LSU's per-pass latency, net of what the DRAM model adds to a diverging access itself.
//
// Volkov's Table 6.7 increment is Table 6.2's random latency less its streaming latency, divided
// by the extra transactions: G80 (644 - 444) / 30 = 6.7, GT200 (662 - 434) / 30 = 7.6, Fermi
// (1571 - 513) / 31 = 34, Kepler (1213 - 301) / 28 = 33, Maxwell (534 - 368) / 28 = 5.9. Part of
// that difference happens in DRAM, not in the LSU: each sector of a fully diverging access opens a
// row of its own (tRCD) and a few land on a bank another one holds, where the last transaction of
// a streaming load finds its row already opened by the first. A memory model with DRAM timings
// (`queue`, `dram`), or servers held per line (`servers`), produces that part itself; with the table's increment on top it is counted
// twice (random latencies 2-4% above Table 6.2). Models without DRAM banks (`fixed`: a constant
// latency; `simgrid`: flows over links) produce none of it and keep the table's value.
#pragma once

#include "config/hw_config.h"

namespace warpsim::mem {

// Mean extra latency, in cycles, that the config's memory model gives a fully diverging 4-byte
// access (32 threads at pseudo-random words of a 128 MB array, §6.7) over a coalesced one, beyond
// the extra LSU passes themselves, measured as the seed measures Table 6.2: one warp on the whole
// device, each access issued when the previous one is back (512 of each kind). 0 for models
// without DRAM banks. Deterministic: the addresses do not depend on any run seed.
double diverging_access_dram_excess_cycles(const config::HwConfig& cfg);

// `cfg` with lsu.transaction_issue_cycles = δ such that an idle diverging access takes the table's
// extra latency in all: (extra passes) × δ + excess(δ) = (extra passes) × Table 6.7, solved by
// bisection (the excess depends on δ through bank collisions and refresh), once per distinct
// config in a process. Unchanged for models without DRAM banks and for configs with no
// increment. The simulator (SMs and memory model: device/simulate.cpp, closed_loop.cpp) uses the
// result; the analytical models keep the table's value.
config::HwConfig with_lsu_passes_net_of_dram(const config::HwConfig& cfg);

}  // namespace warpsim::mem
