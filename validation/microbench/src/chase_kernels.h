// The pointer-chasing kernels (chase_kernels.cu), looked up by shape for cudaLaunchKernel.
#pragma once

#include "kernel_args.h"

namespace warpsim::microbench {

// Kernel with `adds` FADDs per load (0 or a power of two up to 256) and `ilp` chains (1, 2 or 4;
// adds must then be 0), taking ChaseArgs; `sample` selects the §6.6 variant (adds 0, ilp 1).
// nullptr for a shape that is not compiled.
const void* chase_kernel_for(int adds, int ilp, bool sample);

}  // namespace warpsim::microbench
