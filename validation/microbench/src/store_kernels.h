// Chase variants beyond 4-byte loads (store_kernels.cu): 8- and 16-byte links, a stream of stores
// and a copy (a chase whose every link is also stored elsewhere), looked up for cudaLaunchKernel.
#pragma once

#include "kernel_args.h"

namespace warpsim::microbench {

// width_bytes 8 or 16 with store_mode 0 (loads only); width_bytes 4 with store_mode 1 (stores only)
// or 2 (copy); ilp must be 1. nullptr for any other shape.
const void* store_kernel_for(int width_bytes, int store_mode, int ilp);

}  // namespace warpsim::microbench
