// What the run simulated of a GPU's caches, and that no TLB is modelled (docs/memory-model.md,
// "Caches"): one line per GPU in the report's notes, so a reader knows what its numbers include.
#pragma once

#include <string>

#include "config/hw_config.h"

namespace warpsim::validation {

// E.g. "kepler: L2 of 512 KB in 4 slices (hits 169 cycles); global loads bypass the L1; no TLB modelled".
std::string caches_and_tlbs(const config::HwConfig& cfg);

}  // namespace warpsim::validation
