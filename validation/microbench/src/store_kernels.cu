// Global-memory kernels beyond Volkov's 4-byte chase (issue 59 item 2e), on the same streaming layout
// (§5.10: thread i of block j starts at i + j·spacing, each step advances a whole block's span):
//  - wide links: one ld.global.v2/v4.u32 per step, of which the first word is the next address, so
//    a warp moves 256 or 512 bytes per dependent load (the 8- and 16-byte loads of float2/float4
//    code; NVIDIA CUDA C++ Best Practices Guide, "Coalesced Access to Global Memory");
//  - a store stream: the address steps arithmetically and each store writes the link the chase
//    layout holds there anyway, so the array stays a valid chase layout;
//  - a copy: each loaded link is also stored store_delta_bytes further (a read and a write stream).
// Stores retire without a register to wait for, so the warp's end time is taken after a
// __threadfence(), which waits until its stores are performed (PTX ISA, membar/fence): the run time
// then holds the write traffic, not only its issue.
#include "device_common.cuh"
#include "kernel_shapes.h"
#include "store_kernels.h"

namespace warpsim::microbench {
namespace {

// One link of W bytes; the first word is the next address (the rest is loaded and discarded).
template <int W>
__device__ __forceinline__ uint32_t chase_wide(uint32_t lo, uint32_t hi) {
  uint32_t next, b, c, d;
  if constexpr (W == 8) {
    asm volatile("{\n\t.reg .b64 addr;\n\tmov.b64 addr, {%2, %3};\n\tld.global.v2.u32 {%0, %1}, [addr];\n\t}"
                 : "=r"(next), "=r"(b)
                 : "r"(lo), "r"(hi)
                 : "memory");
  } else {
    static_assert(W == 16, "links are 8 or 16 bytes");
    asm volatile("{\n\t.reg .b64 addr;\n\tmov.b64 addr, {%4, %5};\n\tld.global.v4.u32 {%0, %1, %2, %3}, [addr];\n\t}"
                 : "=r"(next), "=r"(b), "=r"(c), "=r"(d)
                 : "r"(lo), "r"(hi)
                 : "memory");
  }
  return next;
}

__device__ __forceinline__ void store_word(uint32_t lo, uint32_t hi, uint32_t value) {
  asm volatile("{\n\t.reg .b64 addr;\n\tmov.b64 addr, {%0, %1};\n\tst.global.u32 [addr], %2;\n\t}" ::"r"(lo), "r"(hi), "r"(value)
               : "memory");
}

__device__ __forceinline__ uint32_t first_word(const ChaseArgs& a) {
  // Random nodes give every thread its start word (experiments_nodes.cpp); a stream computes it.
  if (a.starts) return a.starts[global_thread()];
  // 32-bit arithmetic is exact: the array never crosses a 4 GiB boundary (device_common.cuh).
  return a.base_lo + static_cast<uint32_t>(blockIdx.x * a.block_spacing_bytes) + threadIdx.x * a.thread_stride_bytes;
}

// MODE 0: wide links of W bytes; 1: stores only; 2: copy (4-byte links stored again).
template <int W, int MODE>
__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) store_kernel(const ChaseArgs a) {
  constexpr int kGroups = chase_groups(0);  // the chase kernels' unrolling: the host counts the same
  const WarpClock start = now();
  uint32_t x = first_word(a);
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int g = 0; g < kGroups; ++g) {
      if constexpr (MODE == 0) {
        x = chase_wide<W>(x, a.hi);
      } else if constexpr (MODE == 1) {
        const uint32_t next = x + a.step_bytes;
        store_word(x, a.hi, next);
        x = next;
      } else {
        const uint32_t next = chase(x, a.hi);
        store_word(x + a.store_delta_bytes, a.hi, next);
        x = next;
      }
    }
  }
  if constexpr (MODE != 0) __threadfence();
  a.finals[global_thread()] = x;  // the word the chain ended on, checked by the host
  const WarpClock end = now();
  record_warp(a.stamps, start, end);
}

}  // namespace

const void* store_kernel_for(int width_bytes, int store_mode, int ilp) {
  if (ilp != 1) return nullptr;
  if (store_mode == 0 && width_bytes == 8) return reinterpret_cast<const void*>(&store_kernel<8, 0>);
  if (store_mode == 0 && width_bytes == 16) return reinterpret_cast<const void*>(&store_kernel<16, 0>);
  if (width_bytes != 4) return nullptr;
  if (store_mode == 1) return reinterpret_cast<const void*>(&store_kernel<4, 1>);
  if (store_mode == 2) return reinterpret_cast<const void*>(&store_kernel<4, 2>);
  return nullptr;
}

}  // namespace warpsim::microbench
