#include "sm/address_generator.h"

#include <algorithm>

namespace warpsim::sm {

using isa::AccessKind;
using isa::IndexVar;

uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

AddressGenerator::AddressGenerator(const isa::Kernel& kernel, const config::HwConfig& cfg, uint64_t seed, const GridShape& grid)
    : kernel_(kernel),
      smem_(cfg.smem),
      seed_(seed),
      block_x_(static_cast<uint64_t>(kernel.launch.block_x)),
      grid_x_(static_cast<uint64_t>(kernel.launch.grid_x)),
      grid_(grid) {
  // Arrays sit back to back, each aligned to 1 GiB and past the first 8 MB (Volkov §5.1).
  uint64_t base = 8ull << 20;
  for (const auto& a : kernel.arrays) {
    array_base_.push_back(base);
    base += (a.bytes + (1ull << 30) - 1) / (1ull << 30) * (1ull << 30);
  }
  executions_per_warp_.assign(kernel.arrays.size(), 1);
  matrices_.resize(kernel.sparse.size());
  const auto counts = isa::execution_counts(kernel);
  for (size_t pc = 0; pc < kernel.code.size(); ++pc) {
    const auto& in = kernel.code[pc];
    if (in.access < 0 || !isa::is_global_memory(in.cls)) continue;
    const isa::AccessPattern& ap = kernel.accesses[in.access];
    auto& e = executions_per_warp_[ap.array];
    e = std::max<uint64_t>(e, counts[pc] * static_cast<uint64_t>(ap.interleave_count));
    if (!isa::is_gather(ap.kind)) continue;
    auto& m = matrices_[static_cast<size_t>(ap.sparse)];
    if (!m) m = isa::shared_sparse_matrix(kernel.sparse[static_cast<size_t>(ap.sparse)], seed);
  }
  for (const auto& ap : kernel.accesses) {
    masks_.push_back(lane_mask(ap.active_threads));
    affine_.push_back(affine_layout(ap));
    random_.push_back(random_chains(ap, random_.size()));
  }
  spread_.assign(kernel.arrays.size(), 0);
  for (size_t a = 0; a < kernel.arrays.size(); ++a) {
    spread_[a] = wraps(a, grid_.blocks) ? 1 : 0;
    any_spread_ = any_spread_ || spread_[a] != 0;
  }
}

// One cycle per random instruction, its chains the device grid's threads (groups of `param`
// lanes) times the instruction's interleaved chains (§6.3), each as long as its executions.
AddressGenerator::RandomChains AddressGenerator::random_chains(const isa::AccessPattern& ap, size_t access) const {
  RandomChains r;
  if (ap.kind != AccessKind::Random) return r;
  const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[ap.array].bytes / ap.bytes);
  const auto k = static_cast<uint64_t>(ap.param);
  r.cycle = RandomCycle(std::max<uint64_t>(1, elements / k), seed_ ^ (uint64_t(ap.array) << 56) ^ (uint64_t(access) << 48));
  const auto chains = static_cast<uint64_t>(ap.interleave_count);
  const uint64_t blocks = grid_.device_blocks > 0 ? grid_.device_blocks : grid_.blocks;
  r.chains = blocks * grid_.block_threads / k * chains;
  r.length = std::max<uint64_t>(1, executions_per_warp_[ap.array] / chains);
  return r;
}

bool AddressGenerator::wraps(size_t a, uint64_t blocks) const {
  for (const isa::Instruction& in : kernel_.code) {
    if (in.access < 0 || !isa::is_global_memory(in.cls)) continue;
    const isa::AccessPattern& ap = kernel_.accesses[static_cast<size_t>(in.access)];
    if (static_cast<size_t>(ap.array) != a) continue;
    if (ap.kind != AccessKind::Stream && ap.kind != AccessKind::Conflict && ap.kind != AccessKind::Stride) continue;
    // Block b's section starts at b x its span (first_element); a stride multiplies the index.
    const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[a].bytes / ap.bytes);
    const double reach = static_cast<double>(blocks) * static_cast<double>(executions_per_warp_[a]) *
                         static_cast<double>(grid_.block_threads) * (ap.kind == AccessKind::Stride ? static_cast<double>(ap.param) : 1.0);
    if (reach >= 2.0 * static_cast<double>(elements)) return true;
  }
  return false;
}

// Lane l's element is lane 0's plus tx_coefficient x (l mod row) + ty_coefficient x (l / row)
// when every warp starts a row (rows of 32 threads or more, a multiple of 32: one row per warp;
// rows dividing 32: whole rows per warp). Without block_x the row is the block, whole warps long.
AddressGenerator::AffineLayout AddressGenerator::affine_layout(const isa::AccessPattern& ap) const {
  AffineLayout a;
  if (ap.kind != AccessKind::Affine) return a;
  const uint64_t row = block_x_ == 0 ? 32 : block_x_;
  if (row % 32 != 0 && 32 % row != 0) return a;
  const int64_t ctx = ap.index.coefficient(IndexVar::Tx), cty = ap.index.coefficient(IndexVar::Ty);
  for (uint64_t l = 0; l < 32; ++l) {
    int64_t x = 0, y = 0, off = 0;
    if (__builtin_mul_overflow(ctx, static_cast<int64_t>(l % row), &x) || __builtin_mul_overflow(cty, static_cast<int64_t>(l / row), &y) ||
        __builtin_add_overflow(x, y, &off))
      return a;
    a.min_offset = std::min(a.min_offset, off);
    a.max_offset = std::max(a.max_offset, off);
  }
  a.fixed = true;
  return a;
}

uint64_t AddressGenerator::first_element(const isa::AccessPattern& ap, const WarpCoordinates& w, uint64_t execution) const {
  uint64_t start = w.block * executions_per_warp_[ap.array] * w.block_threads;  // §5.10
  if (any_spread_ && spread_[ap.array] != 0) [[unlikely]] {
    // Resident slot j of R at j/R of the indices that stay in the array, on a warp's 32 elements.
    const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[ap.array].bytes / ap.bytes);
    const uint64_t indices = ap.kind == AccessKind::Stride ? std::max<uint64_t>(1, elements / static_cast<uint64_t>(ap.param)) : elements;
    const uint64_t slots = grid_.resident_blocks > 0 ? std::min(grid_.resident_blocks, grid_.blocks) : grid_.blocks;
    const double at = static_cast<double>(w.block % slots) / static_cast<double>(slots);
    start = static_cast<uint64_t>(at * static_cast<double>(indices)) / 32 * 32;
  }
  return start + step_of(ap, execution) * w.block_threads + w.warp_in_block * 32ull;
}

void AddressGenerator::index_values(const isa::IndexExpression& e, const WarpCoordinates& w, uint64_t step, int lanes,
                                    std::array<int64_t, 32>& v) const {
  const auto c = [&e](IndexVar var) { return static_cast<uint64_t>(e.coefficient(var)); };
  const uint64_t row = block_x_ == 0 ? w.block_threads : block_x_;
  const uint64_t bx = grid_x_ == 0 ? w.block : w.block % grid_x_, by = grid_x_ == 0 ? 0 : w.block / grid_x_;
  const uint64_t tid = uint64_t{w.warp_in_block} * 32;
  uint64_t tx = tid % row, ty = tid / row;
  // Unsigned arithmetic wraps modulo 2^64, as the signed value it holds is then read.
  const uint64_t warp = static_cast<uint64_t>(e.constant) + c(IndexVar::Bx) * bx + c(IndexVar::By) * by + c(IndexVar::I) * step;
  const uint64_t ctx = c(IndexVar::Tx), cty = c(IndexVar::Ty);
  for (int l = 0; l < lanes; ++l) {
    v[l] = static_cast<int64_t>(warp + ctx * tx + cty * ty);
    if (++tx == row) tx = 0, ++ty;
  }
}

bool AddressGenerator::fixed_offsets(int access, const WarpCoordinates& w, uint64_t execution, uint64_t& lane0) const {
  const isa::AccessPattern& ap = kernel_.accesses[access];
  const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[ap.array].bytes / ap.bytes);
  // Lane l reads element (first + l) x step mod elements, = (first x step mod elements) + l x step
  // while that stays below `elements` (the same arithmetic as global_addresses).
  uint64_t step = 0;
  switch (ap.kind) {
    case AccessKind::Stream:
    case AccessKind::Conflict:
      step = 1;
      break;
    case AccessKind::Stride:
      step = static_cast<uint64_t>(ap.param);
      break;
    case AccessKind::Broadcast:
      step = 0;
      break;
    case AccessKind::Affine: {
      const AffineLayout& a = affine_[access];
      if (!a.fixed || (block_x_ == 0 && w.block_threads % 32 != 0)) return false;
      std::array<int64_t, 32> v;
      index_values(ap.index, w, step_of(ap, execution), 1, v);
      // Lane l's value is v[0] + offset l, without wrapping past 64 bits or around the array.
      int64_t lo = 0, hi = 0;
      if (__builtin_add_overflow(v[0], a.min_offset, &lo) || __builtin_add_overflow(v[0], a.max_offset, &hi)) return false;
      const uint64_t f = isa::wrap_index(v[0], elements);
      if (__builtin_add_overflow(static_cast<int64_t>(f), a.min_offset, &lo) ||
          __builtin_add_overflow(static_cast<int64_t>(f), a.max_offset, &hi) || lo < 0 || static_cast<uint64_t>(hi) >= elements)
        return false;
      lane0 = array_base_[ap.array] + f * ap.bytes;
      return true;
    }
    case AccessKind::Random:
    case AccessKind::GatherNz:
    case AccessKind::GatherCol:
      return false;
  }
  const uint64_t first = first_element(ap, w, execution);
  const uint64_t f = (ap.kind == AccessKind::Broadcast ? first : first * step) % elements;
  if (f + 31 * step >= elements) return false;
  lane0 = array_base_[ap.array] + f * ap.bytes;
  return true;
}

uint32_t AddressGenerator::global_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const {
  const isa::AccessPattern& ap = kernel_.accesses[access];
  const uint64_t base = array_base_[ap.array];
  const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[ap.array].bytes / ap.bytes);
  switch (ap.kind) {
    case AccessKind::Stream:
    case AccessKind::Conflict: {  // no banks in DRAM: a conflict pattern streams there
      const uint64_t first = first_element(ap, w, execution);
      for (int l = 0; l < 32; ++l) out[l] = base + ((first + l) % elements) * ap.bytes;
      break;
    }
    case AccessKind::Stride: {
      const uint64_t first = first_element(ap, w, execution);
      for (int l = 0; l < 32; ++l) out[l] = base + (((first + l) * ap.param) % elements) * ap.bytes;
      break;
    }
    case AccessKind::Broadcast: {
      const uint64_t first = first_element(ap, w, execution);
      for (int l = 0; l < 32; ++l) out[l] = base + (first % elements) * ap.bytes;
      break;
    }
    case AccessKind::Random: {
      // Each group of `param` lanes follows one chain through the nodes (random_cycle.h) and reads
      // its node's consecutive elements (one lane per node: §6.7); an array smaller than a node
      // wraps, as a stream does.
      const RandomChains& r = random_[static_cast<size_t>(access)];
      const auto k = static_cast<uint64_t>(ap.param);
      const uint64_t thread0 = w.block * w.block_threads + uint64_t{w.warp_in_block} * 32;
      const auto chains = static_cast<uint64_t>(ap.interleave_count), chain = static_cast<uint64_t>(ap.interleave_index);
      for (uint64_t l = 0; l < 32; ++l) {
        const uint64_t h = (thread0 + l) / k * chains + chain;
        const uint64_t node = r.cycle.node_at(r.cycle.start_of(h, r.chains, r.length) + execution + 1);
        out[l] = base + ((node * k + l % k) % elements) * ap.bytes;
      }
      break;
    }
    case AccessKind::Affine: {
      std::array<int64_t, 32> v;
      index_values(ap.index, w, step_of(ap, execution), 32, v);
      for (int l = 0; l < 32; ++l) out[l] = base + isa::wrap_index(v[l], elements) * ap.bytes;
      break;
    }
    case AccessKind::GatherNz:
    case AccessKind::GatherCol:
      return gather_addresses(access, w, execution, out);
  }
  return masks_[access];
}

// Lane l reads, for row r = index mod rows and step i, element row_ptr[r] + i (M.nz) or
// col[row_ptr[r] + i] (M.col); a lane whose row has i nonzeros or fewer is inactive.
uint32_t AddressGenerator::gather_addresses(int access, const WarpCoordinates& w, uint64_t execution, std::array<uint64_t, 32>& out) const {
  const isa::AccessPattern& ap = kernel_.accesses[access];
  const isa::SparseMatrix& m = *matrices_[static_cast<size_t>(ap.sparse)];
  const uint64_t base = array_base_[ap.array];
  const uint64_t elements = std::max<uint64_t>(1, kernel_.arrays[ap.array].bytes / ap.bytes);
  const uint64_t step = step_of(ap, execution);
  const uint32_t lanes = masks_[access];
  std::array<int64_t, 32> v;
  index_values(ap.index, w, 0, 32, v);
  uint32_t mask = 0;
  for (int l = 0; l < 32; ++l) {
    if (!(lanes >> l & 1u)) continue;
    const uint64_t row = isa::wrap_index(v[l], m.rows());
    const uint64_t start = m.row_ptr[row];
    if (step >= m.row_ptr[row + 1] - start) continue;
    const uint64_t j = start + step;
    const uint64_t element = ap.kind == AccessKind::GatherNz ? j : m.col[j];
    out[l] = base + (element % elements) * ap.bytes;
    mask |= 1u << l;
  }
  return mask;
}

std::vector<mem::AddressRange> AddressGenerator::shared_arrays() const {
  std::vector<bool> all_over(kernel_.arrays.size(), false);
  for (const isa::Instruction& in : kernel_.code) {
    if (in.access < 0 || !isa::is_global_memory(in.cls)) continue;
    const isa::AccessPattern& ap = kernel_.accesses[static_cast<size_t>(in.access)];
    if (ap.kind == AccessKind::Random || ap.kind == AccessKind::GatherCol) all_over[static_cast<size_t>(ap.array)] = true;
  }
  for (size_t a = 0; a < all_over.size(); ++a) all_over[a] = all_over[a] || wraps(a, grid_.device_blocks);
  std::vector<mem::AddressRange> out;
  for (size_t a = 0; a < all_over.size(); ++a)
    if (all_over[a]) out.push_back({array_base_[a], array_base_[a] + kernel_.arrays[a].bytes});
  return out;
}

void shared_memory_addresses(const isa::AccessPattern& ap, const config::SharedMemoryConfig& smem, uint64_t seed, const WarpCoordinates& w,
                             uint64_t execution, std::array<uint64_t, 32>& out) {
  const uint64_t bw = static_cast<uint64_t>(smem.bank_width_bytes);
  const uint64_t banks = static_cast<uint64_t>(smem.banks);
  for (uint64_t l = 0; l < 32; ++l) {
    switch (ap.kind) {
      case AccessKind::Broadcast:
        out[l] = 0;
        break;  // all threads read address 0 (§5.2)
      case AccessKind::Stream:
      case AccessKind::Affine:  // the parser refuses affine and gather patterns in shared memory
      case AccessKind::GatherNz:
      case AccessKind::GatherCol:
        out[l] = l * ap.bytes;
        break;
      case AccessKind::Stride:
        out[l] = l * ap.param * ap.bytes;
        break;
      case AccessKind::Conflict:
        out[l] = isa::conflict_bank_word(l, static_cast<uint64_t>(ap.param), banks) * bw;
        break;
      case AccessKind::Random:
        out[l] = (mix64(seed ^ (w.block << 20) ^ (uint64_t(w.warp_in_block) << 10) ^ l ^ (execution << 32)) % 4096) * ap.bytes;
        break;
    }
  }
}

}  // namespace warpsim::sm
