#include "mem/cache/cached_memory.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "common/user_error.h"
#include "mem/cache/l2_geometry.h"

namespace warpsim::mem::cache {
namespace {

bool has_l2(const config::HwConfig& cfg) { return cfg.memory.l2.slices > 0 && cfg.memory.l2_bytes > 0; }
bool has_l1(const config::HwConfig& cfg) { return cfg.memory.l1.bytes > 0; }

// The SM -> slice trip: half an L2 hit (a crossbar each way).
uint64_t request_trip(const config::HwConfig& cfg) { return has_l2(cfg) ? static_cast<uint64_t>(cfg.memory.l2.hit_latency_cycles / 2) : 0; }

// What a miss spends crossing to its line's home partition, on average over the homes: (P - 1) / P
// of the lines are homed in another partition than the SM's.
uint64_t mean_far_trip(const config::HwConfig& cfg) {
  const int p = cfg.memory.l2.partitions;
  return has_l2(cfg) && p > 1 ? static_cast<uint64_t>(std::llround(static_cast<double>(cfg.memory.l2.far_hit_cycles) * (p - 1) / p)) : 0;
}

// The L1's ways where it shares one array with shared memory (Volta and later: the driver carves
// the shared memory the resident blocks reserve out of it; CUDA Programming Guide, compute
// capability 7.x-9.0 "Shared Memory"): the ways the carve-out leaves, at least one, at most all.
int l1_ways(const config::HwConfig& cfg, int shared_memory_per_sm) {
  const config::L1Config& l1 = cfg.memory.l1;
  if (l1.unified_bytes <= 0) return l1.ways;
  const int64_t way_bytes = l1.bytes / l1.ways;
  const int64_t left = int64_t{l1.unified_bytes} - shared_memory_per_sm;
  return static_cast<int>(std::clamp<int64_t>(left / way_bytes, 1, l1.ways));
}

// The model below, timed as without caches (mem/unloaded_latency.h) less the trip to the slice a
// miss has made already (to its home partition's, on average over the lines).
config::HwConfig below_config(const config::HwConfig& cfg) {
  config::HwConfig below = cfg;
  below.memory.l2.slices = 0;
  below.memory.l1.bytes = 0;
  below.memory.latency_cycles -= static_cast<int>(request_trip(cfg) + mean_far_trip(cfg));
  return below;
}

// What the model below is built for: the caches' requesters see only the caches' latencies.
MemorySystemSpec below_spec(const MemorySystemSpec& spec, const config::HwConfig& below) {
  MemorySystemSpec s{&below, spec.simulated_sms, spec.seed};
  s.records_latencies = false;
  return s;
}

// The model below, whose errors about its latency say that the caches took their part of it.
std::unique_ptr<MemorySystem> build_below(const MemoryBuilder& build, const MemorySystemSpec& spec, const config::HwConfig& cfg) {
  try {
    return build(spec);
  } catch (const UserError& e) {
    std::vector<Diagnostic> ds = e.diagnostics();
    for (Diagnostic& d : ds)
      if (request_trip(cfg) > 0 && d.message.find("latency") != std::string::npos)
        d.message += fmt::format(
            "; behind the caches the memory takes memory.latency_cycles ({}) less the {} cycles a miss has spent reaching its L2 slice",
            cfg.memory.latency_cycles, request_trip(cfg) + mean_far_trip(cfg));
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

CachedMemory::CachedMemory(const MemorySystemSpec& spec, const MemoryBuilder& build_uncached)
    : below_config_(below_config(*spec.config)),
      below_(build_below(build_uncached, below_spec(spec, below_config_), *spec.config)),
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
    const L2Geometry g = l2_geometry(cfg_, share);
    partitions_ = static_cast<uint32_t>(g.partitions);
    partition_slices_ = static_cast<uint32_t>(g.slices / g.partitions);
    far_cycles_ = static_cast<uint64_t>(m.l2.far_hit_cycles);
    sms_per_partition_ = spec.simulated_sms >= g.partitions;
    const double per_slice = m.l2.slices * share / g.slices;  // of a device slice's traffic
    l2_return_cycles_ = static_cast<uint64_t>(m.l2.hit_latency_cycles) - request_cycles_;
    port_cycles_per_sector_ = static_cast<double>(kSectorBytes) / (m.l2.bytes_per_cycle * per_slice);
    // A slice of a share carries per_slice of a device slice's traffic, the rest being the other
    // SMs' spread over time: a warp's burst moves at a device slice's rate, and the share keeps to its
    // rate over an L2 round trip (running ahead by at most that), not request by request, which
    // would serialise a burst 1 / per_slice times slower than the device does.
    burst_cycles_per_sector_ = std::min(port_cycles_per_sector_, static_cast<double>(kSectorBytes) / m.l2.bytes_per_cycle);
    share_burst_cycles_ = per_slice < 1 ? static_cast<double>(m.l2.hit_latency_cycles) : 0.0;
    access_sectors_ = m.l2.access_bytes / static_cast<int>(kSectorBytes);
    l2_mshrs_ = std::max(2u, scaled(m.l2.mshrs, per_slice));  // a miss and the write-back of its victim
    slices_.resize(static_cast<size_t>(g.slices));
    for (Level& s : slices_) s.tags = SectorCache(g.slice_bytes, m.l2.ways);
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
    streams_past_full_sets_ = m.l1.unified_bytes > 0;
    const int ways = l1_ways(cfg_, spec.shared_memory_per_sm);
    const uint64_t bytes = static_cast<uint64_t>(m.l1.bytes) / static_cast<uint64_t>(m.l1.ways) * static_cast<uint64_t>(ways);
    for (Level& l : l1_) l.tags = SectorCache(bytes, ways);
  }
  latencies_ = LatencyRecorder(spec.records_latencies);
  counters_.l1 = has_l1_;
  counters_.l2 = has_l2_;
}

uint32_t CachedMemory::new_request(const Request& r) { return place(requests_, free_requests_, r); }

uint32_t CachedMemory::new_mshr(const Mshr& m) { return place(mshrs_, free_mshrs_, m); }

void CachedMemory::schedule(uint64_t time, EventKind kind, uint32_t id, uint32_t count) {
  events_.push(Event{time, seq_++, kind, id, count});
}

uint32_t CachedMemory::slice_of(const Request& r) const {
  const uint32_t home = l2_home_partition(r.l2_line, static_cast<int>(partitions_));
  const uint32_t partition = r.write || r.near_mshr != kNone ? home : r.partition;
  return partition * partition_slices_ + l2_slice_of(r.l2_line, static_cast<int>(partition_slices_));
}

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
  if (partitions_ > 1) r.partition = static_cast<uint8_t>((sms_per_partition_ ? t.sm : t.warp) % partitions_);
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
  if (r.near_mshr != kNone) {  // the home partition's answer reaches the near slice's MSHR
    if (!r.from_cache) mshrs_[r.near_mshr].from_cache = false;
    schedule(time, EventKind::BelowDone, r.near_mshr, static_cast<uint32_t>(sectors_in(r.mask)));
    free_requests_.push_back(request);
    return;
  }
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
  if (m.last == kNone)
    m.first = request;
  else
    requests_[m.last].next = request;
  m.last = request;
  ++m.waiters;
}

void CachedMemory::release_waiters(uint32_t mshr, uint64_t time, bool from_cache, int l1_sm) {
  for (uint32_t w = mshrs_[mshr].first; w != kNone;) {
    const uint32_t next = requests_[w].next;
    requests_[w].from_cache = from_cache;
    const uint64_t arrives = l1_sm < 0 ? time : l1_port(l1_sm, time, sectors_in(requests_[w].mask));
    deliver(w, std::max(arrives, requests_[w].ready));
    w = next;
  }
  free_mshrs_.push_back(mshr);
}

uint64_t CachedMemory::l1_port(int sm, uint64_t at, int sectors) {
  const double bytes_per_cycle = cfg_.memory.l1.bytes_per_cycle;
  if (bytes_per_cycle <= 0) return at;
  Level& l1 = l1_[static_cast<size_t>(sm)];
  const double start = std::max(l1.port_free, static_cast<double>(at));
  l1.port_free = start + static_cast<double>(sectors) * static_cast<double>(kSectorBytes) / bytes_per_cycle;
  return static_cast<uint64_t>(std::ceil(start));
}

// ---- events

void CachedMemory::process_until(uint64_t t) {
  if (open_ != kNone && open_time_ < t) {
    const uint32_t r = open_;
    open_ = kNone;
    submit_access(r, open_time_);
  }
  for (;;) {
    const uint64_t ta =
        std::min(arrivals_.empty() ? kNever : arrivals_.front().time, far_arrivals_.empty() ? kNever : far_arrivals_.front().time);
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
      if (e.kind == EventKind::BelowDone)
        below_done(e.id, e.count, e.time);
      else
        l1_filled(e.id, e.time);
      continue;
    }
    if (ta == now) {
      const bool far = arrivals_.empty() || arrivals_.front().time != now;
      dram::RingBuffer<Arrival>& from = far ? far_arrivals_ : arrivals_;
      const Arrival a = from.front();
      from.pop_front();
      Request& r = requests_[a.request];
      r.l2_line = l2_line_of(r.line);
      const uint32_t s = slice_of(r);
      Level& slice = slices_[s];
      const bool idle = slice.far_waiting.empty() && (slice.waiting.empty() || slice.blocked);
      (far ? slice.far_waiting : slice.waiting).push_back(a.request);
      if (idle && (far || slice.waiting.size() == 1)) {  // an idle port takes it now
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
  if (!far_arrivals_.empty()) t = std::min(t, far_arrivals_.front().time);
  if (has_l2_) t = std::min(t, slice_ready_.min_time());
  t = std::min(t, below_next_);
  return t;
}

void CachedMemory::advance(uint64_t t, std::vector<Completion>& done) {
  process_until(t);
  responses_.pop_until(t, done);
}

}  // namespace warpsim::mem::cache
