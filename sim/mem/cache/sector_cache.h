// The tag array of one cache: sets of 128-byte lines, each four 32-byte sectors with their own
// valid, dirty and pending bits (NVIDIA's L1 and L2 since Fermi: 128-byte lines, 32-byte sectors,
// and a miss fetches only the sectors it lacks; docs/memory-model.md, "Caches"). Least recently
// used replacement among the lines with no fetch outstanding: a line waiting for data keeps its
// way, as GPGPU-Sim's allocate-on-miss caches do. No data, only timing state.
#pragma once

#include <cstdint>
#include <vector>

namespace warpsim::mem::cache {

inline constexpr uint64_t kLineBytes = 128;
inline constexpr uint64_t kSectorBytes = 32;
inline constexpr int kSectorsPerLine = 4;
inline constexpr uint32_t kNoMshr = ~uint32_t{0};

struct CacheLine {
  uint64_t line = ~uint64_t{0};  // address / kLineBytes; ~0 = invalid way
  uint64_t used = 0;             // last use, for LRU
  uint8_t valid = 0;             // sector bits
  uint8_t dirty = 0;
  uint8_t pending = 0;           // sectors being fetched
  uint32_t mshr = kNoMshr;       // the MSHR of its outstanding fetch
  bool present() const { return line != ~uint64_t{0}; }
};

class SectorCache {
 public:
  SectorCache() = default;
  SectorCache(uint64_t bytes, int ways);

  // The way holding `line`, or nullptr. A lookup marks it used.
  CacheLine* find(uint64_t line);
  // A way for `line` (not present): an empty way of its set, else the least recently used with no
  // fetch pending, whose old contents go to `evicted` (check evicted.present() and .dirty). The
  // new way is present, empty and used now. nullptr when every way of the set waits for data.
  // Right after a find() of the same line that missed, it takes the victim that scan chose.
  CacheLine* allocate(uint64_t line, CacheLine& evicted);
  void invalidate(CacheLine& way) {
    way = CacheLine{};
    victim_for_ = kNoLine;
  }

  uint64_t sets() const { return sets_; }
  int ways() const { return ways_; }

 private:
  uint64_t set_of(uint64_t line) const;

  static constexpr uint64_t kNoLine = ~uint64_t{0};

  uint64_t sets_ = 0;
  int ways_ = 0;
  uint64_t clock_ = 0;
  uint64_t victim_for_ = kNoLine;  // the line whose find() missed last, and the victim it chose
  CacheLine* victim_ = nullptr;
  std::vector<CacheLine> ways_of_sets_;  // sets_ x ways_
};

// The sectors of [address, address + bytes) within its line, as a 4-bit mask.
inline uint8_t sector_mask(uint64_t address, uint32_t bytes) {
  const uint64_t first = (address % kLineBytes) / kSectorBytes;
  const uint64_t last = ((address % kLineBytes) + bytes - 1) / kSectorBytes;
  return static_cast<uint8_t>(((1u << (last + 1)) - 1) & ~((1u << first) - 1) & 0xF);
}

}  // namespace warpsim::mem::cache
