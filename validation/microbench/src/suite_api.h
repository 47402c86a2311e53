// The boundary between the host driver (plain C++, no CUDA headers) and the CUDA side of the suite:
// what the device is, how to set up its pointer-chasing array, and running one kernel launch.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "warp_timestamp.h"

namespace warpsim::microbench {

// DeviceInfo::driver_version (and runtime, toolkit) of the dry run's CPU stand-in for a GPU.
inline constexpr const char* kStandInDriver = "dry-run";

struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int sms = 0;
  int cc_major = 0, cc_minor = 0;
  double core_clock_mhz = 0;    // peak SM clock the driver reports
  double memory_clock_mhz = 0;  // peak memory clock the driver reports
  int memory_bus_bits = 0;
  int64_t l2_bytes = 0;
  int64_t global_memory_bytes = 0;
  int max_warps_per_sm = 0, max_blocks_per_sm = 0, max_threads_per_block = 0;
  int64_t shared_per_sm = 0, shared_per_block_optin = 0, reserved_shared_per_block = 0;
  int registers_per_sm = 0;
  bool ecc = false;
  std::string driver_version;   // CUDA driver API version, e.g. "12.4"
  std::string runtime_version;  // CUDA runtime the suite runs with
  std::string toolkit_version;  // CUDA toolkit the suite was compiled with
};

enum class Family { Chase, Add, Sfu, SfuMix, Smem, SmemMix, Empty };

// One kernel launch. Shapes (adds, others, ilp) must be ones the kernels are compiled for.
struct Job {
  Family family = Family::Add;
  int adds = 0;                 // FADDs per group (α = adds / others)
  int others = 1;               // loads / rsqrts / LDS per group
  int ilp = 1;                  // independent chains per thread (§6.3)
  bool conflict2 = false;       // shared memory: 2-way bank conflict (§6.2)
  bool sample_latency = false;  // §6.6: time 1 load in 8 in sampled warps
  uint32_t sample_block_stride = 1;
  int block_threads = 32;
  int64_t blocks = 1;
  int blocks_per_sm = 1;           // what the occupancy plan expects (§5.7)
  int64_t dynamic_shared = 0;      // per block, from the plan
  int64_t min_dynamic_shared = 0;  // what the kernel itself needs
  uint32_t iterations = 1;
  // Chase start words: from a stream layout (§5.10) unless start_words is given (random, §6.7).
  uint32_t thread_stride_bytes = 4;
  uint32_t chain_stride_bytes = 0;
  uint64_t block_spacing_bytes = 0;
  std::vector<uint32_t> start_words;  // [thread][chain]
  // Chase variants of store_kernels.cu (experiments_store.cpp): loads of 8 or 16 bytes whose first
  // word is the link; or stores (store_mode 1: a stream of stores, the address stepping by
  // step_bytes; 2: each loaded link also stored store_delta_bytes further, a copy).
  int width_bytes = 4;
  int store_mode = 0;
  uint32_t step_bytes = 0;
  uint32_t store_delta_bytes = 0;
  // The cache experiments (experiments_cache.cpp) want the whole unified L1/shared array as L1:
  // carveout preference MaxL1 and dynamic_shared as given (no occupancy control by shared memory).
  bool prefer_l1 = false;
};

struct RunOutput {
  std::vector<validation::WarpTimestamp> stamps;
  std::vector<uint32_t> finals;       // [thread][chain]: the word each chain ended on
  std::vector<uint32_t> samples;      // §6.6 per-access latencies, raw cycles
  std::vector<uint32_t> calibration;  // §6.6 per sampled warp: the timed region with no load
  int api_blocks_per_sm = 0;          // the CUDA occupancy API's prediction for the launch
  int64_t dynamic_shared = 0;         // the allocation actually requested
};

class Gpu {
 public:
  // Opens the device and allocates a pointer-chasing array of `array_bytes` placed where adding
  // +0.0 to an address's low word is exact (§5.1).
  Gpu(int ordinal, uint64_t array_bytes);
  ~Gpu();
  Gpu(const Gpu&) = delete;
  Gpu& operator=(const Gpu&) = delete;

  const DeviceInfo& info() const;
  uint64_t array_entries() const;
  uint32_t word_of_entry(uint64_t entry) const;         // low word of the address of an array entry
  void fill_stream(uint64_t step);                      // entry e points to entry e + step (§5.10)
  void fill_random(const std::vector<uint32_t>& next);  // entry e points to entry next[e] (§6.7)
  void flush_l2();                                      // evict the array from L2 between runs
  RunOutput run(const Job& job);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace warpsim::microbench
