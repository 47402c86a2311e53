#include "sm/address_generator.h"

#include <algorithm>

namespace warpsim::sm {

uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

AddressGenerator::AddressGenerator(const isa::Kernel& kernel, const config::HwConfig& cfg, uint64_t seed)
    : kernel_(kernel), smem_(cfg.smem), seed_(seed) {
  // Arrays sit back to back, each aligned to 1 GiB and past the first 8 MB (Volkov §5.1).
  uint64_t base = 8ull << 20;
  for (const auto& a : kernel.arrays) {
    array_base_.push_back(base);
    base += (a.bytes + (1ull << 30) - 1) / (1ull << 30) * (1ull << 30);
  }
  executions_per_warp_.assign(kernel.arrays.size(), 1);
  const auto counts = isa::execution_counts(kernel);
  for (size_t pc = 0; pc < kernel.code.size(); ++pc) {
    const auto& in = kernel.code[pc];
    if (in.access < 0 || !isa::is_global_memory(in.cls)) continue;
    const isa::AccessPattern& ap = kernel.accesses[in.access];
    auto& e = executions_per_warp_[ap.array];
    e = std::max<uint64_t>(e, counts[pc] * static_cast<uint64_t>(ap.interleave_count));
  }
  for (const auto& ap : kernel.accesses) masks_.push_back(ap.active_threads >= 32 ? 0xffffffffu : (1u << ap.active_threads) - 1);
}

uint64_t AddressGenerator::first_element(const isa::AccessPattern& ap, const WarpCoordinates& w, uint64_t execution) const {
  const uint64_t spacing = executions_per_warp_[ap.array] * w.block_threads;  // §5.10
  const uint64_t step = execution * static_cast<uint64_t>(ap.interleave_count) + static_cast<uint64_t>(ap.interleave_index);
  return w.block * spacing + step * w.block_threads + w.warp_in_block * 32ull;
}

bool AddressGenerator::fixed_offsets(int access, const WarpCoordinates& w, uint64_t execution, uint64_t& lane0) const {
  const isa::AccessPattern& ap = kernel_.accesses[access];
  const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[ap.array].bytes / ap.bytes);
  const uint64_t first = first_element(ap, w, execution);
  // Lane l reads element (first + l) x step mod elements, = (first x step mod elements) + l x step
  // while that stays below `elements` (the same arithmetic as global_addresses).
  uint64_t step = 0;
  switch (ap.kind) {
    case isa::AccessKind::Stream:
    case isa::AccessKind::Conflict:
      step = 1;
      break;
    case isa::AccessKind::Stride:
      step = static_cast<uint64_t>(ap.param);
      break;
    case isa::AccessKind::Broadcast:
      step = 0;
      break;
    case isa::AccessKind::Random:
      return false;
  }
  const uint64_t f = (ap.kind == isa::AccessKind::Broadcast ? first : first * step) % elements;
  if (f + 31 * step >= elements) return false;
  lane0 = array_base_[ap.array] + f * ap.bytes;
  return true;
}

uint32_t AddressGenerator::global_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const {
  const isa::AccessPattern& ap = kernel_.accesses[access];
  const uint64_t base = array_base_[ap.array];
  const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[ap.array].bytes / ap.bytes);
  const uint64_t first = first_element(ap, w, execution);
  switch (ap.kind) {
    case isa::AccessKind::Stream:
    case isa::AccessKind::Conflict:  // no banks in DRAM: a conflict pattern streams there
      for (int l = 0; l < 32; ++l) out[l] = base + ((first + l) % elements) * ap.bytes;
      break;
    case isa::AccessKind::Stride:
      for (int l = 0; l < 32; ++l) out[l] = base + (((first + l) * ap.param) % elements) * ap.bytes;
      break;
    case isa::AccessKind::Broadcast:
      for (int l = 0; l < 32; ++l) out[l] = base + (first % elements) * ap.bytes;
      break;
    case isa::AccessKind::Random: {
      const uint64_t key = seed_ ^ (uint64_t(ap.array) << 56) ^ (uint64_t(access) << 48);
      for (int l = 0; l < 32; ++l) out[l] = base + (mix64(key ^ mix64((first + l) * 0x100000001b3ull + execution)) % elements) * ap.bytes;
      break;
    }
  }
  return masks_[access];
}

std::vector<mem::AddressRange> AddressGenerator::shared_arrays() const {
  std::vector<bool> random(kernel_.arrays.size(), false);
  for (const isa::Instruction& in : kernel_.code)
    if (in.access >= 0 && isa::is_global_memory(in.cls) && kernel_.accesses[static_cast<size_t>(in.access)].kind == isa::AccessKind::Random)
      random[static_cast<size_t>(kernel_.accesses[static_cast<size_t>(in.access)].array)] = true;
  std::vector<mem::AddressRange> out;
  for (size_t a = 0; a < random.size(); ++a)
    if (random[a]) out.push_back({array_base_[a], array_base_[a] + kernel_.arrays[a].bytes});
  return out;
}

void AddressGenerator::shared_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const {
  const isa::AccessPattern& ap = kernel_.accesses[access];
  const uint64_t bw = static_cast<uint64_t>(smem_.bank_width_bytes);
  const uint64_t banks = static_cast<uint64_t>(smem_.banks);
  for (uint64_t l = 0; l < 32; ++l) {
    switch (ap.kind) {
      case isa::AccessKind::Broadcast:
        out[l] = 0;
        break;  // all threads read address 0 (§5.2)
      case isa::AccessKind::Stream:
        out[l] = l * ap.bytes;
        break;
      case isa::AccessKind::Stride:
        out[l] = l * ap.param * ap.bytes;
        break;
      case isa::AccessKind::Conflict:
        out[l] = isa::conflict_bank_word(l, static_cast<uint64_t>(ap.param), banks) * bw;
        break;
      case isa::AccessKind::Random:
        out[l] = (mix64(seed_ ^ (w.block << 20) ^ (uint64_t(w.warp_in_block) << 10) ^ l ^ (execution << 32)) % 4096) * ap.bytes;
        break;
    }
  }
}

}  // namespace warpsim::sm
