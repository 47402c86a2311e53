// Arguments of the microbenchmark kernels (one struct per kernel family, passed by value), shared
// by the kernel files and the launcher (run.cu). Plain data only.
#pragma once

#include <cstdint>

#include "warp_timestamp.h"

namespace warpsim::microbench {

// Pointer chasing: streaming, ILP, stride-2 and random chains, with or without FADDs (§5.1, §5.10).
struct ChaseArgs {
  const uint32_t* starts = nullptr;  // per thread and chain start words (random chains), or null
  uint32_t hi = 0;                   // high word of every array address
  uint32_t base_lo = 0;              // low word of array entry 0
  uint32_t thread_stride_bytes = 4;  // between neighbouring threads' start entries
  uint32_t chain_stride_bytes = 0;   // between a thread's chains (ILP, §6.3)
  uint64_t block_spacing_bytes = 0;  // between blocks' sections (§5.10)
  uint32_t iterations = 1;
  float zero = 0.0f;           // the FADDs' second operand, +0.0 at run time
  uint32_t* finals = nullptr;  // [thread][chain]: the word each chain ends on
  validation::WarpTimestamp* stamps = nullptr;
  uint32_t* samples = nullptr;       // §6.6: per sampled warp, samples_per_warp latencies
  uint32_t* calibration = nullptr;   // §6.6: per sampled warp, an empty timed region
  uint32_t sample_block_stride = 1;  // warp 0 of every this-many blocks is sampled
  uint32_t samples_per_warp = 0;
  uint32_t step_bytes = 0;         // store stream: bytes between a thread's stores (store_kernels.cu)
  uint32_t store_delta_bytes = 0;  // copy: destination minus source address
};

// Homogeneous arithmetic and shared-memory kernels and their FADD mixes (§4.7, §6.1, §6.2).
struct ArithArgs {
  uint32_t iterations = 1;
  float zero = 0.0f;           // +0.0 at run time: FADDs leave their operand unchanged
  float init = 1.0f;           // starting value of FADD and rsqrt chains (§5.2: rsqrt chains iterate 1)
  int conflict2 = 0;           // shared memory: odd lanes use a second word in the same bank (§6.2)
  uint32_t* finals = nullptr;  // [thread][chain]: final bits of each chain
  validation::WarpTimestamp* stamps = nullptr;
};

}  // namespace warpsim::microbench
