#include "mem/queue/queue_channel.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace warpsim::mem::queue {
namespace {

uint64_t scaled(uint64_t ps, double factor) {
  // A full-device channel scales by exactly 1 (once per transaction: skip the call then).
  return factor == 1.0 ? ps : static_cast<uint64_t>(std::llround(static_cast<double>(ps) * factor));
}

}  // namespace

QueueGeometry queue_geometry(const config::HwConfig& cfg, int simulated_sms) {
  QueueGeometry g;
  static_cast<dram::ShareGeometry&>(g) = dram::share_geometry(cfg, simulated_sms);
  if (cfg.memory.controller.queue_window) {
    g.window = std::max(1, static_cast<int>(std::lround(cfg.memory.controller.queue_depth * g.rate_share)));
  }
  return g;
}

ChannelTiming channel_timing(const dram::DramTiming& d, const QueueGeometry& g, int channel) {
  ChannelTiming t;
  t.trcd = d.trcd;
  t.tcl = d.tcl;
  t.twl = d.twl;
  t.tras = d.tras;
  t.trp = d.trp;
  t.tccd = d.tccd_l;  // consecutive column commands to one bank (its bank group): tCCD_L
  t.trtp = d.trtp;
  t.twr = d.twr;
  t.burst = d.burst;
  t.bus_slot = scaled(d.burst, 1.0 / g.rate_share);
  // tFAW allows four activations per window, tRRD one per tRRD: the sustained activate rate of
  // a channel is the lower of 1 / tRRD and 4 / tFAW (datasheet).
  t.act_spacing = scaled(std::max(d.trrd, d.tfaw / 4), 1.0 / g.rate_share);
  t.bank_scale = g.bank_scale;
  // Column commands to one bank group are tCCD_L apart (GDDR5: 3 tCK against a 2 tCK burst), so
  // a group's bursts are that many whole bus slots apart (other groups' bursts fill between).
  t.bank_groups = static_cast<uint32_t>(std::max(1, d.bank_groups));
  t.group_slots = static_cast<uint32_t>((d.tccd_l + d.burst - 1) / d.burst);
  t.window = static_cast<uint32_t>(g.window);
  t.trefi = d.trefi;
  t.trfc = d.trfc;
  // Channels refresh staggered over one interval, half a step in so that none refreshes at 0.
  t.refresh_offset = d.trefi * static_cast<uint64_t>(2 * channel + 1) / static_cast<uint64_t>(2 * g.channels);
  return t;
}

QueueChannel::QueueChannel(const ChannelTiming& t, int banks)
    : t_(t),
      banks_(static_cast<size_t>(banks)),
      bus_(t.bus_slot),
      acts_(t.act_spacing),
      latest_starts_(),
      cached_refresh_(t.refresh_offset) {
  if (t.group_slots > 1) groups_.assign(t.bank_groups, IntervalCalendar(t.group_slots * t.bus_slot));
}

uint64_t QueueChannel::after_refresh(uint64_t t, uint64_t busy) const {
  if (t_.trefi == 0 || t_.trfc == 0) return t;
  const uint64_t end = t + busy;
  if (end <= t_.refresh_offset) return t;
  // The last refresh starting before `end`; the one before it ended long before t (tREFI >> tRC).
  // Most calls fall in the interval of the previous call: no division then.
  if (end - 1 < cached_refresh_ || end - 1 >= cached_refresh_ + t_.trefi)
    cached_refresh_ = t_.refresh_offset + (end - 1 - t_.refresh_offset) / t_.trefi * t_.trefi;
  const uint64_t r = cached_refresh_;
  return t < r + t_.trfc ? r + t_.trfc : t;
}

uint64_t QueueChannel::activate(Bank& b, uint64_t arrive, uint64_t row) {
  // The row cycle from the ACT must not overlap a refresh; the ACT takes the first free slot of
  // the activate-rate server from when its bank is free.
  const auto no_refresh = [this](uint64_t t) { return after_refresh(t, t_.tras + t_.trp); };
  const uint64_t ready = std::max(arrive, b.free);
  const uint64_t act = t_.act_spacing == 0 ? no_refresh(ready) : acts_.reserve(ready, t_.act_spacing, arrive, no_refresh);
  if (b.row != kNoRow) closed_busy_ps_ += b.free - b.act;
  // The open row stays open until its precharge (b.pre <= act - tRP): remember it.
  b.prev_row = b.row;
  b.prev_pre = b.pre;
  b.prev_next_col = b.next_col;
  b.row = row;
  b.act = act;
  b.pre = act + t_.tras;
  b.next_col = act + t_.trcd;
  ++counters_.activates;
  return act;
}

uint64_t QueueChannel::bank_busy_ps() const {
  uint64_t busy = closed_busy_ps_;
  for (const Bank& b : banks_)
    if (b.row != kNoRow) busy += b.free - b.act;
  return busy;
}

uint64_t QueueChannel::window_floor() const {
  // Requests leave the queue when their data is scheduled; this one found room once all but
  // window - 1 of the earlier ones had left: at the window-th latest of their bus starts.
  return t_.window != 0 && latest_starts_.size() == t_.window ? latest_starts_.front() : 0;
}

void QueueChannel::remember_bus_start(uint64_t start) {
  if (t_.window == 0) return;
  latest_starts_.push_back(start);
  std::push_heap(latest_starts_.begin(), latest_starts_.end(), std::greater<>());
  if (latest_starts_.size() > t_.window) {
    std::pop_heap(latest_starts_.begin(), latest_starts_.end(), std::greater<>());
    latest_starts_.pop_back();
  }
}

void QueueChannel::reserve_burst(uint64_t start, uint32_t bank) {
  bus_.insert(start, t_.bus_slot);
  groups_[bank % t_.bank_groups].insert(start, t_.group_slots * t_.bus_slot);
}

QueueChannel::Placement QueueChannel::place(uint64_t ready, uint32_t bursts, uint32_t bank, uint64_t arrive, bool commit) {
  // A refresh stops the bus too (all banks precharged). With a bounded window, FR-FCFS reorders
  // only within its queue (Rixner et al. 2000): no gap before the queue had room for this request.
  const uint64_t from = std::max(ready, window_floor());
  if (groups_.empty()) {  // no bank-group spacing beyond a burst: the bursts back to back
    const uint64_t len = bursts * t_.bus_slot;
    const uint64_t start = bus_.find(from, len, arrive, [this, len](uint64_t x) { return after_refresh(x, len); });
    if (commit) bus_.insert(start, len);
    return {start, start + (bursts - 1) * t_.burst};
  }
  IntervalCalendar& group = groups_[bank % t_.bank_groups];
  const uint64_t slot = t_.bus_slot, group_len = t_.group_slots * slot;
  bus_.retire(arrive);
  group.retire(arrive);
  Placement p;
  uint64_t t = from;
  for (uint32_t k = 0; k < bursts; ++k) {
    // The first time both the bus and the bank group are free: each search only moves later, so
    // both walk on from where their last search ended (no insert until the slot is found).
    IntervalCalendar::Cursor on_bus_cursor = bus_.cursor(t), in_group_cursor = group.cursor(t);
    const auto bus_free = [&](uint64_t from_t) {
      return bus_.find_from(on_bus_cursor, from_t, slot, [this, slot](uint64_t x) { return after_refresh(x, slot); });
    };
    const auto group_free = [&](uint64_t from_t) {
      return group.find_from(in_group_cursor, from_t, group_len, [](uint64_t x) { return x; });
    };
    uint64_t on_bus = bus_free(t);
    for (uint64_t in_group = group_free(on_bus); in_group != on_bus; in_group = group_free(on_bus)) on_bus = bus_free(in_group);
    if (commit) reserve_burst(on_bus, bank);
    if (k == 0) p.first = on_bus;
    p.last = on_bus;
    t = on_bus + group_len;  // the request's next burst: same bank, same group
  }
  return p;
}

uint64_t QueueChannel::serve_from_previous_row(Bank& b, uint64_t arrive, uint32_t bursts, uint32_t bank) {
  if (arrive >= b.prev_pre) return kNotServed;  // closed
  const uint64_t ready = std::max(arrive, b.prev_next_col) + t_.tcl;
  Placement p = place(ready, bursts, bank, arrive, false);
  const uint64_t last_col = p.last - t_.tcl;
  if (last_col + t_.trtp > b.prev_pre) return kNotServed;  // would hold the row past its precharge
  if (bursts == 1 && !groups_.empty()) {                   // the common case: reserve what the look found
    reserve_burst(p.first, bank);
  } else {
    p = place(ready, bursts, bank, arrive, true);
  }
  remember_bus_start(p.first);
  b.prev_next_col = last_col + t_.tccd;
  ++counters_.row_hits;
  counters_.column_accesses += bursts;
  counters_.bus_busy_ps += uint64_t{bursts} * t_.burst;
  return p.last + t_.burst;
}

uint64_t QueueChannel::serve(uint64_t arrive, uint64_t row, uint32_t bank, uint32_t bursts, bool write) {
  Bank& b = banks_[bank];
  // The bank's previous row, still open while the next activation waits (reads only: a write
  // would hold the precharge for tWR).
  if (!write && b.row != row && b.prev_row == row) {
    const uint64_t end = serve_from_previous_row(b, arrive, bursts, bank);
    if (end != kNotServed) return end;
  }
  // A row hit: the bank holds this row open and has not yet closed it. The access must end
  // before the refresh that would close the row.
  const bool hit = b.row == row && arrive < b.pre && after_refresh(b.act, std::max(b.pre, b.next_col + t_.trtp) + t_.trp - b.act) == b.act;
  const uint64_t access = write ? t_.twl : t_.tcl;
  if (hit)
    ++counters_.row_hits;
  else
    activate(b, arrive, row);
  // The data takes the first free bus slots from when its bank can deliver it: a request held up
  // by its bank neither holds the bus for later requests nor loses a gap an earlier one left.
  // Its column commands follow the slots (a READ goes tCL before its burst), so the row stays
  // open until the last of them and the bank's next column follows it.
  const Placement p = place(std::max({arrive, b.next_col, b.act + t_.trcd}) + access, bursts, bank, arrive, true);
  remember_bus_start(p.first);
  const uint64_t data_end = p.last + t_.burst;
  const uint64_t last_col = p.last - access;
  b.next_col = last_col + t_.tccd;
  b.pre = std::max(b.pre, write ? data_end + t_.twr : last_col + t_.trtp);
  // The bank is busy until its row is precharged: a row cycle tRAS + tRP at least.
  b.free = b.act + scaled(b.pre + t_.trp - b.act, t_.bank_scale);
  counters_.column_accesses += bursts;
  counters_.bus_busy_ps += uint64_t{bursts} * t_.burst;
  return data_end;
}

}  // namespace warpsim::mem::queue
