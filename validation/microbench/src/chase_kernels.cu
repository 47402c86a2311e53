// Pointer-chasing kernels: 1 global load + ADDS dependent FADDs per group (Volkov 2016 §4.1, §5.1),
// ILP independent chains (§6.3), and the per-access latency sampling variant (§6.6). The chains'
// layout (streaming, stride 2, random) is set by the array contents and start words (§5.10, §6.7).
#include "chase_kernels.h"
#include "device_common.cuh"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

template <int ILP>
__device__ __forceinline__ void start_words(const ChaseArgs& a, uint32_t (&x)[ILP]) {
#pragma unroll
  for (int c = 0; c < ILP; ++c) {
    // 32-bit arithmetic is exact: the array never crosses a 4 GiB boundary.
    x[c] = a.starts ? a.starts[global_thread() * ILP + c]
                    : a.base_lo + static_cast<uint32_t>(blockIdx.x * a.block_spacing_bytes) + threadIdx.x * a.thread_stride_bytes +
                          c * a.chain_stride_bytes;
  }
}

template <int ADDS, int ILP>
__device__ __forceinline__ void chase_loop(const ChaseArgs& a, uint32_t (&x)[ILP]) {
  static_assert(ADDS == 0 || ILP == 1, "FADD mixes use one chain");
  constexpr int kGroups = chase_groups(ADDS);
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int g = 0; g < kGroups; ++g) {
#pragma unroll
      for (int c = 0; c < ILP; ++c) x[c] = chase(x[c], a.hi);
#pragma unroll
      for (int k = 0; k < ADDS; ++k) x[0] = add_zero(x[0], a.zero);
    }
  }
}

// §6.6: the same chain, with 1 load in 8 timed from issue to the data being stored. Latencies go to
// shared memory and are flushed after the warp's end time is taken.
__device__ __forceinline__ uint32_t sampled_chase_loop(const ChaseArgs& a, uint32_t x, uint32_t* slots, uint32_t& n) {
  constexpr int kGroups = chase_groups(0);
  const uint32_t sink = shared_address(slots);  // slot 0: the stored value that forces the wait
#pragma unroll 1
  for (uint32_t it = 0; it < a.iterations; ++it) {
#pragma unroll
    for (int g = 0; g < kGroups; ++g) {
      if (g % kSampleEvery == 0) {
        // The store waits for the previous (untimed) load: without it the timed region would hold
        // that load's remaining latency too (an H100 run read ~2x the mean latency, 2026-11-23).
        sts(sink, x);
        const uint64_t t0 = cycle_clock();
        x = chase(x, a.hi);
        sts(sink, x);
        const uint64_t t1 = cycle_clock();
        slots[1 + n++] = static_cast<uint32_t>(t1 - t0);
      } else {
        x = chase(x, a.hi);
      }
    }
  }
  return x;
}

__device__ __forceinline__ uint32_t timing_overhead(uint32_t x, uint32_t* slots) {
  const uint64_t t0 = cycle_clock();
  sts(shared_address(slots), x);  // the same timed region with data already in a register
  const uint64_t t1 = cycle_clock();
  return static_cast<uint32_t>(t1 - t0);
}

__device__ __forceinline__ void flush_samples(const ChaseArgs& a, const uint32_t* slots, uint32_t n, uint32_t overhead) {
  const uint32_t warp_slot = blockIdx.x / a.sample_block_stride;
  for (uint32_t k = threadIdx.x % 32; k < n && k < a.samples_per_warp; k += 32)
    a.samples[warp_slot * a.samples_per_warp + k] = slots[1 + k];
  if (threadIdx.x % 32 == 0) a.calibration[warp_slot] = overhead;
}

template <int ADDS, int ILP, bool SAMPLE>
__global__ void __launch_bounds__(kMaxBlockThreads, kMinBlocksPerSm) chase_kernel(const ChaseArgs a) {
  extern __shared__ uint32_t dynamic_smem[];  // sized for occupancy control (§5.7)
  const WarpClock start = now();
  uint32_t x[ILP];
  start_words(a, x);
  const bool sampled = SAMPLE && threadIdx.x < 32 && blockIdx.x % a.sample_block_stride == 0;
  uint32_t n = 0, overhead = 0;
  if constexpr (SAMPLE) {
    if (sampled) {
      overhead = timing_overhead(x[0], dynamic_smem);
      x[0] = sampled_chase_loop(a, x[0], dynamic_smem, n);
    } else {
      chase_loop<ADDS, ILP>(a, x);
    }
  } else {
    chase_loop<ADDS, ILP>(a, x);
  }
#pragma unroll
  for (int c = 0; c < ILP; ++c) a.finals[global_thread() * ILP + c] = x[c];  // waits for the last load
  const WarpClock end = now();
  if (sampled) flush_samples(a, dynamic_smem, n, overhead);
  record_warp(a.stamps, start, end);
}

template <int ADDS>
const void* alpha_kernel(bool sample) {
  if constexpr (ADDS == 0)
    return sample ? reinterpret_cast<const void*>(&chase_kernel<0, 1, true>) : reinterpret_cast<const void*>(&chase_kernel<0, 1, false>);
  else
    return sample ? nullptr : reinterpret_cast<const void*>(&chase_kernel<ADDS, 1, false>);
}

}  // namespace

const void* chase_kernel_for(int adds, int ilp, bool sample) {
  if (ilp != 1) {
    if (adds != 0 || sample) return nullptr;
    if (ilp == 2) return reinterpret_cast<const void*>(&chase_kernel<0, 2, false>);
    if (ilp == 4) return reinterpret_cast<const void*>(&chase_kernel<0, 4, false>);
    return nullptr;
  }
  switch (adds) {  // the α values of Volkov's sweeps (§4.5): 0 and powers of two up to 256
    case 0:
      return alpha_kernel<0>(sample);
    case 1:
      return alpha_kernel<1>(sample);
    case 2:
      return alpha_kernel<2>(sample);
    case 4:
      return alpha_kernel<4>(sample);
    case 8:
      return alpha_kernel<8>(sample);
    case 16:
      return alpha_kernel<16>(sample);
    case 32:
      return alpha_kernel<32>(sample);
    case 64:
      return alpha_kernel<64>(sample);
    case 128:
      return alpha_kernel<128>(sample);
    case 256:
      return alpha_kernel<256>(sample);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::microbench
