// Reciprocal square root chains and the rsqrt + FADD mix (Volkov 2016 §4.7, §5.2). This file is
// compiled with -use_fast_math so each rsqrtf is the single instruction MUFU.RSQ; the empty asm after
// it makes the value opaque, so the compiler cannot merge or drop links of the chain.
#include "arith_kernels.h"
#include "device_common.cuh"
#include "kernel_shapes.h"
#include "mix_shapes.h"

namespace warpsim::microbench {
namespace {

__device__ __forceinline__ float rsqrt_link(float x) {
  x = rsqrtf(x);
  asm volatile("" : "+f"(x));
  return x;
}

__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) sfu_chain_kernel(const ArithArgs a) {
  const WarpClock start = now();
  float x = a.init;  // §5.2: the iterated value is 1
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int b = 0; b < kArithBody; ++b) x = rsqrt_link(x);
  }
  a.finals[global_thread()] = __float_as_uint(x);
  record_warp(a.stamps, start, now());
}

template <int ADDS, int OTHERS>
__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) sfu_mix_kernel(const ArithArgs a) {
  const WarpClock start = now();
  float x = a.init;
  constexpr int kGroups = mix_groups(ADDS, OTHERS);
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int g = 0; g < kGroups; ++g) {
#pragma unroll
      for (int o = 0; o < OTHERS; ++o) x = rsqrt_link(x);
#pragma unroll
      for (int k = 0; k < ADDS; ++k) x = __uint_as_float(add_zero(__float_as_uint(x), a.zero));
    }
  }
  a.finals[global_thread()] = __float_as_uint(x);
  record_warp(a.stamps, start, now());
}

}  // namespace

const void* sfu_kernel() { return reinterpret_cast<const void*>(&sfu_chain_kernel); }

const void* sfu_mix_kernel_for(int adds, int others) {
#define WARPSIM_SFU_MIX_CASE(A, O) \
  if (adds == (A) && others == (O)) return reinterpret_cast<const void*>(&sfu_mix_kernel<A, O>);
  WARPSIM_FOR_EACH_MIX_SHAPE(WARPSIM_SFU_MIX_CASE)
#undef WARPSIM_SFU_MIX_CASE
  return nullptr;
}

}  // namespace warpsim::microbench
