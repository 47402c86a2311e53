// The device: its properties (for the CSV metadata), the pointer-chasing array and its contents,
// and the L2 flush between runs.
#include <cstdio>
#include <stdexcept>
#include <string>

#include "cuda_check.h"
#include "gpu_impl.h"
#include "kernel_shapes.h"
#include "microbench_chains.h"

namespace warpsim::microbench {
namespace {

std::string version_text(int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); }

int attribute(cudaDeviceAttr a, int ordinal) {
  int v = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&v, a, ordinal));
  return v;
}

DeviceInfo query(int ordinal) {
  cudaDeviceProp p{};
  CUDA_CHECK(cudaGetDeviceProperties(&p, ordinal));
  DeviceInfo d;
  d.ordinal = ordinal;
  d.name = p.name;
  d.sms = p.multiProcessorCount;
  d.cc_major = p.major;
  d.cc_minor = p.minor;
  d.core_clock_mhz = attribute(cudaDevAttrClockRate, ordinal) / 1000.0;  // kHz
  d.memory_clock_mhz = attribute(cudaDevAttrMemoryClockRate, ordinal) / 1000.0;
  d.memory_bus_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, ordinal);
  d.l2_bytes = attribute(cudaDevAttrL2CacheSize, ordinal);
  d.global_memory_bytes = static_cast<int64_t>(p.totalGlobalMem);
  d.max_warps_per_sm = attribute(cudaDevAttrMaxThreadsPerMultiProcessor, ordinal) / 32;
  d.max_blocks_per_sm = attribute(cudaDevAttrMaxBlocksPerMultiprocessor, ordinal);
  d.max_threads_per_block = attribute(cudaDevAttrMaxThreadsPerBlock, ordinal);
  d.shared_per_sm = attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor, ordinal);
  d.shared_per_block_optin = attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin, ordinal);
  d.reserved_shared_per_block = attribute(cudaDevAttrReservedSharedMemoryPerBlock, ordinal);
  d.registers_per_sm = attribute(cudaDevAttrMaxRegistersPerMultiprocessor, ordinal);
  d.ecc = attribute(cudaDevAttrEccEnabled, ordinal) != 0;
  int v = 0;
  CUDA_CHECK(cudaDriverGetVersion(&v));
  d.driver_version = version_text(v);
  CUDA_CHECK(cudaRuntimeGetVersion(&v));
  d.runtime_version = version_text(v);
  d.toolkit_version = version_text(CUDART_VERSION);
  return d;
}

__global__ void fill_stream_kernel(uint32_t* a, uint64_t entries, uint32_t base_lo, uint64_t step) {
  for (uint64_t e = blockIdx.x * uint64_t{blockDim.x} + threadIdx.x; e < entries; e += uint64_t{gridDim.x} * blockDim.x)
    a[e] = base_lo + static_cast<uint32_t>(4 * (e + step));
}

// Turns entry indices (copied in place) into the low words of their addresses.
__global__ void index_to_word_kernel(uint32_t* a, uint64_t entries, uint32_t base_lo) {
  for (uint64_t e = blockIdx.x * uint64_t{blockDim.x} + threadIdx.x; e < entries; e += uint64_t{gridDim.x} * blockDim.x)
    a[e] = base_lo + 4 * a[e];
}

// Reads a buffer twice the L2's size: the array's lines are evicted by clean lines, so no write-back
// traffic follows into the next measurement. The sum is stored only if it hits an impossible value.
__global__ void read_flush_kernel(const uint4* buf, uint64_t n, uint32_t* sink) {
  uint32_t acc = 0;
  for (uint64_t i = blockIdx.x * uint64_t{blockDim.x} + threadIdx.x; i < n; i += uint64_t{gridDim.x} * blockDim.x) {
    const uint4 v = buf[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x9e3779b9u && threadIdx.x == 1023) *sink = acc;
}

}  // namespace

Gpu::Gpu(int ordinal, uint64_t array_bytes) : impl_(std::make_unique<Impl>()) {
  // No GPU, or no driver, is the usual reason to fail here: say so before the runtime's own words
  // (without a driver it reports cudaErrorInsufficientDriver, which reads like an old driver).
  int count = 0;
  if (const cudaError_t err = cudaGetDeviceCount(&count); err != cudaSuccess || count == 0)
    throw std::runtime_error(
        std::string("no CUDA GPU is usable on this machine (") +
        (err == cudaSuccess ? "no device found" : std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err)) +
        "); the suite measures a real GPU: run it where one is, or use warpsim_microbench_dryrun to test the plumbing");
  if (ordinal < 0 || ordinal >= count)
    throw std::runtime_error("no CUDA device " + std::to_string(ordinal) + " (this machine has " + std::to_string(count) + ")");
  CUDA_CHECK(cudaSetDevice(ordinal));
  impl_->info = query(ordinal);
  // Chains end up to one step past the array, and their final word is FADDed too: the float-safe
  // window extends a margin beyond the array.
  const uint64_t window = array_bytes + kChainOverrunBytes;
  const uint64_t alloc = validation::float_safe_allocation(window);
  CUDA_CHECK(cudaMalloc(&impl_->allocation, alloc));
  const uint64_t base = reinterpret_cast<uint64_t>(impl_->allocation);
  const auto offset = validation::float_safe_window(base, alloc, window, 4096);
  if (!offset) throw std::runtime_error("no window of the array allocation has float-safe addresses");
  impl_->array = reinterpret_cast<uint32_t*>(base + *offset);
  impl_->entries = array_bytes / 4;
  // Evicting L2 takes writing more than it holds.
  impl_->flush_bytes = 2 * static_cast<uint64_t>(impl_->info.l2_bytes > 0 ? impl_->info.l2_bytes : 64 << 20);
  CUDA_CHECK(cudaMalloc(&impl_->flush, impl_->flush_bytes + 64));
  CUDA_CHECK(cudaMemset(impl_->flush, 0, impl_->flush_bytes + 64));
}

Gpu::~Gpu() {
  // Destructors must not throw: report and carry on.
  for (void* p : {impl_->allocation, impl_->flush}) {
    if (p && cudaFree(p) != cudaSuccess) std::fprintf(stderr, "warning: cudaFree failed at exit\n");
  }
}

const DeviceInfo& Gpu::info() const { return impl_->info; }
uint64_t Gpu::array_entries() const { return impl_->entries; }

uint32_t Gpu::word_of_entry(uint64_t entry) const { return static_cast<uint32_t>(reinterpret_cast<uint64_t>(impl_->array) + 4 * entry); }

void Gpu::fill_stream(uint64_t step) {
  fill_stream_kernel<<<4 * impl_->info.sms, 256>>>(impl_->array, impl_->entries, word_of_entry(0), step);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

void Gpu::fill_random(const std::vector<uint32_t>& next) {
  if (next.size() > impl_->entries) throw std::invalid_argument("random chain longer than the array");
  CUDA_CHECK(cudaMemcpy(impl_->array, next.data(), next.size() * 4, cudaMemcpyHostToDevice));
  index_to_word_kernel<<<4 * impl_->info.sms, 256>>>(impl_->array, next.size(), word_of_entry(0));
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

void Gpu::flush_l2() {
  const auto* buf = static_cast<const uint4*>(impl_->flush);
  auto* sink = reinterpret_cast<uint32_t*>(static_cast<char*>(impl_->flush) + impl_->flush_bytes);
  read_flush_kernel<<<4 * impl_->info.sms, 256>>>(buf, impl_->flush_bytes / sizeof(uint4), sink);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace warpsim::microbench
