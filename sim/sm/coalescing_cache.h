// The coalescer's output for global accesses whose lane addresses are lane 0's address plus fixed
// offsets (AddressGenerator::fixed_offsets: streaming, strided, broadcast). Every coalescing rule
// aligns to at most 256 bytes (G80: 16 threads x 16-byte words, Volkov 2016 §2.5), so moving all
// lanes by a multiple of 256 bytes moves every transaction by the same amount: the transactions
// are computed once per (access, lane 0 address mod 256) and replayed, relative to the 256-byte
// block of lane 0. Without this the coalescer walks 32 lanes per warp load.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mem/coalescer.h"

namespace warpsim::sm {

class CoalescingCache {
 public:
  static constexpr uint64_t kPeriod = 256;  // bytes: the largest alignment of any rule
  static constexpr uint32_t kWays = 8;      // entries per access, by (lane 0 mod 256) / 32

  struct Entry {
    int32_t key = -1;  // lane 0 address mod kPeriod; -1: empty
    uint32_t count = 0;
    uint32_t bytes = 0;                                // total over the transactions
    uint32_t last = 0;                                 // the transaction submitted last (mem::last_to_depart)
    std::array<uint32_t, mem::kWarpThreads> offset{};  // from lane 0's 256-byte block
    std::array<uint16_t, mem::kWarpThreads> size{};
    std::array<uint8_t, mem::kWarpThreads> line_transactions{};
    std::array<uint8_t, mem::kWarpThreads> issue_step{};
  };

  explicit CoalescingCache(int accesses) : entries_(static_cast<size_t>(accesses) * kWays) {}

  // The entry for `lane0`; it holds this access's transactions iff key == lane0 % kPeriod.
  Entry& entry(int access, uint64_t lane0) { return entries_[static_cast<size_t>(access) * kWays + (lane0 % kPeriod) / (kPeriod / kWays)]; }
  // Stores the coalescer's output for `lane0` in `e`; false (and `e` left empty) if a transaction
  // lies outside what an entry can express, in which case the caller uses `segments` directly.
  static bool fill(Entry& e, uint64_t lane0, const std::vector<mem::Segment>& segments);

 private:
  std::vector<Entry> entries_;
};

}  // namespace warpsim::sm
