// Device-side building blocks shared by every microbenchmark kernel: timestamps (Volkov 2016
// §5.5), the pointer-chasing load and the FADD of zero (§5.1, §4.1), shared-memory loads (§5.2).
// Each is one inline-PTX instruction marked volatile, so the compiler neither removes, merges nor
// reorders the dependent chains whose latency and throughput we measure.
#pragma once

#include <cstdint>

#include "warp_timestamp.h"

namespace warpsim::microbench {

using validation::WarpTimestamp;

__device__ __forceinline__ uint32_t sm_id() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

// The SM's cycle counter. "memory" keeps it ordered with the loads and stores around it.
__device__ __forceinline__ uint64_t cycle_clock() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
  return t;
}

// Device-wide nanosecond timer: converts cycles to seconds with the clock actually run (§5.4).
__device__ __forceinline__ uint64_t global_ns() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)::"memory");
  return t;
}

// One link of a pointer chain (§5.10). Addresses are 64-bit on sm_80+, but every array address
// shares one high word (the array never crosses a 4 GiB boundary), so the array stores only low
// words: the loaded word becomes the low half of the next address and the load stays the single
// dependent instruction of Volkov's "LD R1, [R1]".
__device__ __forceinline__ uint32_t chase(uint32_t lo, uint32_t hi) {
  uint32_t next;
  asm volatile(
      "{\n\t.reg .b64 addr;\n\tmov.b64 addr, {%1, %2};\n\tld.global.u32 %0, [addr];\n\t}"
      : "=r"(next)
      : "r"(lo), "r"(hi)
      : "memory");
  return next;
}

// "FADD R1, R1, R2" with R2 = +0.0 passed at run time (§4.1, §5.1): the result bits equal the input
// bits for every normal float, which the array placement guarantees for addresses. Round-to-nearest
// is explicit so the add is never contracted; no .ftz, so denormal shared addresses survive too.
__device__ __forceinline__ uint32_t add_zero(uint32_t bits, float zero) {
  float f = __uint_as_float(bits);
  asm volatile("add.rn.f32 %0, %0, %1;" : "+f"(f) : "f"(zero));
  return __float_as_uint(f);
}

// "LDS R1, [R1]": a shared-memory load whose address is the previous load's value (§4.7, §5.2).
__device__ __forceinline__ uint32_t lds_chase(uint32_t shared_addr) {
  uint32_t v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(shared_addr) : "memory");
  return v;
}

__device__ __forceinline__ void sts(uint32_t shared_addr, uint32_t value) {
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(shared_addr), "r"(value) : "memory");
}

__device__ __forceinline__ uint32_t shared_address(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

struct WarpClock {
  uint64_t cycles;
  uint64_t ns;
};

__device__ __forceinline__ WarpClock now() { return WarpClock{cycle_clock(), global_ns()}; }

// Written by lane 0 after the warp's timed work, so the write does not count in its time (§5.5).
__device__ __forceinline__ void record_warp(WarpTimestamp* stamps, WarpClock start, WarpClock end) {
  if (threadIdx.x % 32 != 0) return;
  WarpTimestamp w;
  w.start = start.cycles;
  w.end = end.cycles;
  w.start_ns = start.ns;
  w.end_ns = end.ns;
  w.sm = sm_id();
  w.block = blockIdx.x;
  stamps[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = w;
}

// Global index of the calling thread.
__device__ __forceinline__ uint32_t global_thread() { return blockIdx.x * blockDim.x + threadIdx.x; }

}  // namespace warpsim::microbench
