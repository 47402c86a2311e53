#include "mem/dram/dram_memory.h"

#include <algorithm>

#include "mem/access_probe.h"
#include "mem/coalescer.h"

namespace warpsim::mem::dram {
namespace {

// Virtual SMs replay the simulated ones spread over this many unloaded latencies (a whole round
// trip: every phase of the original's request pattern is covered once).
constexpr uint64_t kReplicaSpreadLatencies = 1;

bool later(const auto& a, const auto& b) { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }

// Where a virtual SM's copy of an access lands: each 64 KB region of the original is moved to a
// pseudo-random page of its own, so that the copy touches other rows, banks and channels, as
// another SM's data would, without repeating the original's collisions region after region.
uint64_t replica_address(int replica, uint64_t address) {
  constexpr uint64_t kRegion = 64 * 1024;
  uint64_t h = (address / kRegion) * 0x9E3779B97F4A7C15ull + (static_cast<uint64_t>(replica) + 1) * 0xD1B54A32D192ED03ull;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  const uint64_t region = (h & ((uint64_t{1} << 20) - 1)) + (uint64_t{1} << 20);  // 64 KB regions above 64 GB
  return region * kRegion + address % kRegion;
}

// The DRAM part of an unloaded coalesced streaming access: one instruction's transactions,
// departing Table 6.7 cycles apart, on an idle memory system with no interconnect latency.
uint64_t probe_unloaded_dram_cycles(const MemorySystemSpec& spec) {
  MemorySystemSpec whole = spec;
  whole.simulated_sms = spec.config->device.sms;
  DramMemory probe(whole, 0);
  return unloaded_coalesced_tail_cycles(probe, spec.config->lsu);
}

}  // namespace

DramMemory::DramMemory(const MemorySystemSpec& spec) { init(spec, interconnect_ps_for(*spec.config, probe_unloaded_dram_cycles(spec))); }

DramMemory::DramMemory(const MemorySystemSpec& spec, uint64_t interconnect_ps) { init(spec, interconnect_ps); }

void DramMemory::init(const MemorySystemSpec& spec, uint64_t interconnect_ps) {
  cfg_ = spec.config;
  const config::HwConfig& cfg = *cfg_;
  clock_ = CoreClock(cfg.device.core_clock_ghz);
  timing_ = dram_timing(cfg);
  map_ = std::make_unique<AddressMap>(cfg);
  interconnect_ps_ = interconnect_ps;
  request_ps_ = interconnect_ps / 2;
  const PagePolicy policy = cfg.memory.controller.page_policy == config::PagePolicy::Open ? PagePolicy::Open : PagePolicy::Close;
  channels_.reserve(static_cast<size_t>(timing_.channels));
  for (int c = 0; c < timing_.channels; ++c) {
    // Refreshes of different channels are staggered over one interval.
    const uint64_t offset = timing_.trefi * static_cast<uint64_t>(c) / static_cast<uint64_t>(timing_.channels);
    channels_.emplace_back(timing_, policy, cfg.memory.controller.queue_depth, cfg.memory.controller.write_queue_depth, offset);
  }
  next_command_ = ChannelMinTree(channels_.size());
  for (size_t c = 0; c < channels_.size(); ++c) next_command_.set(c, channels_[c].next_command_time());
  simulated_sms_ = std::clamp(spec.simulated_sms, 1, cfg.device.sms);
  const int virtual_sms = cfg.device.sms - simulated_sms_;
  replicas_per_sm_ = (virtual_sms + simulated_sms_ - 1) / simulated_sms_;
  for (int k = 0; k < replicas_per_sm_; ++k)
    replica_delay_.push_back(kReplicaSpreadLatencies * static_cast<uint64_t>(cfg.memory.latency_cycles) * static_cast<uint64_t>(k + 1) /
                             static_cast<uint64_t>(replicas_per_sm_ + 1));
}

uint32_t DramMemory::alloc_slot() {
  if (free_slots_.empty()) {
    slots_.emplace_back();
    return static_cast<uint32_t>(slots_.size() - 1);
  }
  const uint32_t s = free_slots_.back();
  free_slots_.pop_back();
  return s;
}

void DramMemory::push_arrival(uint64_t time, uint32_t slot) {
  arrivals_.push_back({time, seq_++, slot});
  std::push_heap(arrivals_.begin(), arrivals_.end(), [](const Arrival& a, const Arrival& b) { return later(a, b); });
}

void DramMemory::submit(const Transaction& t, uint64_t now) {
  const uint32_t s = alloc_slot();
  slots_[s] = Slot{t.address, now, t.tag, t.bytes, t.sm, true, t.write};
  push_arrival(clock_.to_ps(now) + request_ps_, s);
  // The virtual SMs mirroring this one (virtual SM v mirrors simulated SM v % simulated_sms_).
  const int virtual_sms = cfg_->device.sms - simulated_sms_;
  for (int k = 0; k < replicas_per_sm_; ++k) {
    const int v = k * simulated_sms_ + (t.sm % simulated_sms_);
    if (v >= virtual_sms) break;
    const uint32_t r = alloc_slot();
    slots_[r] = Slot{replica_address(v, t.address), now, 0, t.bytes, 0, false, t.write};
    push_arrival(clock_.to_ps(now + replica_delay_[static_cast<size_t>(k)]) + request_ps_, r);
  }
}

void DramMemory::arrive(const Arrival& a) {
  const Slot& s = slots_[a.slot];
  const DramAddress d = map_->map(s.address);
  ChannelRequest r;
  r.arrive = a.time;
  r.seq = a.seq;
  r.row = d.row;
  r.bank = d.bank;
  r.slot = a.slot;
  r.bursts = static_cast<uint16_t>(timing_.bursts(s.bytes));
  r.write = s.write;
  dram_bytes_ += static_cast<uint64_t>(r.bursts) * timing_.burst_bytes;
  channels_[d.channel].enqueue(r);
  next_command_.set(d.channel, channels_[d.channel].next_command_time());
}

void DramMemory::finish(const ChannelDone& d) {
  const Slot& s = slots_[d.slot];
  if (s.write) writes_landed_by_ = std::max(writes_landed_by_, clock_.to_cycle_ceil(d.data_end));
  if (s.real) {
    // A write is done once its data is in DRAM (as in queue_memory.cpp); a read's comes back.
    const uint64_t cycle = clock_.to_cycle_ceil(s.write ? d.data_end : d.data_end + (interconnect_ps_ - request_ps_));
    completions_.push(cycle, seq_++, Completion{cycle, s.tag, s.sm});
    latencies_.record(cycle - s.submit_cycle);
  }
  free_slots_.push_back(d.slot);
}

void DramMemory::process_until(uint64_t t_ps) {
  const auto heap_order = [](const Arrival& a, const Arrival& b) { return later(a, b); };
  for (;;) {
    const uint64_t ta = arrivals_.empty() ? kNever : arrivals_.front().time;
    const size_t best = next_command_.min_channel();
    const uint64_t tc = next_command_.min_time();
    if (std::min(ta, tc) > t_ps) return;
    if (ta <= tc) {  // arrivals first at equal times, so that they compete for the command
      std::pop_heap(arrivals_.begin(), arrivals_.end(), heap_order);
      const Arrival a = arrivals_.back();
      arrivals_.pop_back();
      arrive(a);
      continue;
    }
    done_buf_.clear();
    channels_[best].issue(done_buf_);
    next_command_.set(best, channels_[best].next_command_time());
    for (const ChannelDone& d : done_buf_) finish(d);
  }
}

uint64_t DramMemory::next_event_time() const {
  uint64_t t = arrivals_.empty() ? kNever : arrivals_.front().time;
  t = std::min(t, next_command_.min_time());
  const uint64_t internal = t == kNever ? kNever : clock_.to_cycle_ceil(t);
  return std::min(internal, completions_.next_time());
}

void DramMemory::advance(uint64_t t, std::vector<Completion>& done) {
  process_until(clock_.to_ps(t));
  completions_.pop_until(t, done);
}

ChannelStats DramMemory::dram_stats() const {
  ChannelStats sum;
  for (const DramChannel& c : channels_) {
    const ChannelStats& s = c.stats();
    sum.activates += s.activates;
    sum.precharges += s.precharges;
    sum.reads += s.reads;
    sum.writes += s.writes;
    sum.refreshes += s.refreshes;
  }
  return sum;
}

DramCounters DramMemory::dram_counters() const {
  const ChannelStats s = dram_stats();
  DramCounters c;
  c.valid = true;
  c.activates = s.activates;
  c.column_accesses = s.reads + s.writes;
  c.bytes = dram_bytes_;  // virtual SMs included: the whole device's traffic
  return c;
}

}  // namespace warpsim::mem::dram
