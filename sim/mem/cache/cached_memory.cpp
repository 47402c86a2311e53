#include "mem/cache/cached_memory.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "common/bit_mix.h"
#include "common/user_error.h"

namespace warpsim::mem::cache {
namespace {

bool has_l2(const config::HwConfig& cfg) { return cfg.memory.l2.slices > 0 && cfg.memory.l2_bytes > 0; }
bool has_l1(const config::HwConfig& cfg) { return cfg.memory.l1.bytes > 0; }

// The SM -> slice trip: half an L2 hit (a crossbar each way).
uint64_t request_trip(const config::HwConfig& cfg) { return has_l2(cfg) ? static_cast<uint64_t>(cfg.memory.l2.hit_latency_cycles / 2) : 0; }

// The model below, timed as without caches less the trip to the slice a miss has made already.
config::HwConfig below_config(const config::HwConfig& cfg) {
  config::HwConfig below = cfg;
  below.memory.l2.slices = 0;
  below.memory.l1.bytes = 0;
  below.memory.latency_cycles -= static_cast<int>(request_trip(cfg));
  return below;
}

// The model below, whose errors about its latency say that the caches took their part of it.
std::unique_ptr<MemorySystem> build_below(const MemorySystemSpec& spec, const config::HwConfig& cfg) {
  try {
    return make_memory_system(spec);
  } catch (const UserError& e) {
    std::vector<Diagnostic> ds = e.diagnostics();
    for (Diagnostic& d : ds)
      if (request_trip(cfg) > 0 && d.message.find("latency") != std::string::npos)
        d.message += fmt::format("; behind the caches the memory takes memory.latency_cycles ({}) less the {} cycles a miss has spent reaching its L2 slice",
                                 cfg.memory.latency_cycles, request_trip(cfg));
    throw UserError(std::move(ds));
  }
}

// `value` in a freed slot of `pool`, else a new one: no allocation in steady state.
template <typename T>
uint32_t place(std::vector<T>& pool, std::vector<uint32_t>& free, const T& value) {
  if (free.empty()) {
    pool.push_back(value);
    return static_cast<uint32_t>(pool.size() - 1);
  }
  const uint32_t i = free.back();
  free.pop_back();
  pool[i] = value;
  return i;
}

uint32_t scaled(int per_device, double share) { return static_cast<uint32_t>(std::max(1.0, std::round(per_device * share))); }

}  // namespace

bool has_caches(const config::HwConfig& cfg) { return has_l2(cfg) || has_l1(cfg); }

CachedMemory::CachedMemory(const MemorySystemSpec& spec)
    : below_config_(below_config(*spec.config)),
      below_(build_below(MemorySystemSpec{&below_config_, spec.simulated_sms, spec.seed}, *spec.config)),
      below_timed_(below_->times_at_submit()),
      cfg_(*spec.config) {
  const config::MemoryConfig& m = cfg_.memory;
  const double share = static_cast<double>(spec.simulated_sms) / cfg_.device.sms;
  has_l2_ = has_l2(cfg_);
  has_l1_ = has_l1(cfg_);
  request_cycles_ = request_trip(cfg_);
  if (has_l2_) {
    // A share's slices, as its DRAM channels (dram/share_geometry.h): its share of them, at least
    // one, each with the port rate and MSHRs of the traffic it carries (a device slice's where the
    // share holds whole slices), and its share of the capacity (the other SMs' data take the rest).
    const double device_slices = m.l2.slices * share;
    const int slices = std::max(1, static_cast<int>(std::round(device_slices)));
    const double per_slice = device_slices / slices;  // of a device slice's traffic
    l2_return_cycles_ = static_cast<uint64_t>(m.l2.hit_latency_cycles) - request_cycles_;
    port_cycles_per_sector_ = static_cast<double>(kSectorBytes) / (m.l2.bytes_per_cycle * per_slice);
    l2_mshrs_ = std::max(2u, scaled(m.l2.mshrs, per_slice));  // a miss and the write-back of its victim
    const auto bytes = static_cast<uint64_t>(m.l2_bytes * share);
    const uint64_t sets = std::max<uint64_t>(1, bytes / (static_cast<uint64_t>(slices) * kLineBytes * static_cast<uint64_t>(m.l2.ways)));
    slices_.resize(static_cast<size_t>(slices));
    for (Level& s : slices_) s.tags = SectorCache(sets * kLineBytes * static_cast<uint64_t>(m.l2.ways), m.l2.ways);
    slice_ready_ = dram::ChannelMinTree(slices_.size());
    if (share < 1)
      for (const AddressRange& a : spec.shared_arrays) {
        FoldedArray f;
        f.first_line = a.begin / kLineBytes;
        f.lines = (a.end + kLineBytes - 1) / kLineBytes - f.first_line;
        f.kept = std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(static_cast<double>(f.lines) * share)));
        folded_.push_back(f);
      }
  }
  if (has_l1_) {
    l1_mshrs_ = static_cast<uint32_t>(m.l1.mshrs);
    l1_.resize(static_cast<size_t>(spec.simulated_sms));
    for (Level& l : l1_) l.tags = SectorCache(static_cast<uint64_t>(m.l1.bytes), m.l1.ways);
  }
  counters_.l1 = has_l1_;
  counters_.l2 = has_l2_;
}

uint32_t CachedMemory::new_request(const Request& r) { return place(requests_, free_requests_, r); }

uint32_t CachedMemory::new_mshr(const Mshr& m) { return place(mshrs_, free_mshrs_, m); }

void CachedMemory::schedule(uint64_t time, EventKind kind, uint32_t id, uint32_t count) { events_.push(Event{time, seq_++, kind, id, count}); }

// Lines hash over the slices (GPUs hash addresses over their L2 slices and partitions), with other
// bits of the hash than the set index's (sector_cache.cpp), so that a slice's sets are all used.
uint32_t CachedMemory::slice_of(uint64_t line) const { return static_cast<uint32_t>((mix64(line) >> 32) % slices_.size()); }

uint64_t CachedMemory::l2_line_of(uint64_t line) const {
  for (const FoldedArray& f : folded_)
    if (line - f.first_line < f.lines) return f.first_line + (line - f.first_line) % f.kept;
  return line;
}

// ---- the SMs' side

void CachedMemory::submit(const Transaction& t, uint64_t now) {
  const uint64_t line = t.address / kLineBytes;
  const uint8_t mask = sector_mask(t.address, t.bytes);
  // The sectors of one line an access sends together are one request (one lookup), as the L1's
  // tag stage takes a line's sectors at once (NVIDIA forum, docs/memory-model.md "Caches"). The
  // last request stays open for more sectors until another request or the next cycle comes: its
  // lookup (at its own cycle) cannot change anything before the next one.
  if (open_ != kNone) {
    Request& o = requests_[open_];
    if (open_time_ == now && o.tag == t.tag && o.sm == t.sm && o.write == t.write && o.line == line) {
      o.mask |= mask;
      ++o.transactions;
      return;
    }
    const uint32_t r = open_;
    open_ = kNone;
    submit_access(r, open_time_);
  }
  Request r;
  r.line = line;
  r.submit = now;
  r.tag = t.tag;
  r.sm = t.sm;
  r.mask = mask;
  r.write = t.write;
  open_ = new_request(r);
  open_time_ = now;
}

void CachedMemory::submit_access(uint32_t request, uint64_t now) {
  if (!has_l1_) return send_to_l2(request, now);
  Level& l1 = l1_[requests_[request].sm];
  if (l1.waiting.empty() && l1_lookup(request, now)) return;
  l1.waiting.push_back(request);  // behind a stalled miss: the LSU waits in order
}

void CachedMemory::deliver(uint32_t request, uint64_t time) {
  const Request& r = requests_[request];
  if (r.l1_mshr != kNone) {
    schedule(time, EventKind::L1Fill, request);
    return;
  }
  responses_.push(time, seq_++, Completion{time, r.tag, r.sm, r.transactions, r.from_cache});
  for (uint32_t k = 0; k < r.transactions; ++k) latencies_.record(time - r.submit);
  free_requests_.push_back(request);
}

void CachedMemory::add_waiter(Mshr& m, uint32_t request) {
  requests_[request].next = kNone;
  if (m.last == kNone) m.first = request;
  else requests_[m.last].next = request;
  m.last = request;
  ++m.waiters;
}

void CachedMemory::release_waiters(uint32_t mshr, uint64_t time, bool from_cache) {
  for (uint32_t w = mshrs_[mshr].first; w != kNone;) {
    const uint32_t next = requests_[w].next;
    requests_[w].from_cache = from_cache;
    deliver(w, std::max(time, requests_[w].ready));
    w = next;
  }
  free_mshrs_.push_back(mshr);
}

// ---- L1 (per SM): looked up when the SM submits, in its order

bool CachedMemory::l1_lookup(uint32_t request, uint64_t now) {
  Request& r = requests_[request];
  Level& l1 = l1_[r.sm];
  CacheLine* way = l1.tags.find(r.line);
  if (r.write) {
    if (way != nullptr) {
      if (cfg_.memory.l1.stores_update) way->valid |= r.mask;
      else if (way->pending == 0) l1.tags.invalidate(*way);
      else way->valid = 0;  // its fetch still lands; the store's sectors are stale until then
    }
    send_to_l2(request, now);
    return true;
  }
  const uint8_t have = way != nullptr ? way->valid & r.mask : 0;
  const uint8_t missing = r.mask & ~have;
  if (missing == 0) {
    r.from_cache = true;
    counters_.l1_hit_sectors += static_cast<uint64_t>(std::popcount(r.mask));
    deliver(request, now + static_cast<uint64_t>(cfg_.memory.l1.hit_latency_cycles));
    return true;
  }
  const uint32_t merge = static_cast<uint32_t>(cfg_.memory.l1.mshr_merge);
  if (way != nullptr && way->mshr != kNoMshr) {
    Mshr& m = mshrs_[way->mshr];
    if (m.waiters >= merge) return false;
    const uint8_t need = missing & ~way->pending;
    r.ready = now + static_cast<uint64_t>(cfg_.memory.l1.hit_latency_cycles);
    add_waiter(m, request);
    counters_.l1_hit_sectors += static_cast<uint64_t>(std::popcount(have));
    counters_.l1_miss_sectors += static_cast<uint64_t>(std::popcount(missing));
    if (need != 0) {
      way->pending |= need;
      m.pending |= need;
      ++m.outstanding;
      Request below;
      below.line = r.line;
      below.submit = now;
      below.sm = r.sm;
      below.mask = need;
      below.l1_mshr = way->mshr;
      send_to_l2(new_request(below), now);
    }
    return true;
  }
  if (l1.mshrs_in_use >= l1_mshrs_) return false;
  if (way == nullptr) {
    CacheLine* victim = l1.tags.victim(r.line);
    if (victim == nullptr) return false;
    CacheLine evicted;  // L1 lines are never dirty: stores go through
    way = l1.tags.take(victim, r.line, evicted);
  }
  ++l1.mshrs_in_use;
  Mshr m;
  m.line = r.line;
  m.owner = r.sm;
  m.pending = missing;
  m.outstanding = 1;
  const uint32_t id = new_mshr(m);
  way->mshr = id;
  way->pending = missing;
  r.ready = now + static_cast<uint64_t>(cfg_.memory.l1.hit_latency_cycles);
  add_waiter(mshrs_[id], request);
  counters_.l1_hit_sectors += static_cast<uint64_t>(std::popcount(have));
  counters_.l1_miss_sectors += static_cast<uint64_t>(std::popcount(missing));
  Request below;
  below.line = r.line;
  below.submit = now;
  below.sm = r.sm;
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
  if (CacheLine* way = l1.tags.find(m.line); way != nullptr && way->mshr == id) {
    way->valid |= m.pending;
    way->pending = 0;
    way->mshr = kNoMshr;
  }
  const int sm = static_cast<int>(m.owner);
  release_waiters(id, time, m.from_cache);
  --l1.mshrs_in_use;
  l1_drain(sm, time);
}

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
        if (const uint8_t need = missing & ~way->pending; need != 0) {
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
    if (below_timed_) latest = std::max(latest, below_->submit_timed(t, now));
    else below_->submit(t, now);
  }
  if (below_timed_) schedule(latest, EventKind::BelowDone, mshr, static_cast<uint32_t>(n));
  else below_next_ = below_->next_event_time();
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
  if (l2_lookup(slice, s, slice.waiting.front(), now)) slice.waiting.pop_front();
  else slice.blocked = true;  // until an MSHR frees (below_done)
  refresh_slice(s);
}

// ---- events

void CachedMemory::process_until(uint64_t t) {
  if (open_ != kNone && open_time_ < t) {
    const uint32_t r = open_;
    open_ = kNone;
    submit_access(r, open_time_);
  }
  for (;;) {
    const uint64_t ta = arrivals_.empty() ? kNever : arrivals_.front().time;
    const uint64_t te = events_.empty() ? kNever : events_.top().time;
    const uint64_t ts = has_l2_ ? slice_ready_.min_time() : kNever;
    const uint64_t tb = below_next_;
    const uint64_t now = std::min({ta, te, ts, tb});
    if (now > t) return;
    if (tb == now) {  // the memory below first, so that its fills land before lookups of the cycle
      below_done_.clear();
      below_->advance(now, below_done_);
      below_next_ = below_->next_event_time();
      for (const Completion& c : below_done_) below_done(c.tag, c.transactions, c.time);
      continue;
    }
    if (te == now) {
      const Event e = events_.top();
      events_.pop();
      if (e.kind == EventKind::BelowDone) below_done(e.id, e.count, e.time);
      else l1_filled(e.id, e.time);
      continue;
    }
    if (ta == now) {
      const Arrival a = arrivals_.front();
      arrivals_.pop_front();
      Request& r = requests_[a.request];
      r.l2_line = l2_line_of(r.line);
      const uint32_t s = slice_of(r.l2_line);
      Level& slice = slices_[s];
      slice.waiting.push_back(a.request);
      if (slice.waiting.size() == 1) {  // an idle port takes it now
        slice.port_free = std::max(slice.port_free, static_cast<double>(a.time));
        refresh_slice(s);
      }
      continue;
    }
    service_slice(static_cast<uint32_t>(slice_ready_.min_channel()), now);
  }
}

uint64_t CachedMemory::next_event_time() const {
  uint64_t t = responses_.next_time();
  if (open_ != kNone) t = std::min(t, open_time_ + 1);
  if (!events_.empty()) t = std::min(t, events_.top().time);
  if (!arrivals_.empty()) t = std::min(t, arrivals_.front().time);
  if (has_l2_) t = std::min(t, slice_ready_.min_time());
  t = std::min(t, below_next_);
  return t;
}

void CachedMemory::advance(uint64_t t, std::vector<Completion>& done) {
  process_until(t);
  responses_.pop_until(t, done);
}

}  // namespace warpsim::mem::cache
