// The tag array of one cache: sets of 128-byte lines, each four 32-byte sectors with their own
// valid, dirty and pending bits (NVIDIA's L1 and L2 since Fermi: 128-byte lines, 32-byte sectors,
// and a miss fetches only the sectors it lacks; docs/memory-model.md, "Caches"). Least recently
// used replacement among the lines with no fetch outstanding: a line waiting for data keeps its
// way, as GPGPU-Sim's allocate-on-miss caches do. No data, only timing state.
//
// Tags sit apart from the lines' state, each with a 16-bit fingerprint of its hash: a lookup scans
// the set's fingerprints four at a time (Fermi's and the H100's L1 sets have 64 ways) and compares
// full tags only where one matches. Each set keeps its ways in order of use, so a victim is found
// from the least recent end without a scan.
#pragma once

#include <cstdint>
#include <vector>

#include "mem/cache/fetch_table.h"

namespace warpsim::mem::cache {

inline constexpr uint64_t kLineBytes = 128;
inline constexpr uint64_t kSectorBytes = 32;
inline constexpr int kSectorsPerLine = 4;
inline constexpr uint32_t kNoMshr = FetchTable::kNone;  // also what SectorCache::fetch_mshr's table answers for none

inline constexpr uint64_t kNoLine = ~uint64_t{0};

// A way's state. Its line (address / kLineBytes) lives in the cache's tag array alone
// (SectorCache::holds), the MSHR of its outstanding fetch in the cache's fetch table
// (SectorCache::fetch_mshr): 4 bytes a way, the L2's largest structure.
struct CacheLine {
  uint8_t valid = 0;  // sector bits
  uint8_t dirty = 0;
  uint8_t pending = 0;  // sectors being fetched (a fetch starts and ends through SectorCache; sectors may join it)
  uint8_t unused = 0;   // 4 bytes a way: a way's index is then a shift of its offset, not a division by 3
};
static_assert(sizeof(CacheLine) == 4, "a way's state stays 4 bytes: the L2's ways are a run's largest structure");

// What a way held before SectorCache::take gave it to another line.
struct EvictedLine {
  uint64_t line = kNoLine;
  uint8_t dirty = 0;
  bool present() const { return line != kNoLine; }
};

class SectorCache {
 public:
  SectorCache() = default;
  SectorCache(uint64_t bytes, int ways);

  // The way holding `line`, or nullptr. A lookup marks it used.
  CacheLine* find(uint64_t line);
  // find(line) where the line is known to sit in the way numbered `index` (index_of: an MSHR keeps
  // its fetch's way), as long as it does: the fill of a miss needs no lookup.
  CacheLine* find_at(uint32_t index, uint64_t line);
  uint32_t index_of(const CacheLine& way) const { return static_cast<uint32_t>(&way - lines_.data()); }
  // The way for `line` (not present): an empty way of the line's set, else its least recently
  // used line with no fetch pending; nullptr when every way of the set waits for data.
  CacheLine* victim(uint64_t line);
  // Takes `victim` (victim(line), not nullptr) for `line` (not present); its old line goes to
  // `evicted` (check evicted.present() and .dirty). The way then holds `line`, no sector, and is
  // its set's most recently used.
  CacheLine* take(CacheLine* victim, uint64_t line, EvictedLine& evicted);
  bool holds(const CacheLine& way) const { return tags_[index_of(way)] != kNoLine; }  // a line, not an empty way
  void invalidate(CacheLine& way);
  // A fetch of `sectors` (not 0) for MSHR `mshr` starts on `way`, which had none outstanding; its
  // data landed. Through these, so that a set knows when every way waits (victim() then answers
  // at once) and the way's MSHR is known while it waits.
  void start_fetch(CacheLine& way, uint8_t sectors, uint32_t mshr);
  void end_fetch(CacheLine& way);
  // The MSHR of the way's outstanding fetch (start_fetch), kNoMshr when it has none.
  uint32_t fetch_mshr(const CacheLine& way) const { return way.pending == 0 ? kNoMshr : fetches_.find(index_of(way)); }

  uint64_t sets() const { return sets_; }
  int ways() const { return ways_; }

 private:
  using Way = uint16_t;  // index within a set
  static constexpr Way kNoWay = 0xFFFF;

  uint64_t set_of(uint64_t line) const;
  uint64_t set_holding(const CacheLine& way) const { return index_of(way) / static_cast<uint64_t>(ways_); }
  void set_idle(const CacheLine& way, bool idle);                     // its bit in idle_ (sets of at most 64 ways)
  uint64_t set_of_hash(uint64_t hash) const { return hash % sets_; }  // the set of a line whose mix64 is `hash`
  static uint16_t fingerprint(uint64_t hash) { return static_cast<uint16_t>(hash >> 48); }
  void make_most_recent(uint64_t set, Way w);
  void make_least_recent(uint64_t set, Way w);
  void unlink(uint64_t set, Way w);

  uint64_t sets_ = 0;
  int ways_ = 0;
  std::vector<CacheLine> lines_;      // sets_ x ways_
  std::vector<uint64_t> tags_;        // per way: its line, kNoLine when empty
  std::vector<uint16_t> prints_;      // per set, fp_stride_ fingerprints (its ways', then padding)
  uint64_t fp_stride_ = 4;            // ways rounded up to a multiple of 4
  std::vector<Way> newer_, older_;    // per way: its neighbours in its set's order of use
  std::vector<Way> newest_, oldest_;  // per set
  std::vector<uint16_t> present_;     // per set: ways holding a line
  std::vector<uint16_t> fetching_;    // per set: ways with a fetch outstanding (pending != 0)
  // Per set of at most 64 ways: a bit per way holding a line with no fetch outstanding. A full set
  // whose fetches end one at a time (an L1 under random loads) has one, the victim, found at once.
  std::vector<uint64_t> idle_;
  FetchTable fetches_;  // the MSHR of each way with a fetch outstanding
};

// How many sectors a 4-bit sector mask holds (a table: without -mpopcnt std::popcount is a call).
inline int sectors_in(uint8_t mask) {
  static constexpr uint8_t kCount[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  return kCount[mask & 0xF];
}

// The sectors of [address, address + bytes) within its line, as a 4-bit mask.
inline uint8_t sector_mask(uint64_t address, uint32_t bytes) {
  const uint64_t first = (address % kLineBytes) / kSectorBytes;
  const uint64_t last = ((address % kLineBytes) + bytes - 1) / kSectorBytes;
  return static_cast<uint8_t>(((1u << (last + 1)) - 1) & ~((1u << first) - 1) & 0xF);
}

}  // namespace warpsim::mem::cache
