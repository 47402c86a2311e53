// The one entry point of the simulator: a GPU, a kernel and an occupancy in, a Result out.
#pragma once

#include "config/hw_config.h"
#include "device/result.h"
#include "device/run_options.h"
#include "isa/kernel.h"

namespace warpsim::device {

// Throws UserError if the occupancy cannot be realised or the kernel does not fit the GPU.
Result simulate(const config::HwConfig& cfg, const isa::Kernel& kernel, const RunOptions& opts);

// Builds (and drops) the memory system simulate() would build for `cfg` under `opts`, so that
// the input errors only a memory model finds (a latency shorter than its unloaded time, a
// departure spread beyond the latency) surface before a command that runs many simulations
// writes anything (`warpsim sweep`). Throws the UserError simulate() would.
void check_memory_system(const config::HwConfig& cfg, const RunOptions& opts);

}  // namespace warpsim::device
