// CachedMemory (cached_memory.h): its L2 slices and the fetches below them. Construction, the SMs' side and the
// event loop are in cached_memory.cpp.
#include "mem/cache/cached_memory.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace warpsim::mem::cache {

// ---- L2 (slices): a request reaches its slice half an L2 hit after it left the SM

void CachedMemory::send_to_l2(uint32_t request, uint64_t now) {
  if (!has_l2_) {  // an L1 in front of the memory itself
    const Request& r = requests_[request];
    const uint32_t id = new_mshr(Mshr{});
    Mshr& m = mshrs_[id];
    m.line = r.line;
    add_waiter(m, request);
    fetch_below(id, r.line, r.mask, r.write, r.sm, now);
    return;
  }
  arrivals_.push_back({now + request_cycles_, request});
}

bool CachedMemory::l2_lookup(Level& slice, uint32_t slice_index, uint32_t request, uint64_t now) {
  Request& r = requests_[request];
  CacheLine* way = slice.tags.find(r.l2_line);
  CacheLine evicted;
  // A way for the line, and an MSHR for the write-back of a dirty victim; false (nothing changed)
  // when the set or the MSHRs are all taken. `reserve`: MSHRs the caller needs besides.
  auto take_way = [&](uint32_t reserve) {
    CacheLine* victim = slice.tags.victim(r.l2_line);
    if (victim == nullptr) return false;
    const uint32_t writeback = victim->present() && victim->dirty != 0 ? 1 : 0;
    if (slice.mshrs_in_use + reserve + writeback > l2_mshrs_) return false;
    way = slice.tags.take(victim, r.l2_line, evicted);
    return true;
  };
  uint8_t have = r.mask;
  if (r.write) {  // write-back, write-allocate: the sectors written need no fetch
    if (way == nullptr && !take_way(0)) return false;
    // A store hits only sectors a store brought in (Baghsorkhi 2012 §2.1, Fermi's counters).
    const uint8_t written = way->dirty & r.mask;
    counters_.l2_write_hit_sectors += static_cast<uint64_t>(std::popcount(written));
    counters_.l2_write_miss_sectors += static_cast<uint64_t>(std::popcount(static_cast<uint8_t>(r.mask & ~written)));
    way->valid |= r.mask;
    way->dirty |= r.mask;
  } else {
    have = way != nullptr ? way->valid & r.mask : 0;
    const uint8_t missing = r.mask & ~have;
    if (missing != 0) {
      if (way != nullptr && way->mshr != kNoMshr) {  // merge into the line's outstanding fetch
        Mshr& m = mshrs_[way->mshr];
        if (m.waiters >= static_cast<uint32_t>(cfg_.memory.l2.mshr_merge)) return false;
        r.ready = now + l2_return_cycles_;
        add_waiter(m, request);
        const uint8_t need = missing & ~way->pending;
        counters_.l2_in_flight_sectors += static_cast<uint64_t>(std::popcount(static_cast<uint8_t>(missing & ~need)));
        if (need != 0) {
          way->pending |= need;
          m.pending |= need;
          fetch_below(way->mshr, r.line, need, false, r.sm, now);
        }
      } else {
        if (slice.mshrs_in_use >= l2_mshrs_) return false;
        if (way == nullptr && !take_way(1)) return false;
        ++slice.mshrs_in_use;
        Mshr m;
        m.line = r.l2_line;
        m.owner = slice_index;
        m.pending = missing;
        const uint32_t id = new_mshr(m);
        way->mshr = id;
        way->pending = missing;
        r.ready = now + l2_return_cycles_;
        add_waiter(mshrs_[id], request);
        fetch_below(id, r.line, missing, false, r.sm, now);
      }
    }
    counters_.l2_hit_sectors += static_cast<uint64_t>(std::popcount(have));
    counters_.l2_miss_sectors += static_cast<uint64_t>(std::popcount(missing));
  }
  if (evicted.present() && evicted.dirty != 0) {
    ++slice.mshrs_in_use;
    Mshr wb;
    wb.line = evicted.line;
    wb.owner = slice_index;
    wb.writeback = true;
    fetch_below(new_mshr(wb), evicted.line, evicted.dirty, true, r.sm, now);
  }
  slice.port_free = std::max(slice.port_free, static_cast<double>(now)) + port_cycles_per_sector_ * std::popcount(r.mask);
  if (have == r.mask) {
    r.from_cache = true;
    deliver(request, now + l2_return_cycles_);
  }
  return true;
}

void CachedMemory::fetch_below(uint32_t mshr, uint64_t line, uint8_t sectors, bool write, uint16_t sm, uint64_t now) {
  // One transaction per sector, submitted together: the `dram` model takes a line's sectors as
  // one request; a timed model answers at once.
  const int n = std::popcount(sectors);
  mshrs_[mshr].outstanding += static_cast<uint32_t>(n);
  uint64_t latest = 0;
  int sent = 0;
  for (int s = 0; s < kSectorsPerLine; ++s) {
    if ((sectors & (1u << s)) == 0) continue;
    Transaction t;
    t.address = line * kLineBytes + static_cast<uint64_t>(s) * kSectorBytes;
    t.bytes = static_cast<uint32_t>(kSectorBytes);
    t.write = write;
    t.sm = sm;
    t.tag = mshr;
    t.line_transactions = static_cast<uint8_t>(n);
    t.last_of_access = ++sent == n;
    if (below_timed_)
      latest = std::max(latest, below_->submit_timed(t, now));
    else
      below_->submit(t, now);
  }
  if (below_timed_)
    schedule(latest, EventKind::BelowDone, mshr, static_cast<uint32_t>(n));
  else
    below_next_ = below_->next_event_time();
}

void CachedMemory::below_done(uint32_t id, uint32_t count, uint64_t time) {
  Mshr& m = mshrs_[id];
  m.outstanding -= std::min(count, m.outstanding);
  if (m.outstanding > 0) return;
  if (!has_l2_) {  // an L1 straight over the memory: this MSHR only carried one request
    release_waiters(id, time, false);
    return;
  }
  Level& slice = slices_[m.owner];
  const uint32_t owner = m.owner;
  if (!m.writeback) {
    if (CacheLine* way = slice.tags.find(m.line); way != nullptr && way->mshr == id) {
      way->valid |= m.pending;
      way->pending = 0;
      way->mshr = kNoMshr;
    }
    release_waiters(id, time, false);
  } else {
    free_mshrs_.push_back(id);
  }
  --slice.mshrs_in_use;
  if (slice.blocked) {
    slice.blocked = false;
    slice.port_free = std::max(slice.port_free, static_cast<double>(time));
    refresh_slice(owner);
  }
}

void CachedMemory::refresh_slice(uint32_t s) {
  const Level& slice = slices_[s];
  // A port moving several sectors a cycle serves several requests in one cycle: the cycle in which
  // it frees (floor), not the next whole one.
  const uint64_t ready = slice.waiting.empty() || slice.blocked ? kNever : static_cast<uint64_t>(std::floor(slice.port_free));
  slice_ready_.set(s, ready);
}

void CachedMemory::service_slice(uint32_t s, uint64_t now) {
  Level& slice = slices_[s];
  if (l2_lookup(slice, s, slice.waiting.front(), now))
    slice.waiting.pop_front();
  else
    slice.blocked = true;  // until an MSHR frees (below_done)
  refresh_slice(s);
}

}  // namespace warpsim::mem::cache
