// Which DRAM-organisation keys each memory model reads (docs/memory-model.md): a what-if on a key
// the chosen model never reads changes nothing, and `run` / `sweep` say so.
#pragma once

#include <string_view>

#include "config/hw_config.h"

namespace warpsim::config {

// True when `key` (a dotted config key) describes the DRAM organisation or its controller and
// `model` does not read it. Keys outside that organisation (latency, peak, pins, contention, the
// SM) are read by every model or by the analytical models, and are never reported.
bool memory_model_ignores(MemoryModelKind model, std::string_view key);

}  // namespace warpsim::config
