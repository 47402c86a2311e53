#include "fake_gpu.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "kernel_shapes.h"
#include "microbench_chains.h"
#include "microbench_occupancy.h"
#include "suite_api.h"

namespace warpsim::microbench {
namespace {

bool g_corrupt = false;
constexpr uint64_t kFakeAllocation = 0x7f7f7f000000ull;  // low word next to an unsafe stretch (§5.1)
constexpr double kFakeClockGhz = 1.98;

DeviceInfo fake_h100() {
  DeviceInfo d;
  d.name = "NVIDIA H100 80GB HBM3";
  d.sms = 132;
  d.cc_major = 9;
  d.core_clock_mhz = 1980;
  d.memory_clock_mhz = 2619;
  d.memory_bus_bits = 5120;
  d.l2_bytes = 50 << 20;
  d.global_memory_bytes = 80ll << 30;
  d.max_warps_per_sm = 64;
  d.max_blocks_per_sm = 32;
  d.max_threads_per_block = 1024;
  d.shared_per_sm = 233472;
  d.shared_per_block_optin = 232448;
  d.reserved_shared_per_block = 1024;
  d.registers_per_sm = 65536;
  d.driver_version = d.runtime_version = d.toolkit_version = kStandInDriver;
  return d;
}

uint32_t float_add_zero(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  f = f + 0.0f;
  std::memcpy(&bits, &f, 4);
  return bits;
}

}  // namespace

void dryrun::corrupt_chains(bool on) { g_corrupt = on; }

struct Gpu::Impl {
  DeviceInfo info = fake_h100();
  std::vector<uint32_t> array;
  uint64_t base = 0;  // fake device address of entry 0
};

Gpu::Gpu(int, uint64_t array_bytes) : impl_(std::make_unique<Impl>()) {
  const uint64_t window = array_bytes + kChainOverrunBytes;
  const uint64_t alloc = validation::float_safe_allocation(window);
  const auto offset = validation::float_safe_window(kFakeAllocation, alloc, window, 4096);
  if (!offset) throw std::runtime_error("no float-safe window");
  impl_->base = kFakeAllocation + *offset;
  impl_->array.assign(array_bytes / 4, 0);
}

Gpu::~Gpu() = default;
const DeviceInfo& Gpu::info() const { return impl_->info; }
uint64_t Gpu::array_entries() const { return impl_->array.size(); }
uint32_t Gpu::word_of_entry(uint64_t e) const { return static_cast<uint32_t>(impl_->base + 4 * e); }

void Gpu::fill_stream(uint64_t step) {
  for (uint64_t e = 0; e < impl_->array.size(); ++e) impl_->array[e] = word_of_entry(e + step);
}

void Gpu::fill_random(const std::vector<uint32_t>& next) {
  for (uint64_t e = 0; e < next.size(); ++e) impl_->array[e] = word_of_entry(next[e]);
}

void Gpu::flush_l2() {}

namespace {

// Follows one chain as the chase kernel does: load, then `adds` FADDs of zero, `loads` times.
struct FakeArray {
  const std::vector<uint32_t>& words;
  uint64_t base;  // fake device address of entry 0
};

uint32_t follow(const FakeArray& g, uint32_t x, uint64_t loads, int adds) {
  const uint32_t base_lo = static_cast<uint32_t>(g.base);
  for (uint64_t i = 0; i < loads; ++i) {
    const uint64_t e = static_cast<uint32_t>(x - base_lo) / 4;
    if (e >= g.words.size()) return 0xdeadbeefu;
    x = g.words[e];
    if (adds > 0) x = float_add_zero(x);  // (x + 0) + 0 = x + 0: once stands for every FADD
  }
  return x;
}

void fake_chase(const FakeArray& g, const Job& j, RunOutput& out) {
  const uint64_t per_chain = j.iterations * static_cast<uint64_t>(chase_groups(j.adds)) - (g_corrupt ? 1 : 0);
  const uint32_t base_lo = static_cast<uint32_t>(g.base);
  for (int64_t b = 0; b < j.blocks; ++b)
    for (int t = 0; t < j.block_threads; ++t)
      for (int c = 0; c < j.ilp; ++c) {
        const uint64_t thread = static_cast<uint64_t>(b) * j.block_threads + t;
        const uint32_t start = j.start_words.empty() ? base_lo + static_cast<uint32_t>(b * j.block_spacing_bytes) +
                                                           t * j.thread_stride_bytes + c * j.chain_stride_bytes
                                                     : j.start_words[thread * j.ilp + c];
        out.finals[thread * j.ilp + c] = follow(g, start, per_chain, j.adds);
      }
  if (j.sample_latency) {
    const uint64_t warps = (j.blocks + j.sample_block_stride - 1) / j.sample_block_stride;
    for (uint64_t k = 0; k < warps * j.iterations * samples_per_iteration(); ++k) out.samples.push_back(600 + k % 97);
    out.calibration.assign(warps, 6);
  }
}

void fake_finals(const Job& j, RunOutput& out) {
  const float one = 1.0f;
  uint32_t bits = 0;
  std::memcpy(&bits, &one, 4);
  for (size_t k = 0; k < out.finals.size(); ++k) {
    const bool odd = (k % j.block_threads) & 1;
    const bool lds = j.family == Family::Smem || j.family == Family::SmemMix;
    out.finals[k] = lds ? 0x400u + (j.conflict2 && odd ? 128u : 0u) : bits;
  }
}

// Instructions per warp, for an invented duration of each warp.
double warp_cycles(const Job& j) {
  switch (j.family) {
    case Family::Chase:
      return j.iterations * chase_groups(j.adds) * (600.0 / j.ilp + 4.0 * j.adds);
    case Family::Add:
      return j.iterations * arith_body(j.ilp) * 4.0 / j.ilp;
    case Family::Sfu:
      return j.iterations * kArithBody * 18.0;
    case Family::Smem:
      return j.iterations * kArithBody * (j.conflict2 ? 33.0 : 29.0);
    case Family::Empty:
      return 0;
    default:
      return j.iterations * mix_groups(j.adds, j.others) * (4.0 * j.adds + 20.0 * j.others);
  }
}

// Blocks start in waves of the resident blocks per SM; each SM's clock has its own offset (§5.5).
void fake_stamps(const DeviceInfo& d, const Job& j, int resident, RunOutput& out) {
  const int warps_per_block = j.block_threads / 32;
  const uint64_t duration = static_cast<uint64_t>(warp_cycles(j)) + 100;
  for (int64_t b = 0; b < j.blocks; ++b) {
    const uint32_t sm = static_cast<uint32_t>(b % d.sms);
    const uint64_t on_sm = static_cast<uint64_t>(b / d.sms);
    const uint64_t start = (on_sm / resident) * (duration + 20) + on_sm % resident;
    for (int w = 0; w < warps_per_block; ++w) {
      validation::WarpTimestamp& s = out.stamps[b * warps_per_block + w];
      s.sm = sm;
      s.block = static_cast<uint32_t>(b);
      s.start = start + 1'000'000ull * sm;
      s.end = s.start + duration;
      s.start_ns = static_cast<uint64_t>(start / kFakeClockGhz);
      s.end_ns = static_cast<uint64_t>((start + duration) / kFakeClockGhz);
    }
  }
}

}  // namespace

RunOutput Gpu::run(const Job& j) {
  const DeviceInfo& d = impl_->info;
  validation::SmLimits limits;
  RunOutput out;
  out.dynamic_shared = std::max(j.dynamic_shared, j.min_dynamic_shared);
  const int warps_per_block = j.block_threads / 32;
  out.api_blocks_per_sm =
      std::min({validation::blocks_fitting(limits, out.dynamic_shared), d.max_warps_per_sm / warps_per_block, d.max_blocks_per_sm});
  const uint64_t threads = static_cast<uint64_t>(j.blocks) * j.block_threads;
  out.stamps.resize(threads / 32);
  out.finals.resize(threads * j.ilp);
  if (j.family == Family::Chase)
    fake_chase(FakeArray{impl_->array, impl_->base}, j, out);
  else
    fake_finals(j, out);
  fake_stamps(d, j, out.api_blocks_per_sm, out);
  return out;
}

}  // namespace warpsim::microbench
