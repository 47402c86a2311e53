#include <gtest/gtest.h>

#include "sm/shared_memory_banks.h"

namespace warpsim::sm {
namespace {
config::SharedMemoryConfig banks(int n, int width, int cycles, bool half) {
  config::SharedMemoryConfig c;
  c.banks = n, c.bank_width_bytes = width, c.cycles_per_access = cycles, c.half_warp = half;
  return c;
}
std::array<uint64_t, 32> words(uint64_t stride_words, uint64_t word_bytes = 4) {
  std::array<uint64_t, 32> a{};
  for (uint64_t l = 0; l < 32; ++l) a[l] = l * stride_words * word_bytes;
  return a;
}
}  // namespace

TEST(SharedMemoryBanks, StrideOneIsConflictFreeAndStrideTwoIsTwoWay) {
  // Volkov 2016 §2.6: even strides conflict, odd strides do not.
  const auto maxwell = banks(32, 4, 1, false);
  EXPECT_EQ(smem_access_cost(maxwell, words(1), ~0u).degree, 1);
  EXPECT_EQ(smem_access_cost(maxwell, words(2), ~0u).degree, 2);
  EXPECT_EQ(smem_access_cost(maxwell, words(3), ~0u).degree, 1);
  EXPECT_EQ(smem_access_cost(maxwell, words(4), ~0u).degree, 4);
  EXPECT_DOUBLE_EQ(smem_access_cost(maxwell, words(2), ~0u).unit_cycles, 2.0);
}

TEST(SharedMemoryBanks, SameWordIsBroadcastNotConflict) {
  std::array<uint64_t, 32> same{};
  EXPECT_EQ(smem_access_cost(banks(32, 4, 1, false), same, ~0u).degree, 1);
}

TEST(SharedMemoryBanks, HalfWarpGpusServeTwoPassesOfSixteenBanks) {
  // G80/GT200: 16 banks, 2 cycles per access, half-warps: 4 cycles per conflict-free access.
  const auto gt200 = banks(16, 4, 2, true);
  EXPECT_EQ(smem_access_cost(gt200, words(1), ~0u).degree, 1);
  EXPECT_DOUBLE_EQ(smem_access_cost(gt200, words(1), ~0u).unit_cycles, 4.0);
  EXPECT_DOUBLE_EQ(smem_access_cost(gt200, words(2), ~0u).unit_cycles, 8.0);
}

TEST(SharedMemoryBanks, SixtyFourBitBanksHoldTwoConsecutiveWords) {
  // Kepler: 64-bit banks; 32 consecutive 4-byte words touch 16 bank-words, no conflict.
  EXPECT_EQ(smem_access_cost(banks(32, 8, 1, false), words(1), ~0u).degree, 1);
}

TEST(SharedMemoryBanks, MeasuredRateBelowBankRateSetsTheUnitTime) {
  // G80 sustains 6 ops/cycle although its banks could do 8 (Volkov Table 6.1, §6.1).
  auto g80 = banks(16, 4, 2, true);
  g80.measured_ops_per_cycle = 6;
  EXPECT_NEAR(smem_access_cost(g80, words(1), ~0u).unit_cycles, 32.0 / 6, 1e-12);
}

}  // namespace warpsim::sm
