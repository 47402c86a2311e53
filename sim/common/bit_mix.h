// A fixed 64-bit mixer (splitmix64's finaliser, Steele et al. 2014): the memory models hash
// higher address bits into channel rotations and banks with it (GPUs XOR partition and bank bits
// with higher bits), and the closed-loop driver draws its random addresses from it.
#pragma once

#include <cstdint>

namespace warpsim {

constexpr uint64_t mix64(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace warpsim
