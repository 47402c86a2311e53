// Which DRAM-organisation keys each memory model reads (docs/memory-model.md): a what-if on a key
// the chosen model never reads changes nothing, and `run` / `sweep` say so.
#pragma once

#include <string_view>

#include "config/hw_config.h"

namespace warpsim::config {

// True when `key` (a dotted config key) describes the memory system (its DRAM organisation, its
// controller, or Table 6.4's sustained peak, which `queue` and `dram` produce rather than read)
// and `model` does not read it. Other keys (latency, pins, contention, the SM) are read by every
// model or by the analytical models, and are never reported.
bool memory_model_ignores(MemoryModelKind model, std::string_view key);

// True when a simulation under `model` reads `key`: every key of the SM, and of the memory keys
// those its model uses, the measured summaries included (Table 6.4's peak: `fixed`, `servers`,
// `simgrid`; Table 6.5's b and c: `servers`; the line charge: `fixed`, `servers`; the DRAM models
// read none of them). What validation/cases/in_sample.h asks of an input taken from a measurement.
bool simulation_reads(MemoryModelKind model, std::string_view key);

}  // namespace warpsim::config
