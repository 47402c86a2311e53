// Homogeneous FADD and shared-memory kernels and the shared-memory/FADD mix (arith_kernels.cu), and
// the SFU kernels (sfu_kernels.cu, compiled with -use_fast_math). All take ArithArgs.
#pragma once

#include "kernel_args.h"

namespace warpsim::microbench {

// FADD chains: `ilp` in 1..4 independent chains (§6.1, §6.3); alpha_mix alpha=inf is ilp 1.
const void* add_kernel_for(int ilp);
// LDS chains from word 0 (broadcast) or, with ArithArgs::conflict2, a 2-way bank conflict (§6.2).
const void* smem_kernel();
// `others` LDS + `adds` FADDs per group (§4.7): (adds, others) in (1,4) (1,2) (1,1) (2,1) ... (32,1).
const void* smem_mix_kernel_for(int adds, int others);
// MUFU.RSQ chains (§5.2) and the rsqrt/FADD mix (§4.7), same (adds, others) shapes.
const void* sfu_kernel();
// Timestamps only: block launch latency, timed as Volkov 2016 §3.7 does with an empty kernel.
const void* empty_kernel();
const void* sfu_mix_kernel_for(int adds, int others);

}  // namespace warpsim::microbench
