// FADD chains (§6.1, §6.3), shared-memory load chains (§5.2, §6.2) and the LDS + FADD mix (§4.7).
#include "arith_kernels.h"
#include "device_common.cuh"
#include "kernel_shapes.h"
#include "mix_shapes.h"

namespace warpsim::microbench {
namespace {

template <int ILP>
__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) add_kernel(const ArithArgs a) {
  const WarpClock start = now();
  uint32_t x[ILP];
#pragma unroll
  for (int c = 0; c < ILP; ++c) x[c] = __float_as_uint(a.init);
  constexpr int kRounds = arith_body(ILP) / ILP;
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int b = 0; b < kRounds; ++b) {
#pragma unroll
      for (int c = 0; c < ILP; ++c) x[c] = add_zero(x[c], a.zero);
    }
  }
#pragma unroll
  for (int c = 0; c < ILP; ++c) a.finals[global_thread() * ILP + c] = x[c];
  record_warp(a.stamps, start, now());
}

// Word 0 and word 32 (both in bank 0) hold their own shared addresses, so a load from either
// returns the same address again: a chain of LDS with no address arithmetic.
__device__ __forceinline__ uint32_t smem_chain_start(const ArithArgs& a, uint32_t* buffer) {
  const uint32_t base = shared_address(buffer);
  if (threadIdx.x == 0) {
    buffer[0] = base;
    buffer[1] = buffer[2] = __float_as_uint(a.zero);  // smem_mix_zero()
    buffer[32] = base + 32 * sizeof(uint32_t);
  }
  __syncthreads();
  // §6.2: even lanes read word 0, odd lanes word 32: two words of one bank, a 2-way conflict.
  return a.conflict2 && (threadIdx.x & 1) ? base + 32 * sizeof(uint32_t) : base;
}

__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) smem_chain_kernel(const ArithArgs a) {
  extern __shared__ uint32_t dynamic_smem[];
  uint32_t x = smem_chain_start(a, dynamic_smem);
  const WarpClock start = now();
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int b = 0; b < kArithBody; ++b) x = lds_chase(x);
  }
  a.finals[global_thread()] = x;
  record_warp(a.stamps, start, now());
}

// The +0.0 of the mix's FADDs, read from shared memory into a per-thread register. With the kernel
// parameter itself (a uniform register), ptxas for sm_90 (CUDA 13.0) merged each "FADD x, x, zero"
// whose result is an LDS address into the load, as LDS [x + UR]: the H100 run of 2026-11-23 had 1
// FADD instead of 64 at α = 1 (§5.1: the SASS must hold the intended chain). LDS has no
// register + register address form, so an add of a per-thread register stays an FADD.
__device__ __forceinline__ float smem_mix_zero(const uint32_t* buffer) {
  return __uint_as_float(lds_chase(shared_address(buffer + 1 + (threadIdx.x & 1))));
}

// Shared addresses are small integers, denormal as floats: the FADD (no .ftz) keeps them exact.
template <int ADDS, int OTHERS>
__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) smem_mix_kernel(const ArithArgs a) {
  extern __shared__ uint32_t dynamic_smem[];
  uint32_t x = smem_chain_start(a, dynamic_smem);
  const float zero = smem_mix_zero(dynamic_smem);
  const WarpClock start = now();
  constexpr int kGroups = mix_groups(ADDS, OTHERS);
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int g = 0; g < kGroups; ++g) {
#pragma unroll
      for (int o = 0; o < OTHERS; ++o) x = lds_chase(x);
#pragma unroll
      for (int k = 0; k < ADDS; ++k) x = add_zero(x, zero);
    }
  }
  a.finals[global_thread()] = x;
  record_warp(a.stamps, start, now());
}

__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) empty_timed_kernel(const ArithArgs a) {
  record_warp(a.stamps, now(), now());
}

}  // namespace

const void* empty_kernel() { return reinterpret_cast<const void*>(&empty_timed_kernel); }

const void* add_kernel_for(int ilp) {
  switch (ilp) {
    case 1:
      return reinterpret_cast<const void*>(&add_kernel<1>);
    case 2:
      return reinterpret_cast<const void*>(&add_kernel<2>);
    case 3:
      return reinterpret_cast<const void*>(&add_kernel<3>);
    case 4:
      return reinterpret_cast<const void*>(&add_kernel<4>);
    default:
      return nullptr;
  }
}

const void* smem_kernel() { return reinterpret_cast<const void*>(&smem_chain_kernel); }

const void* smem_mix_kernel_for(int adds, int others) {
#define WARPSIM_SMEM_MIX_CASE(A, O) \
  if (adds == (A) && others == (O)) return reinterpret_cast<const void*>(&smem_mix_kernel<A, O>);
  WARPSIM_FOR_EACH_MIX_SHAPE(WARPSIM_SMEM_MIX_CASE)
#undef WARPSIM_SMEM_MIX_CASE
  return nullptr;
}

}  // namespace warpsim::microbench
