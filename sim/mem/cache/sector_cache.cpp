#include "mem/cache/sector_cache.h"

#include "common/bit_mix.h"
#include "common/user_error.h"

namespace warpsim::mem::cache {

SectorCache::SectorCache(uint64_t bytes, int ways) : sets_(bytes / (kLineBytes * static_cast<uint64_t>(ways))), ways_(ways) {
  WARPSIM_ASSERT(ways > 0 && sets_ > 0 && sets_ * kLineBytes * static_cast<uint64_t>(ways) == bytes, "SectorCache: capacity is not whole sets");
  ways_of_sets_.resize(sets_ * static_cast<uint64_t>(ways));
}

// The set of a line: a hash of its address bits, as GPUs index their caches (GPGPU-Sim's configs:
// Fermi's L1 hash, IPOLY or XOR indexing for the L2s since Kepler), so that streams a power of two
// apart do not all fall into one set.
uint64_t SectorCache::set_of(uint64_t line) const { return mix64(line) % sets_; }

CacheLine* SectorCache::find(uint64_t line) {
  CacheLine* set = &ways_of_sets_[set_of(line) * static_cast<uint64_t>(ways_)];
  // One pass finds the line or, for the allocation a miss usually makes next, its victim.
  CacheLine* victim = nullptr;
  for (int w = 0; w < ways_; ++w) {
    CacheLine& way = set[w];
    if (way.line == line) {
      way.used = ++clock_;
      return &way;
    }
    if (victim != nullptr && !victim->present()) continue;
    if (!way.present() || (way.pending == 0 && (victim == nullptr || way.used < victim->used))) victim = &way;
  }
  victim_for_ = line;
  victim_ = victim;
  return nullptr;
}

CacheLine* SectorCache::allocate(uint64_t line, CacheLine& evicted) {
  CacheLine* victim = nullptr;
  if (victim_for_ == line) {  // the miss's own find chose it, and nothing changed the set since
    victim = victim_;
  } else {
    CacheLine* set = &ways_of_sets_[set_of(line) * static_cast<uint64_t>(ways_)];
    for (int w = 0; w < ways_; ++w) {
      CacheLine& way = set[w];
      if (!way.present()) {
        victim = &way;
        break;
      }
      if (way.pending == 0 && (victim == nullptr || way.used < victim->used)) victim = &way;
    }
  }
  victim_for_ = kNoLine;
  if (victim == nullptr) return nullptr;
  evicted = *victim;
  *victim = CacheLine{};
  victim->line = line;
  victim->used = ++clock_;
  return victim;
}

}  // namespace warpsim::mem::cache
