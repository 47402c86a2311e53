#include "sm/random_cycle.h"

#include "common/bit_mix.h"

namespace warpsim::sm {

RandomCycle::RandomCycle(uint64_t nodes, uint64_t key) : nodes_(nodes < 1 ? 1 : nodes) {
  int bits = 2;
  while (bits < 64 && (uint64_t{1} << bits) < nodes_) ++bits;
  bits += bits & 1;  // two equal halves: the domain is at most 4x the nodes, so a walk ends fast
  half_bits_ = bits / 2;
  half_mask_ = (uint64_t{1} << half_bits_) - 1;
  for (uint64_t r = 0; r < 4; ++r) keys_[r] = mix64(key + 0x9e3779b97f4a7c15ull * (r + 1));
}

uint64_t RandomCycle::permute(uint64_t x) const {
  uint64_t left = x >> half_bits_, right = x & half_mask_;
  for (uint64_t k : keys_) {
    const uint64_t next = left ^ (mix64(right ^ k) & half_mask_);
    left = right;
    right = next;
  }
  return left << half_bits_ | right;
}

uint64_t RandomCycle::node_at(uint64_t p) const {
  uint64_t x = p % nodes_;
  do x = permute(x);  // cycle-walking: a bijection of the domain restricted to [0, n) stays one
  while (x >= nodes_);
  return x;
}

uint64_t RandomCycle::start_of(uint64_t h, uint64_t chains, uint64_t length) const {
  if (chains == 0) return static_cast<uint64_t>(static_cast<unsigned __int128>(h) * length % nodes_);
  return static_cast<uint64_t>(static_cast<unsigned __int128>(h % chains) * nodes_ / chains);
}

}  // namespace warpsim::sm
