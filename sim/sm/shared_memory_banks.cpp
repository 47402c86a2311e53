#include "sm/shared_memory_banks.h"

#include <algorithm>
#include <bit>
#include <vector>

namespace warpsim::sm {
namespace {

// Conflict degree of lanes [first, first + count): max over banks of distinct bank-words.
int pass_degree(const config::SharedMemoryConfig& cfg, const std::array<uint64_t, 32>& addr, uint32_t mask, int first, int count) {
  // At most 32 lanes: a quadratic scan over the pass is cheaper than any map.
  std::array<uint64_t, 32> words{};
  std::array<int, 32> banks{};
  int n = 0;
  for (int l = first; l < first + count; ++l) {
    if (!(mask >> l & 1u)) continue;
    const uint64_t word = addr[l] / static_cast<uint64_t>(cfg.bank_width_bytes);
    bool seen = false;  // same word again: a broadcast, served once
    for (int i = 0; i < n; ++i) seen |= words[i] == word;
    if (seen) continue;
    words[n] = word;
    banks[n] = static_cast<int>(word % static_cast<uint64_t>(cfg.banks));
    ++n;
  }
  int degree = n ? 1 : 0;
  for (int i = 0; i < n; ++i) degree = std::max(degree, static_cast<int>(std::count(banks.begin(), banks.begin() + n, banks[i])));
  return degree;
}

}  // namespace

SmemAccessCost smem_access_cost(const config::SharedMemoryConfig& cfg, const std::array<uint64_t, 32>& addresses, uint32_t active_mask) {
  const int passes = cfg.half_warp ? 2 : 1;
  const int lanes = 32 / passes;
  SmemAccessCost cost{0, 0};
  int degree_sum = 0;
  for (int p = 0; p < passes; ++p) {
    const int d = pass_degree(cfg, addresses, active_mask, p * lanes, lanes);
    cost.degree = std::max(cost.degree, d);
    degree_sum += d;
  }
  cost.degree = std::max(cost.degree, 1);
  cost.unit_cycles = static_cast<double>(std::max(degree_sum, 1) * cfg.cycles_per_access);
  // Where the sustained rate was measured below the bank rate (G80, Volkov Table 6.1 and §6.1),
  // the unit is busy at least (thread accesses x degree) / measured rate.
  if (cfg.measured_ops_per_cycle > 0) {
    const double accesses = std::popcount(active_mask) * cost.degree;
    cost.unit_cycles = std::max(cost.unit_cycles, accesses / cfg.measured_ops_per_cycle);
  }
  return cost;
}

}  // namespace warpsim::sm
