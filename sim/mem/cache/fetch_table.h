// The MSHR of each cache way with a fetch outstanding (SectorCache::fetch_mshr): a hash table of
// way index -> MSHR, open addressing with linear probing and deletion by backward shift. Only the
// ways a level's MSHRs cover are in it, a few hundred at most, where a field in every way would
// take 4 bytes a way (64 KB on a 2 MB L2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsim::mem::cache {

class FetchTable {
 public:
  static constexpr uint32_t kNone = ~uint32_t{0};

  // `way` must not be in the table.
  void insert(uint32_t way, uint32_t mshr) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    size_t i = home(way);
    while (slots_[i] != kEmpty) i = (i + 1) & mask_;
    slots_[i] = uint64_t{way} << 32 | mshr;
    ++size_;
  }
  // The way's MSHR, kNone if the way is not in the table.
  uint32_t find(uint32_t way) const {
    if (size_ == 0) return kNone;
    for (size_t i = home(way);; i = (i + 1) & mask_) {
      if (slots_[i] == kEmpty) return kNone;
      if (static_cast<uint32_t>(slots_[i] >> 32) == way) return static_cast<uint32_t>(slots_[i]);
    }
  }
  // `way` must be in the table.
  void erase(uint32_t way) {
    size_t i = home(way);
    while (static_cast<uint32_t>(slots_[i] >> 32) != way) i = (i + 1) & mask_;
    // Backward shift: later entries of the probe run move into the hole when their home allows,
    // so that a lookup never stops early at an emptied slot.
    for (size_t j = (i + 1) & mask_; slots_[j] != kEmpty; j = (j + 1) & mask_) {
      const size_t h = home(static_cast<uint32_t>(slots_[j] >> 32));
      if (((j - h) & mask_) >= ((j - i) & mask_)) slots_[i] = slots_[j], i = j;
    }
    slots_[i] = kEmpty;
    --size_;
  }
  size_t size() const { return size_; }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};  // way kNone is never stored
  size_t home(uint32_t way) const { return static_cast<size_t>((uint64_t{way} * 0x9E3779B97F4A7C15ull) >> 32) & mask_; }
  void grow() {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : old.size() * 2, kEmpty);
    mask_ = slots_.size() - 1;
    size_ = 0;
    for (uint64_t e : old)
      if (e != kEmpty) insert(static_cast<uint32_t>(e >> 32), static_cast<uint32_t>(e));
  }

  std::vector<uint64_t> slots_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

}  // namespace warpsim::mem::cache
