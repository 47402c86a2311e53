// Tracing a kernel: every warp of the grid walked through its instructions without timing (loops
// taken their count of times), each global memory instruction's lane addresses made by the SM's
// AddressGenerator and coalesced by the GPU's rule, as a timed run makes them.
//
// Sequences (Baghsorkhi 2012 §2, bulk instruction scheduling): a warp's accesses split into
// sequences of loads followed by stores. A new sequence starts at a loop's back-edge, after a
// barrier, at a load whose address depends on a load of the current sequence (through registers),
// and at a load after a store.
#pragma once

#include <cstdint>

#include "config/hw_config.h"
#include "isa/kernel.h"
#include "trace/memory_trace.h"

namespace warpsim::trace {

// Past this many sectors a trace is refused (8 bytes each in memory): trace fewer blocks.
inline constexpr uint64_t kMaxTraceSectors = uint64_t{1} << 25;

struct TraceRequest {
  const config::HwConfig* config = nullptr;
  const isa::Kernel* kernel = nullptr;
  int warps_per_sm = 0;  // occupancy, as `run --warps` (0: as many as the launch allows)
  uint64_t seed = 1;
  int64_t max_blocks = 0;  // trace blocks 0 .. max_blocks-1 only (0: the whole grid)
  uint64_t max_sectors = kMaxTraceSectors;
};

// Throws UserError (the occupancy, or a trace over max_sectors naming `--blocks`).
MemoryTrace build_trace(const TraceRequest& request);

}  // namespace warpsim::trace
