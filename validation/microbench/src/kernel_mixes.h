// The instruction mix every kernel of the suite is meant to compile to (Volkov 2016 §5.1), in one
// place next to the kernels' shapes (kernel_shapes.h, mix_shapes.h): the SASS check
// (lib/microbench_sass.h) compares `cuobjdump -sass` with it before anything is measured.
#pragma once

#include <vector>

#include "microbench_sass.h"

namespace warpsim::microbench {

std::vector<validation::KernelMix> suite_kernel_mixes();

}  // namespace warpsim::microbench
