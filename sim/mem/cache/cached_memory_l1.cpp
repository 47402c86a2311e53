// CachedMemory (cached_memory.h): the L1 of each SM. Construction, the SMs' side and the
// event loop are in cached_memory.cpp.
#include "mem/cache/cached_memory.h"

#include <algorithm>

namespace warpsim::mem::cache {

// ---- L1 (per SM): looked up when the SM submits, in its order

bool CachedMemory::l1_lookup(uint32_t request, uint64_t now) {
  Request& r = requests_[request];
  Level& l1 = l1_[r.sm];
  CacheLine* way = l1.tags.find(r.line);
  if (r.write) {
    if (way != nullptr) {
      if (cfg_.memory.l1.stores_update)
        way->valid |= r.mask;
      else if (way->pending == 0)
        l1.tags.invalidate(*way);
      else
        way->valid = 0;  // its fetch still lands; the store's sectors are stale until then
    }
    send_to_l2(request, now);
    return true;
  }
  const uint8_t have = way != nullptr ? way->valid & r.mask : 0;
  const uint8_t missing = r.mask & ~have;
  if (missing == 0) {
    r.from_cache = true;
    counters_.l1_hit_sectors += static_cast<uint64_t>(sectors_in(r.mask));
    deliver(request, l1_port(r.sm, now, sectors_in(r.mask)) + static_cast<uint64_t>(cfg_.memory.l1.hit_latency_cycles));
    return true;
  }
  const uint32_t merge = static_cast<uint32_t>(cfg_.memory.l1.mshr_merge);
  if (const uint32_t fetching = way != nullptr ? l1.tags.fetch_mshr(*way) : kNoMshr; fetching != kNoMshr) {
    Mshr& m = mshrs_[fetching];
    if (m.waiters >= merge) return false;
    const uint8_t need = missing & ~way->pending;
    r.ready = now + static_cast<uint64_t>(cfg_.memory.l1.hit_latency_cycles);
    add_waiter(m, request);
    counters_.l1_hit_sectors += static_cast<uint64_t>(sectors_in(have));
    counters_.l1_miss_sectors += static_cast<uint64_t>(sectors_in(missing));
    counters_.l1_in_flight_sectors += static_cast<uint64_t>(sectors_in(static_cast<uint8_t>(missing & ~need)));
    if (need != 0) {
      way->pending |= need;
      m.pending |= need;
      ++m.outstanding;
      Request below;
      below.line = r.line;
      below.submit = now;
      below.sm = r.sm;
      below.partition = r.partition;
      below.mask = need;
      below.l1_mshr = fetching;
      send_to_l2(new_request(below), now);
    }
    return true;
  }
  if (l1.mshrs_in_use >= l1_mshrs_) return false;
  if (way == nullptr) {
    CacheLine* victim = l1.tags.victim(r.line);
    if (victim == nullptr) {
      // Every way of the set waits for a fetch. A unified L1 (Volta and later) streams the miss
      // through without a line, as a conduit for streaming data (Volta whitepaper, "L1 data cache
      // and shared memory"); a separate one (Fermi) holds the SM's loads until a way is free.
      if (!streams_past_full_sets_) return false;
      counters_.l1_miss_sectors += static_cast<uint64_t>(sectors_in(r.mask));
      send_to_l2(request, now);
      return true;
    }
    EvictedLine evicted;  // L1 lines are never dirty: stores go through
    way = l1.tags.take(victim, r.line, evicted);
  }
  ++l1.mshrs_in_use;
  Mshr m;
  m.line = r.line;
  m.owner = r.sm;
  m.pending = missing;
  m.outstanding = 1;
  const uint32_t id = new_mshr(m);
  mshrs_[id].way = l1.tags.index_of(*way);
  l1.tags.start_fetch(*way, missing, id);
  r.ready = now + static_cast<uint64_t>(cfg_.memory.l1.hit_latency_cycles);
  add_waiter(mshrs_[id], request);
  counters_.l1_hit_sectors += static_cast<uint64_t>(sectors_in(have));
  counters_.l1_miss_sectors += static_cast<uint64_t>(sectors_in(missing));
  Request below;
  below.line = r.line;
  below.submit = now;
  below.sm = r.sm;
  below.partition = r.partition;
  below.mask = missing;
  below.l1_mshr = id;
  send_to_l2(new_request(below), now);
  return true;
}

void CachedMemory::l1_drain(int sm, uint64_t now) {
  Level& l1 = l1_[static_cast<size_t>(sm)];
  while (!l1.waiting.empty()) {
    if (!l1_lookup(l1.waiting.front(), now)) return;
    l1.waiting.pop_front();
  }
}

void CachedMemory::l1_filled(uint32_t l2_request, uint64_t time) {
  const uint32_t id = requests_[l2_request].l1_mshr;
  Mshr& m = mshrs_[id];
  m.from_cache = m.from_cache && requests_[l2_request].from_cache;
  free_requests_.push_back(l2_request);
  if (--m.outstanding > 0) return;
  Level& l1 = l1_[m.owner];
  if (CacheLine* way = l1.tags.find_at(m.way, m.line);
      way != nullptr && way->pending != 0) {  // its fetch: a waiting way keeps its line, and one fetch at a time
    way->valid |= m.pending;
    l1.tags.end_fetch(*way);
  }
  const int sm = static_cast<int>(m.owner);
  release_waiters(id, time, m.from_cache, sm);
  --l1.mshrs_in_use;
  l1_drain(sm, time);
}

}  // namespace warpsim::mem::cache
