// Compile-time shapes of the kernels' loop bodies, shared by the kernels and the host driver that
// counts the instructions each warp executes. Loop bodies are unrolled to a few hundred
// instructions so loop overhead is negligible without thrashing the instruction cache (§5.1).
#pragma once

// The shape functions run on the host (counting) and in device code (constant expressions).
#ifdef __CUDACC__
#define WARPSIM_HOST_DEVICE __host__ __device__
#else
#define WARPSIM_HOST_DEVICE
#endif

namespace warpsim::microbench {

inline constexpr int kMaxBlockThreads = 256;  // __launch_bounds__: 8 blocks of 256 -> <= 32 registers,
inline constexpr int kMinBlocksPerSm = 8;     // so even 64 warps/SM are never register-limited
inline constexpr int kArithBody = 256;        // dependent instructions per iteration, homogeneous kernels
inline constexpr int kSampleEvery = 8;        // §6.6: time 1 memory access in 8
inline constexpr int kMinSmemBytes = 256;     // the LDS kernels use words 0-2 and 32
// A chain's last pointer lies at most one step (ILP x stride x block size <= 4 x 2 x 1024 entries)
// past the array; 1 MiB of address space past it is kept float-safe as well.
inline constexpr unsigned long long kChainOverrunBytes = 1ull << 20;

// Dependent FADDs per iteration of the homogeneous add kernel with `ilp` chains (§6.3).
WARPSIM_HOST_DEVICE constexpr int arith_body(int ilp) { return kArithBody / ilp * ilp; }

WARPSIM_HOST_DEVICE constexpr int clamp_groups(int g, int hi) { return g < 1 ? 1 : (g > hi ? hi : g); }

// Groups of 1 load + `adds` FADDs per loop iteration of the pointer-chasing kernels: ~256
// instructions per iteration, at most 32 loads so short chains stay possible (§5.10).
WARPSIM_HOST_DEVICE constexpr int chase_groups(int adds) { return clamp_groups(256 / (adds + 1), 32); }

// Groups of `others` SFU/LDS instructions + `adds` FADDs per iteration of the mix kernels (§4.7).
WARPSIM_HOST_DEVICE constexpr int mix_groups(int adds, int others) { return clamp_groups(256 / (adds + others), 64); }

// Per-access latency samples one sampled warp takes per loop iteration of the chase kernel.
WARPSIM_HOST_DEVICE constexpr int samples_per_iteration() { return (chase_groups(0) + kSampleEvery - 1) / kSampleEvery; }

}  // namespace warpsim::microbench
