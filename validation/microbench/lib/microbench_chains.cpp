#include "microbench_chains.h"

#include <algorithm>
#include <random>
#include <utility>

namespace warpsim::validation {
namespace {

constexpr uint64_t kHalfSpan = uint64_t{1} << 31;  // low words repeat their exponent bits every 2 GiB
constexpr uint64_t kExpUnit = uint64_t{1} << 23;   // one step of the float exponent field

uint64_t round_up(uint64_t v, uint64_t m) { return (v + m - 1) / m * m; }

StreamLayout shape(uint64_t block_threads, uint32_t stride, uint32_t chains, uint64_t loads_per_chain) {
  StreamLayout l;
  l.block_threads = block_threads;
  l.stride = stride;
  l.chains = chains;
  l.loads_per_chain = loads_per_chain;
  l.step = uint64_t{chains} * stride * block_threads;
  // A block's section holds every load of its threads; spacing is aligned to 32 entries (§5.10).
  l.spacing = round_up(loads_per_chain * l.step, 32);
  return l;
}

}  // namespace

std::optional<StreamLayout> plan_stream(uint64_t array_entries, uint64_t block_threads, uint32_t stride, uint32_t chains,
                                        uint64_t loads_per_chain) {
  if (block_threads == 0 || stride == 0 || chains == 0 || loads_per_chain == 0) return std::nullopt;
  StreamLayout l = shape(block_threads, stride, chains, loads_per_chain);
  l.blocks = array_entries / l.spacing;
  if (l.blocks == 0) return std::nullopt;
  return l;
}

std::optional<StreamLayout> plan_stream_persistent(uint64_t array_entries, uint64_t block_threads, uint32_t stride, uint32_t chains,
                                                   uint64_t blocks, uint64_t loads_multiple) {
  if (block_threads == 0 || stride == 0 || chains == 0 || blocks == 0 || loads_multiple == 0) return std::nullopt;
  const uint64_t per_block = array_entries / blocks;  // entries each block may sweep
  uint64_t loads = per_block / (uint64_t{chains} * stride * block_threads);
  loads -= loads % loads_multiple;
  // Rounding the section up to 32 entries may not fit the share: step down until it does.
  while (loads > 0 && shape(block_threads, stride, chains, loads).spacing > per_block) loads -= loads_multiple;
  if (loads == 0) return std::nullopt;
  StreamLayout l = shape(block_threads, stride, chains, loads);
  l.blocks = blocks;
  return l;
}

uint64_t stream_start(const StreamLayout& l, uint64_t block, uint64_t thread, uint32_t chain) {
  return block * l.spacing + uint64_t{l.stride} * (thread + uint64_t{chain} * l.block_threads);
}

uint64_t stream_end(const StreamLayout& l, uint64_t block, uint64_t thread, uint32_t chain) {
  return stream_start(l, block, thread, chain) + l.loads_per_chain * l.step;
}

bool float_safe_word(uint32_t word) {
  const uint32_t exponent = (word >> 23) & 0xffu;
  return exponent != 0 && exponent != 0xffu;  // not zero/denormal, not inf/NaN
}

std::optional<uint64_t> float_safe_window(uint64_t base, uint64_t alloc_bytes, uint64_t bytes, uint64_t align) {
  if (align == 0 || bytes == 0) return std::nullopt;
  const uint64_t end = base + alloc_bytes;
  // Safe addresses: (address mod 2 GiB) in [2^23, 2^31 - 2^23), i.e. exponent bits 1..254.
  for (uint64_t k = base / kHalfSpan; k * kHalfSpan < end; ++k) {
    const uint64_t lo = round_up(std::max(base, k * kHalfSpan + kExpUnit), align);
    const uint64_t hi = std::min(end, (k + 1) * kHalfSpan - kExpUnit);
    if (lo < hi && hi - lo >= bytes) return lo - base;
  }
  return std::nullopt;
}

uint64_t float_safe_allocation(uint64_t bytes) {
  // The unsafe stretches are 16 MiB wide and 2 GiB apart: with 2x + 16 MiB one side of a single
  // unsafe stretch always holds the window (a window up to 2032 MiB fits between two stretches).
  return std::min(2 * bytes + 2 * kExpUnit, bytes + kHalfSpan);
}

RandomCycle random_cycle(uint32_t n, uint64_t seed) {
  RandomCycle c;
  c.order.resize(n);
  c.next.resize(n);
  for (uint32_t i = 0; i < n; ++i) c.order[i] = i;
  std::mt19937_64 rng(seed);  // its sequence is fixed by the standard; % keeps it portable
  for (uint32_t i = n > 0 ? n - 1 : 0; i >= 2; --i) {
    const uint32_t j = 1 + static_cast<uint32_t>(rng() % i);  // Fisher-Yates over order[1..n-1]
    std::swap(c.order[i], c.order[j]);
  }
  for (uint32_t k = 0; k < n; ++k) c.next[c.order[k]] = c.order[(k + 1) % n];
  return c;
}

bool is_single_cycle(const std::vector<uint32_t>& next) {
  const size_t n = next.size();
  if (n == 0) return false;
  std::vector<bool> seen(n, false);
  uint32_t e = 0;
  for (size_t k = 0; k < n; ++k) {
    if (e >= n || seen[e]) return false;
    seen[e] = true;
    e = next[e];
  }
  return e == 0;
}

std::optional<NodeLayout> plan_nodes(uint64_t array_entries, uint32_t node_entries, uint32_t piece_entries) {
  if (piece_entries == 0 || node_entries < piece_entries || node_entries % piece_entries != 0) return std::nullopt;
  NodeLayout l;
  l.node_entries = node_entries;
  l.piece_entries = piece_entries;
  if (32 % l.threads_per_node() != 0) return std::nullopt;
  const uint64_t nodes = array_entries / node_entries;
  if (nodes == 0 || nodes > UINT32_MAX) return std::nullopt;
  l.nodes = static_cast<uint32_t>(nodes);
  return l;
}

std::vector<uint32_t> node_cycle_next(const NodeLayout& l, const RandomCycle& nodes) {
  std::vector<uint32_t> next(static_cast<size_t>(l.nodes) * l.node_entries);
  for (uint32_t k = 0; k < l.nodes; ++k) {
    const uint64_t first = static_cast<uint64_t>(k) * l.node_entries, to = static_cast<uint64_t>(nodes.next[k]) * l.node_entries;
    for (uint32_t j = 0; j < l.node_entries; ++j) next[first + j] = static_cast<uint32_t>(j % l.piece_entries == 0 ? to + j : first + j);
  }
  return next;
}

namespace {

// Position along the cycle of the node that thread's group starts on, and the thread's piece.
std::pair<uint64_t, uint64_t> node_position(const NodeLayout& l, uint64_t thread, uint64_t threads) {
  const uint64_t per = l.threads_per_node(), groups = threads / per;
  return {thread / per * l.nodes / groups, thread % per * l.piece_entries};
}

}  // namespace

uint64_t node_start(const NodeLayout& l, const RandomCycle& nodes, uint64_t thread, uint64_t threads) {
  const auto [pos, offset] = node_position(l, thread, threads);
  return static_cast<uint64_t>(nodes.order[pos]) * l.node_entries + offset;
}

uint64_t node_end(const NodeLayout& l, const RandomCycle& nodes, uint64_t thread, uint64_t threads, uint64_t loads) {
  const auto [pos, offset] = node_position(l, thread, threads);
  return static_cast<uint64_t>(nodes.order[(pos + loads) % l.nodes]) * l.node_entries + offset;
}

}  // namespace warpsim::validation
