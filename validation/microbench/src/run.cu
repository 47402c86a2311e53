// One launch of one microbenchmark kernel: occupancy set-up and check (Volkov 2016 §5.7), the
// launch, and the copy back of timestamps, final chain words and latency samples.
#include <stdexcept>
#include <string>

#include "arith_kernels.h"
#include "chase_kernels.h"
#include "cuda_check.h"
#include "gpu_impl.h"
#include "kernel_shapes.h"
#include "store_kernels.h"

namespace warpsim::microbench {
namespace {

// A device allocation freed on scope exit.
template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t count) : count_(count) {
    if (count_ > 0) CUDA_CHECK(cudaMalloc(&ptr_, count_ * sizeof(T)));
    if (count_ > 0) CUDA_CHECK(cudaMemset(ptr_, 0, count_ * sizeof(T)));
  }
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);  // no throw from a destructor; errors surface at the next call
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  T* get() const { return ptr_; }
  std::vector<T> copy_out() const {
    std::vector<T> host(count_);
    if (count_ > 0) CUDA_CHECK(cudaMemcpy(host.data(), ptr_, count_ * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }

 private:
  T* ptr_ = nullptr;
  size_t count_ = 0;
};

const void* kernel_of(const Job& j) {
  switch (j.family) {
    case Family::Chase:
      if (j.width_bytes != 4 || j.store_mode != 0) return store_kernel_for(j.width_bytes, j.store_mode, j.ilp);
      return chase_kernel_for(j.adds, j.ilp, j.sample_latency);
    case Family::Add:
      return add_kernel_for(j.ilp);
    case Family::Sfu:
      return sfu_kernel();
    case Family::SfuMix:
      return sfu_mix_kernel_for(j.adds, j.others);
    case Family::Smem:
      return smem_kernel();
    case Family::SmemMix:
      return smem_mix_kernel_for(j.adds, j.others);
    case Family::Empty:
      return empty_kernel();
  }
  return nullptr;
}

int blocks_per_sm(const void* fn, int threads, int64_t shared) {
  int n = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, fn, threads, static_cast<size_t>(shared)));
  return n;
}

// The allocation the plan chose, or if the driver disagrees with the plan (an allocation
// granularity we did not model), the largest allocation with which the wanted blocks still fit:
// resident blocks never increase with the allocation, so a binary search finds it (§5.7).
int64_t shared_for_target(const void* fn, const Job& j, int64_t optin) {
  if (blocks_per_sm(fn, j.block_threads, j.dynamic_shared) == j.blocks_per_sm) return j.dynamic_shared;
  int64_t lo = j.min_dynamic_shared, hi = optin;
  if (blocks_per_sm(fn, j.block_threads, lo) < j.blocks_per_sm) return j.dynamic_shared;  // unreachable target
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo + 1) / 2;
    if (blocks_per_sm(fn, j.block_threads, mid) >= j.blocks_per_sm)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

uint32_t samples_per_warp(const Job& j) { return j.iterations * samples_per_iteration(); }

}  // namespace

RunOutput Gpu::run(const Job& j) {
  const void* fn = kernel_of(j);
  if (!fn)
    throw std::invalid_argument("no kernel compiled for this shape (adds " + std::to_string(j.adds) + ", others " +
                                std::to_string(j.others) + ", ilp " + std::to_string(j.ilp) + ")");
  const DeviceInfo& d = impl_->info;
  CUDA_CHECK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(d.shared_per_block_optin)));
  CUDA_CHECK(cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout,
                                  j.prefer_l1 ? cudaSharedmemCarveoutMaxL1 : cudaSharedmemCarveoutMaxShared));
  RunOutput out;
  out.dynamic_shared = j.prefer_l1 ? j.dynamic_shared : shared_for_target(fn, j, d.shared_per_block_optin);
  out.api_blocks_per_sm = blocks_per_sm(fn, j.block_threads, out.dynamic_shared);

  const size_t threads = static_cast<size_t>(j.blocks) * j.block_threads;
  const size_t sampled_warps = j.sample_latency ? static_cast<size_t>((j.blocks + j.sample_block_stride - 1) / j.sample_block_stride) : 0;
  DeviceBuffer<validation::WarpTimestamp> stamps(threads / 32);
  DeviceBuffer<uint32_t> finals(threads * j.ilp);
  DeviceBuffer<uint32_t> samples(sampled_warps * samples_per_warp(j));
  DeviceBuffer<uint32_t> calibration(sampled_warps);
  DeviceBuffer<uint32_t> starts(j.start_words.size());
  if (!j.start_words.empty()) CUDA_CHECK(cudaMemcpy(starts.get(), j.start_words.data(), j.start_words.size() * 4, cudaMemcpyHostToDevice));

  ChaseArgs chase;
  ArithArgs arith;
  void* args[] = {nullptr};
  if (j.family == Family::Chase) {
    chase.starts = j.start_words.empty() ? nullptr : starts.get();
    const uint64_t base = reinterpret_cast<uint64_t>(impl_->array);
    chase.hi = static_cast<uint32_t>(base >> 32);
    chase.base_lo = static_cast<uint32_t>(base);
    chase.thread_stride_bytes = j.thread_stride_bytes;
    chase.chain_stride_bytes = j.chain_stride_bytes;
    chase.block_spacing_bytes = j.block_spacing_bytes;
    chase.iterations = j.iterations;
    chase.finals = finals.get();
    chase.stamps = stamps.get();
    chase.samples = samples.get();
    chase.calibration = calibration.get();
    chase.sample_block_stride = j.sample_block_stride;
    chase.samples_per_warp = samples_per_warp(j);
    chase.step_bytes = j.step_bytes;
    chase.store_delta_bytes = j.store_delta_bytes;
    args[0] = &chase;
  } else {
    arith.iterations = j.iterations;
    arith.conflict2 = j.conflict2 ? 1 : 0;
    arith.finals = finals.get();
    arith.stamps = stamps.get();
    args[0] = &arith;
  }
  CUDA_CHECK(cudaLaunchKernel(fn, dim3(static_cast<unsigned>(j.blocks)), dim3(static_cast<unsigned>(j.block_threads)), args,
                              static_cast<size_t>(out.dynamic_shared), nullptr));
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  out.stamps = stamps.copy_out();
  out.finals = finals.copy_out();
  out.samples = samples.copy_out();
  out.calibration = calibration.copy_out();
  return out;
}

}  // namespace warpsim::microbench
