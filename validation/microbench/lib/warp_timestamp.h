// The record every microbenchmark warp writes when it ends (Volkov 2016 §5.5): start and end of
// its SM's cycle counter, the device-wide nanosecond timer, and the SM it ran on.
// Plain data shared by the CUDA kernels (validation/microbench) and the host-side metrics, so it
// must stay a standard-layout struct that nvcc and the host compiler lay out identically.
#pragma once

#include <cstdint>

namespace warpsim::validation {

struct WarpTimestamp {
  uint64_t start = 0;     // clock64 at the warp's first instruction, cycles of its SM's clock
  uint64_t end = 0;       // clock64 after its last dependent instruction completed
  uint64_t start_ns = 0;  // %globaltimer at start, ns; device-wide, converts cycles to seconds
  uint64_t end_ns = 0;
  uint32_t sm = 0;     // %smid: clocks of different SMs are not synchronized (§5.5)
  uint32_t block = 0;  // blockIdx.x, for debugging occupancy patterns (§5.8)
};

static_assert(sizeof(WarpTimestamp) == 40, "WarpTimestamp layout must match between host and device");

}  // namespace warpsim::validation
