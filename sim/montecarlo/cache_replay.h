// The caches of the timed hierarchy (mem/cache/), replayed without time for the Monte Carlo
// analysis of Baghsorkhi 2012 §3.2: an L1 per SM and the L2 slices, of the config's geometry, with
// the same tag arrays (SectorCache: 128-byte lines of 32-byte sectors, LRU) and the same policies
// as the timed CachedMemory. A fetch fills at once: with no time, nothing is in flight, so a second
// miss to a line the timed model would merge into its MSHR hits here (docs/montecarlo.md).
#pragma once

#include <cstdint>
#include <vector>

#include "config/hw_config.h"
#include "mem/cache/sector_cache.h"

namespace warpsim::montecarlo {

struct HitCount {
  uint64_t hits = 0;
  uint64_t accesses = 0;
  void add(uint64_t h, uint64_t a) {
    hits += h;
    accesses += a;
  }
  double ratio() const { return accesses ? static_cast<double>(hits) / static_cast<double>(accesses) : 0.0; }
};

// One line's sectors of an access, on its way to a cache.
struct LineRequest {
  uint64_t line = 0;
  uint8_t mask = 0;  // sectors
  bool store = false;
  uint16_t access = 0;  // the static access (MemoryTrace::statics)
};

// What the caches saw, in 32-byte sectors, overall and per static access.
struct CacheTally {
  HitCount l1_read, l2_read, l2_write;
  std::vector<HitCount> l1_read_by_access, l2_read_by_access;
  uint64_t l2_writebacks = 0;  // dirty lines evicted (sectors)
};

class CacheReplay {
 public:
  CacheReplay(const config::HwConfig& cfg, int sms, size_t accesses);

  bool has_l1() const { return !l1_.empty(); }
  bool has_l2() const { return !slices_.empty(); }

  // An SM's request at its L1: appends to `below` what goes on to the L2 (the sectors a load
  // misses; every store, which the L1 does not keep: Baghsorkhi §2.1, Fermi).
  void l1(int sm, const LineRequest& r, std::vector<LineRequest>& below);
  // A request at its L2 slice: write-back, write-allocate; a store hits only sectors a store
  // brought in (§2.1).
  void l2(const LineRequest& r);

  const CacheTally& tally() const { return tally_; }

 private:
  const config::HwConfig& cfg_;
  std::vector<mem::cache::SectorCache> l1_, slices_;
  CacheTally tally_;
};

}  // namespace warpsim::montecarlo
