#include "montecarlo/cache_replay.h"

#include <bit>

#include "mem/cache/l2_geometry.h"

namespace warpsim::montecarlo {

using mem::cache::CacheLine;
using mem::cache::EvictedLine;
using mem::cache::SectorCache;

namespace {

int bits(uint8_t m) { return std::popcount(m); }

// The way `line` takes in `cache` (not present), evicting the least recently used line.
CacheLine* allocate(SectorCache& cache, uint64_t line, EvictedLine& evicted) {
  CacheLine* victim = cache.victim(line);  // never null: no fetch is ever pending here
  return cache.take(victim, line, evicted);
}

}  // namespace

CacheReplay::CacheReplay(const config::HwConfig& cfg, int sms, size_t accesses) : cfg_(cfg) {
  if (cfg.memory.l1.bytes > 0)
    l1_.assign(static_cast<size_t>(sms), SectorCache(static_cast<uint64_t>(cfg.memory.l1.bytes), cfg.memory.l1.ways));
  const mem::cache::L2Geometry g = mem::cache::l2_geometry(cfg, 1.0);
  if (g.slices > 0) slices_.assign(static_cast<size_t>(g.slices), SectorCache(g.slice_bytes, cfg.memory.l2.ways));
  tally_.l1_read_by_access.resize(accesses);
  tally_.l2_read_by_access.resize(accesses);
}

void CacheReplay::l1(int sm, const LineRequest& r, std::vector<LineRequest>& below) {
  if (l1_.empty()) {
    below.push_back(r);
    return;
  }
  SectorCache& c = l1_[static_cast<size_t>(sm)];
  CacheLine* way = c.find(r.line);
  if (r.store) {  // as CachedMemory::l1_lookup: update the sectors, or drop the line
    if (way != nullptr) {
      if (cfg_.memory.l1.stores_update)
        way->valid |= r.mask;
      else
        c.invalidate(*way);
    }
    below.push_back(r);
    return;
  }
  const uint8_t have = way != nullptr ? way->valid & r.mask : 0;
  const uint8_t missing = r.mask & ~have;
  tally_.l1_read.add(static_cast<uint64_t>(bits(have)), static_cast<uint64_t>(bits(r.mask)));
  tally_.l1_read_by_access[r.access].add(static_cast<uint64_t>(bits(have)), static_cast<uint64_t>(bits(r.mask)));
  if (missing == 0) return;
  if (way == nullptr) {
    EvictedLine evicted;  // L1 lines are never dirty: stores go through
    way = allocate(c, r.line, evicted);
  }
  way->valid |= missing;
  LineRequest miss = r;
  miss.mask = missing;
  below.push_back(miss);
}

void CacheReplay::l2(const LineRequest& r) {
  if (slices_.empty()) return;
  SectorCache& c = slices_[mem::cache::l2_slice_of(r.line, static_cast<int>(slices_.size()))];
  CacheLine* way = c.find(r.line);
  EvictedLine evicted;
  if (r.store) {
    const uint8_t written = way != nullptr ? way->dirty & r.mask : 0;
    tally_.l2_write.add(static_cast<uint64_t>(bits(written)), static_cast<uint64_t>(bits(r.mask)));
    if (way == nullptr) way = allocate(c, r.line, evicted);
    way->valid |= r.mask;
    way->dirty |= r.mask;
  } else {
    const uint8_t have = way != nullptr ? way->valid & r.mask : 0;
    tally_.l2_read.add(static_cast<uint64_t>(bits(have)), static_cast<uint64_t>(bits(r.mask)));
    tally_.l2_read_by_access[r.access].add(static_cast<uint64_t>(bits(have)), static_cast<uint64_t>(bits(r.mask)));
    if (way == nullptr) way = allocate(c, r.line, evicted);
    way->valid |= r.mask;
  }
  if (evicted.present()) tally_.l2_writebacks += static_cast<uint64_t>(bits(evicted.dirty));
}

}  // namespace warpsim::montecarlo
