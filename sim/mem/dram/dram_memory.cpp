#include "mem/dram/dram_memory.h"

#include <algorithm>

#include "mem/coalescer.h"
#include "mem/unloaded_latency.h"

namespace warpsim::mem::dram {
// Unloaded latency: Table 6.2's, less what an idle copy of this share takes (a share's slower
// channels move a burst more slowly; unloaded_latency.h).
DramMemory::DramMemory(const MemorySystemSpec& spec) { init(spec, derived_interconnect_ps<DramMemory>(spec)); }

DramMemory::DramMemory(const MemorySystemSpec& spec, uint64_t interconnect_ps) { init(spec, interconnect_ps); }

void DramMemory::init(const MemorySystemSpec& spec, uint64_t interconnect_ps) {
  cfg_ = spec.config;
  const config::HwConfig& cfg = *cfg_;
  clock_ = CoreClock(cfg.device.core_clock_ghz);
  share_ = share_geometry(cfg, spec.simulated_sms);
  timing_ = share_timing(dram_timing(cfg), share_);
  map_ = std::make_unique<AddressMap>(cfg);
  interconnect_ps_ = interconnect_ps;
  latencies_ = LatencyRecorder(spec.records_latencies);
  request_ps_ = interconnect_ps / 2;
  const PagePolicy policy = cfg.memory.controller.page_policy == config::PagePolicy::Open ? PagePolicy::Open : PagePolicy::Close;
  channels_.reserve(static_cast<size_t>(share_.channels));
  for (int c = 0; c < share_.channels; ++c) {
    // Refreshes of different channels are staggered over one interval.
    const uint64_t offset = timing_.trefi * static_cast<uint64_t>(c) / static_cast<uint64_t>(timing_.channels);
    channels_.emplace_back(timing_, policy, share_queue_depth(cfg.memory.controller.queue_depth, share_),
                           share_queue_depth(cfg.memory.controller.write_queue_depth, share_), offset);
  }
  next_command_ = ChannelMinTree(channels_.size());
  for (size_t c = 0; c < channels_.size(); ++c) next_command_.set(c, channels_[c].next_command_time());
  simulated_sms_ = std::clamp(spec.simulated_sms, 1, cfg.device.sms);
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
  // Submissions come at non-decreasing cycles and cross the same fixed latency: a FIFO.
  arrivals_.push_back({time, seq_++, slot});
}

void DramMemory::submit(const Transaction& t, uint64_t now) {
  // The sectors of one line an access sends together share one request: one address decode, one
  // row decision, one queue entry per sector still (the window counts transactions), their bursts
  // issued one by one as before. The access waits for its last sector anyway, so each completes
  // with the request's last burst.
  if (!arrivals_.empty()) {
    Slot& last = slots_[arrivals_.back().slot];
    if (last.submit_cycle == now && last.tag == t.tag && last.sm == t.sm && last.write == t.write &&
        last.address / kLineBytes == t.address / kLineBytes) {
      last.bytes += t.bytes;
      ++last.transactions;
      return;
    }
  }
  const uint32_t s = alloc_slot();
  slots_[s] = Slot{t.address, now, t.tag, t.bytes, t.sm, t.write, 1};
  push_arrival(clock_.to_ps(now) + request_ps_, s);
}

void DramMemory::arrive(const Arrival& a) {
  const Slot& s = slots_[a.slot];
  const DramAddress d = fold_into_share(map_->map(s.address), map_->channels(), share_);
  ChannelRequest r;
  r.arrive = a.time;
  r.seq = a.seq;
  r.row = d.row;
  r.bank = d.bank;
  r.slot = a.slot;
  r.transactions = static_cast<uint16_t>(s.transactions);
  r.bursts = static_cast<uint16_t>(timing_.bursts(s.bytes));
  r.write = s.write;
  dram_bytes_ += static_cast<uint64_t>(r.bursts) * timing_.burst_bytes;
  channels_[d.channel].enqueue(r);
  accept_writes(channels_[d.channel]);
  next_command_.set(d.channel, channels_[d.channel].next_command_time());
}

void DramMemory::accept_writes(DramChannel& c) {
  std::vector<AcceptedWrite>& taken = c.accepted_writes();
  for (const AcceptedWrite& w : taken) complete(slots_[w.slot], clock_.to_cycle_ceil(w.at));
  taken.clear();
}

void DramMemory::complete(const Slot& s, uint64_t cycle) {
  completions_.push(cycle, seq_++, Completion{cycle, s.tag, s.sm, s.transactions});
  for (uint32_t k = 0; k < s.transactions; ++k) latencies_.record(cycle - s.submit_cycle);
}

void DramMemory::finish(const ChannelDone& d) {
  const Slot& s = slots_[d.slot];
  // A read's data comes back; a write completed when its controller took it (accept_writes).
  if (s.write)
    writes_landed_ = std::max(writes_landed_, clock_.to_cycle_ceil(d.data_end));
  else
    complete(s, clock_.to_cycle_ceil(d.data_end + (interconnect_ps_ - request_ps_)));
  free_slots_.push_back(d.slot);
}

void DramMemory::process_until(uint64_t t_ps) {
  for (;;) {
    const uint64_t ta = arrivals_.empty() ? kNever : arrivals_.front().time;
    const size_t best = next_command_.min_channel();
    const uint64_t tc = next_command_.min_time();
    if (std::min(ta, tc) > t_ps) return;
    if (ta <= tc) {  // arrivals first at equal times, so that they compete for the command
      const Arrival a = arrivals_.front();
      arrivals_.pop_front();
      arrive(a);
      continue;
    }
    done_buf_.clear();
    channels_[best].issue(done_buf_);
    accept_writes(channels_[best]);  // from its waiting line, into the slots this command freed
    next_command_.set(best, channels_[best].next_command_time());
    for (const ChannelDone& d : done_buf_) finish(d);
  }
}

uint64_t DramMemory::next_event_time() const {
  uint64_t t = arrivals_.empty() ? kNever : arrivals_.front().time;
  t = std::min(t, next_command_.min_time());
  // The next internal event is often asked for again before it changes (once per step of the
  // caches above): its cycle is converted once.
  if (t != next_ps_) next_ps_ = t, next_cycle_ = t == kNever ? kNever : clock_.to_cycle_ceil(t);
  return std::min(next_cycle_, completions_.next_time());
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
    sum.unused_activates += s.unused_activates;
    sum.precharges += s.precharges;
    sum.reads += s.reads;
    sum.writes += s.writes;
    sum.refreshes += s.refreshes;
    sum.bank_busy_ps += s.bank_busy_ps;
    sum.bus_busy_ps += s.bus_busy_ps;
  }
  return sum;
}

DramCounters DramMemory::dram_counters() const {
  const ChannelStats s = dram_stats();
  DramCounters c;
  c.valid = true;
  c.activates = s.activates;
  c.unused_activates = s.unused_activates;
  c.column_accesses = s.reads + s.writes;
  c.bytes = dram_bytes_;
  c.bank_busy_ps = s.bank_busy_ps;
  c.bus_busy_ps = s.bus_busy_ps;
  c.channels = share_.channels;
  c.banks = share_.channels * share_.banks_per_channel;
  c.device_share = static_cast<double>(simulated_sms_) / cfg_->device.sms;
  return c;
}

}  // namespace warpsim::mem::dram
