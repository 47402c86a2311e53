// Fetches in flight by block address -> the slot that fetches it, so that transactions to a
// block already being fetched wait for that fetch instead of fetching again (an MSHR).
// Open addressing with linear probing over a reused vector.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsim::mem::queue {

class InflightTable {
 public:
  static constexpr uint32_t kAbsent = ~uint32_t{0};
  uint32_t find(uint64_t block) const;
  void insert(uint64_t block, uint32_t slot);  // block must be absent
  void erase(uint64_t block);
  size_t size() const { return size_; }

 private:
  struct Entry {
    uint64_t key = 0;  // block + 1; 0 = empty
    uint32_t slot = kAbsent;
  };
  size_t home(uint64_t key) const { return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & (table_.size() - 1); }
  void grow();
  std::vector<Entry> table_;
  size_t size_ = 0;
};

}  // namespace warpsim::mem::queue
