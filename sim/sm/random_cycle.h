// The pointer array of Volkov 2016 §6.7's unstructured accesses: one chain through every node of
// the array in a pseudo-random order, and thread starts spread evenly along it. A thread's i-th
// load reads the node i + 1 places after its start, so threads whose starts lie closer together
// than their chains are long read the same nodes: the lanes of one warp a few loads apart, or at
// the same load when there are more threads than nodes (duplicates the coalescer merges). The
// warpsim CUDA suite lays its random rows out so (validation/microbench, experiments_memory.cpp).
//
// The order is a bijection of [0, n) (a keyed Feistel network on the next even power of two,
// walked until it lands below n), so no table of n entries is kept: O(1) memory for any array.
#pragma once

#include <cstdint>

namespace warpsim::sm {

class RandomCycle {
 public:
  RandomCycle() = default;
  // `nodes` >= 1; `key` picks the order (the run's seed, the array, the instruction).
  RandomCycle(uint64_t nodes, uint64_t key);

  // The node at place p of the cycle (p taken modulo the node count).
  uint64_t node_at(uint64_t p) const;

  // Place of chain h's start when `chains` chains start evenly spaced along the cycle (the suite's
  // start h x n / chains); `chains` 0 (the grid unknown) spaces them `length` apart, end to end.
  uint64_t start_of(uint64_t h, uint64_t chains, uint64_t length) const;

  uint64_t nodes() const { return nodes_; }

 private:
  uint64_t permute(uint64_t x) const;  // the Feistel bijection of [0, 2^(2 half_bits_))

  uint64_t nodes_ = 1;
  int half_bits_ = 1;
  uint64_t half_mask_ = 1;
  uint64_t keys_[4] = {};
};

}  // namespace warpsim::sm
