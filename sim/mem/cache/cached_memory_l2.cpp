// CachedMemory (cached_memory.h): its L2 slices and the fetches below them. Construction, the SMs' side and the
// event loop are in cached_memory.cpp.
#include "mem/cache/cached_memory.h"

#include <algorithm>
#include <cmath>

#include "mem/cache/l2_geometry.h"

namespace warpsim::mem::cache {

// ---- L2 (slices): a request reaches its slice half an L2 hit after it left the SM

// The sectors' worth of port time a request takes: its sectors, rounded out to the aligned chunks
// the slice's data array moves in one access (l2.access_bytes; a lone sector of a 64-byte array
// costs the access of two, A100 whitepaper: 64 bytes per clock per slice).
int CachedMemory::port_sectors(uint8_t mask) const {
  if (access_sectors_ == 1) return sectors_in(mask);
  const unsigned chunk = (1u << access_sectors_) - 1;
  int sectors = 0;
  for (int j = 0; j < kSectorsPerLine; j += access_sectors_)
    if ((mask >> j) & chunk) sectors += access_sectors_;
  return sectors;
}

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
  Request& r = requests_[request];  // not used past a fetch(), which may add requests
  const uint16_t sm = r.sm;
  const uint8_t mask = r.mask;
  CacheLine* way = slice.tags.find(r.l2_line);
  EvictedLine evicted;
  // A way for the line, and an MSHR for the write-back of a dirty victim; false (nothing changed)
  // when the set or the MSHRs are all taken. `reserve`: MSHRs the caller needs besides.
  auto take_way = [&](uint32_t reserve) {
    CacheLine* victim = slice.tags.victim(r.l2_line);
    if (victim == nullptr) return false;
    const uint32_t writeback = slice.tags.holds(*victim) && victim->dirty != 0 ? 1 : 0;
    if (slice.mshrs_in_use + reserve + writeback > l2_mshrs_) return false;
    way = slice.tags.take(victim, r.l2_line, evicted);
    return true;
  };
  uint8_t have = r.mask;
  if (r.write) {  // write-back, write-allocate: the sectors written need no fetch
    if (way == nullptr && !take_way(0)) return false;
    // A store hits only sectors a store brought in (Baghsorkhi 2012 §2.1, Fermi's counters).
    const uint8_t written = way->dirty & r.mask;
    counters_.l2_write_hit_sectors += static_cast<uint64_t>(sectors_in(written));
    counters_.l2_write_miss_sectors += static_cast<uint64_t>(sectors_in(static_cast<uint8_t>(r.mask & ~written)));
    way->valid |= r.mask;
    way->dirty |= r.mask;
  } else {
    have = way != nullptr ? way->valid & r.mask : 0;
    const uint8_t missing = r.mask & ~have;
    // A home partition's lookup for a near one: its near slice counted the sectors missing already;
    // those it holds were L2 hits after all.
    const bool for_near = r.near_mshr != kNone;
    if (missing != 0) {
      if (const uint32_t fetching = way != nullptr ? slice.tags.fetch_mshr(*way) : kNoMshr;
          fetching != kNoMshr) {  // merge into the line's outstanding fetch
        Mshr& m = mshrs_[fetching];
        if (m.waiters >= static_cast<uint32_t>(cfg_.memory.l2.mshr_merge)) return for_near ? (fetch_past_home(request, now), true) : false;
        r.ready = now + l2_return_cycles_;
        add_waiter(m, request);
        const uint8_t need = missing & ~way->pending;
        if (!for_near) counters_.l2_in_flight_sectors += static_cast<uint64_t>(sectors_in(static_cast<uint8_t>(missing & ~need)));
        if (need != 0) {
          way->pending |= need;
          m.pending |= need;
          fetch(fetching, slice_index, r, need, now);
        }
      } else {
        if (slice.mshrs_in_use >= l2_mshrs_ || (way == nullptr && !take_way(1)))
          return for_near ? (fetch_past_home(request, now), true) : false;
        ++slice.mshrs_in_use;
        Mshr m;
        m.line = r.l2_line;
        m.owner = slice_index;
        m.pending = missing;
        const uint32_t id = new_mshr(m);
        mshrs_[id].way = slice.tags.index_of(*way);
        slice.tags.start_fetch(*way, missing, id);
        r.ready = now + l2_return_cycles_;
        add_waiter(mshrs_[id], request);
        fetch(id, slice_index, r, missing, now);
      }
    }
    counters_.l2_hit_sectors += static_cast<uint64_t>(sectors_in(have));
    if (for_near)
      counters_.l2_miss_sectors -= static_cast<uint64_t>(sectors_in(have));
    else
      counters_.l2_miss_sectors += static_cast<uint64_t>(sectors_in(missing));
  }
  if (evicted.present() && evicted.dirty != 0) {
    ++slice.mshrs_in_use;
    Mshr wb;
    wb.line = evicted.line;
    wb.owner = slice_index;
    wb.writeback = true;
    fetch_below(new_mshr(wb), evicted.line, evicted.dirty, true, sm, now);
  }
  const double sectors = port_sectors(mask);
  const double moved = std::max(slice.port_free, static_cast<double>(now)) + burst_cycles_per_sector_ * sectors;
  slice.share_free = std::max(slice.share_free, static_cast<double>(now)) + port_cycles_per_sector_ * sectors;
  slice.port_free = std::max(moved, slice.share_free - share_burst_cycles_);
  if (have == mask) {
    requests_[request].from_cache = true;
    deliver(request, now + l2_return_cycles_);
  }
  return true;
}

void CachedMemory::fetch(uint32_t mshr, uint32_t slice_index, const Request& r, uint8_t sectors, uint64_t now) {
  const uint32_t home = l2_home_partition(r.l2_line, static_cast<int>(partitions_));
  if (home == slice_index / partition_slices_) return fetch_below(mshr, r.line, sectors, false, r.sm, now);
  mshrs_[mshr].outstanding += static_cast<uint32_t>(sectors_in(sectors));
  Request f;
  f.line = r.line;
  f.l2_line = r.l2_line;
  f.submit = now;
  f.near_mshr = mshr;
  f.sm = r.sm;
  f.partition = static_cast<uint8_t>(home);
  f.mask = sectors;
  far_arrivals_.push_back({now + far_cycles_, new_request(f)});
}

void CachedMemory::fetch_past_home(uint32_t request, uint64_t now) {
  const Request r = requests_[request];
  free_requests_.push_back(request);
  const auto n = static_cast<uint32_t>(sectors_in(r.mask));
  mshrs_[r.near_mshr].outstanding -= n;  // fetch_below counts them again
  fetch_below(r.near_mshr, r.line, r.mask, false, r.sm, now);
}

void CachedMemory::fetch_below(uint32_t mshr, uint64_t line, uint8_t sectors, bool write, uint16_t sm, uint64_t now) {
  // One transaction per sector, submitted together: the `dram` model takes a line's sectors as
  // one request; a timed model answers at once.
  const int n = sectors_in(sectors);
  mshrs_[mshr].outstanding += static_cast<uint32_t>(n);
  mshrs_[mshr].from_cache = false;
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
    if (CacheLine* way = slice.tags.find_at(m.way, m.line);
        way != nullptr && way->pending != 0) {  // its fetch: a waiting way keeps its line, and one fetch at a time
      way->valid |= m.pending;
      slice.tags.end_fetch(*way);
    }
    release_waiters(id, time, m.from_cache);
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
  const bool work = !slice.far_waiting.empty() || (!slice.waiting.empty() && !slice.blocked);
  const uint64_t ready = work ? static_cast<uint64_t>(std::floor(slice.port_free)) : kNever;
  slice_ready_.set(s, ready);
}

void CachedMemory::service_slice(uint32_t s, uint64_t now) {
  Level& slice = slices_[s];
  if (!slice.far_waiting.empty()) {
    const uint32_t r = slice.far_waiting.front();
    slice.far_waiting.pop_front();
    l2_lookup(slice, s, r, now);  // never refused: see Level::far_waiting
  } else if (l2_lookup(slice, s, slice.waiting.front(), now)) {
    slice.waiting.pop_front();
  } else {
    slice.blocked = true;  // until an MSHR frees (below_done)
  }
  refresh_slice(s);
}

}  // namespace warpsim::mem::cache
