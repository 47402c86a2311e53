#include "mem/dram/dram_channel.h"

#include <algorithm>

namespace warpsim::mem::dram {

DramChannel::DramChannel(const DramTiming& t, PagePolicy policy, int queue_depth, int write_queue_depth,
                         uint64_t refresh_offset)
    : t_(t),
      policy_(policy),
      depth_(static_cast<size_t>(queue_depth)),
      write_depth_(static_cast<size_t>(write_queue_depth)),
      banks_(static_cast<size_t>(t.banks)),
      group_cas_ok_(static_cast<size_t>(t.bank_groups), 0),
      next_refresh_(t.trefi > 0 ? refresh_offset + t.trefi : ~uint64_t{0}),
      hit_stamp_(static_cast<size_t>(t.banks), 0) {
  reads_.reserve(depth_);
  writes_.reserve(write_depth_ * 2);
}

void DramChannel::enqueue(const ChannelRequest& r) {
  if (queued() == 0) settle_idle_refreshes(r.arrive);
  // Both queues are windows of the controller's depth: the scheduler sees (and scans) only them.
  // Writes had no bound: stores, which no warp waits for, piled up by the thousand and every
  // command scanned them all (a store-heavy run's time grew with the square of its length).
  if (r.write && writes_.size() < write_depth_) writes_.push_back(r);
  else if (r.write) write_overflow_.push_back(r);
  else if (reads_.size() < depth_) reads_.push_back(r);
  else overflow_.push_back(r);
  reschedule();
}

bool DramChannel::row_wanted(uint32_t bank, uint64_t row) const {
  for (const auto& q : {&reads_, &writes_})
    for (const ChannelRequest& r : *q)
      if (r.bank == bank && r.row == row) return true;
  return false;
}

void DramChannel::choose_from(const std::vector<ChannelRequest>& q) {
  next_ = Choice{};
  if (++stamp_ == 0) std::fill(hit_stamp_.begin(), hit_stamp_.end(), 0), stamp_ = 1;
  for (const ChannelRequest& r : q)
    if (banks_[r.bank].open_row == r.row) hit_stamp_[r.bank] = stamp_;
  const uint64_t faw_ok = t_.tfaw > 0 && stats_.activates >= 4 ? act_window_[act_pos_] + t_.tfaw : 0;
  const uint64_t rrd_ok = any_act_ ? last_act_ + t_.trrd : 0;
  const size_t per_group = static_cast<size_t>(t_.banks / t_.bank_groups);
  for (size_t i = 0; i < q.size(); ++i) {
    const ChannelRequest& r = q[i];
    const Bank& b = banks_[r.bank];
    Choice c;
    if (b.open_row == r.row) {
      c.cmd = Cmd::Cas;
      c.time = std::max({b.cas_ok, r.write ? write_ok_ : read_ok_, group_cas_ok_[r.bank / per_group]});
    } else if (b.open_row == kClosed) {
      c.cmd = Cmd::Act;
      c.time = std::max({b.act_ok, rrd_ok, faw_ok});
    } else {
      if (hit_stamp_[r.bank] == stamp_) continue;  // row hits to this bank go first (FR-FCFS)
      c.cmd = Cmd::Pre;
      c.time = b.pre_ok;
    }
    c.time = std::max({c.time, cmd_free_, r.arrive});
    c.seq = r.seq;
    c.index = static_cast<int>(i);
    // Earliest command first; at equal times column commands (row hits), then the oldest.
    const bool better = c.time != next_.time ? c.time < next_.time
                        : (c.cmd == Cmd::Cas) != (next_.cmd == Cmd::Cas) ? c.cmd == Cmd::Cas
                                                                          : c.seq < next_.seq;
    if (next_.index < 0 || better) next_ = c;
  }
}

void DramChannel::refresh_at(uint64_t t) {
  // Precharge all banks, then REFRESH; no ACT until tRFC after it.
  uint64_t start = std::max(t, cmd_free_);
  for (const Bank& b : banks_)
    if (b.open_row != kClosed) start = std::max(start, b.pre_ok);
  for (Bank& b : banks_) {
    b.open_row = kClosed;
    b.act_ok = std::max(b.act_ok, start + t_.trp + t_.trfc);
  }
  cmd_free_ = start + t_.trp + t_.tck;
  ++stats_.refreshes;
}

void DramChannel::settle_idle_refreshes(uint64_t t) {
  if (t_.trefi == 0 || idle_since_ == kNever) return;
  // Postponed refreshes go first, back to back, as soon as the channel idled.
  uint64_t at = idle_since_;
  for (; owed_refreshes_ > 0; --owed_refreshes_) {
    refresh_at(at);
    at = cmd_free_ + t_.trfc;
  }
  // Intervals falling due while idle refresh on time.
  while (next_refresh_ < t) {
    refresh_at(std::max(next_refresh_, at));
    at = cmd_free_ + t_.trfc;
    next_refresh_ += t_.trefi;
    // Once one is done before the next falls due, every later one starts on time and leaves the
    // same state as the last of them: count them and go to the last (a long idle period, e.g.
    // a latency of millions of cycles, took one pass over the banks per interval).
    if (at <= next_refresh_ && next_refresh_ < t) {
      const uint64_t skipped = (t - 1 - next_refresh_) / t_.trefi;
      stats_.refreshes += skipped;
      next_refresh_ += skipped * t_.trefi;
    }
  }
  idle_since_ = kNever;
}

void DramChannel::reschedule() {
  for (;;) {
    if (writes_.empty()) draining_ = false;
    else if (writes() >= write_depth_ || reads_.empty()) draining_ = true;
    else if (draining_ && writes() <= write_depth_ / 2) draining_ = false;
    choose_from(active_queue());
    if (next_.index < 0 || next_.time < next_refresh_) return;
    // A refresh falls due while requests wait: postpone it, unless too many already are.
    if (owed_refreshes_ < kMaxPostponedRefreshes) ++owed_refreshes_;
    else refresh_at(next_refresh_);
    next_refresh_ += t_.trefi;
  }
}

void DramChannel::issue_cas(ChannelRequest& r, uint64_t t, std::vector<ChannelDone>& done) {
  Bank& b = banks_[r.bank];
  uint64_t data_end;
  if (r.write) {
    data_end = t + t_.twl + t_.burst;
    write_ok_ = t + t_.burst;
    read_ok_ = std::max(read_ok_, data_end + t_.twtr);
    b.pre_ok = std::max(b.pre_ok, data_end + t_.twr);
    ++stats_.writes;
  } else {
    data_end = t + t_.tcl + t_.burst;
    read_ok_ = t + t_.burst;
    // Write data may follow the read data only after the bus turnaround.
    write_ok_ = std::max(write_ok_, data_end + t_.trtw > t_.twl ? data_end + t_.trtw - t_.twl : 0);
    b.pre_ok = std::max(b.pre_ok, t + t_.trtp);
    ++stats_.reads;
  }
  group_cas_ok_[r.bank / static_cast<uint32_t>(t_.banks / t_.bank_groups)] = t + t_.tccd_l;
  if (--r.bursts == 0) done.push_back({data_end, r.slot, r.write});
}

void DramChannel::issue(std::vector<ChannelDone>& done) {
  const Choice c = next_;
  std::vector<ChannelRequest>& q = active_queue();
  ChannelRequest& r = q[static_cast<size_t>(c.index)];
  Bank& b = banks_[r.bank];
  switch (c.cmd) {
    case Cmd::Act:
      b.open_row = r.row;
      b.cas_ok = c.time + t_.trcd;
      b.pre_ok = c.time + t_.tras;
      last_act_ = c.time;
      any_act_ = true;
      act_window_[act_pos_] = c.time;
      act_pos_ = (act_pos_ + 1) % act_window_.size();
      ++stats_.activates;
      break;
    case Cmd::Pre:
      b.open_row = kClosed;
      b.act_ok = std::max(b.act_ok, c.time + t_.trp);
      ++stats_.precharges;
      break;
    case Cmd::Cas: {
      issue_cas(r, c.time, done);
      if (r.bursts == 0) {
        const uint32_t bank = r.bank;
        const uint64_t row = r.row;
        q.erase(q.begin() + c.index);
        RingBuffer<ChannelRequest>& waiting = &q == &reads_ ? overflow_ : write_overflow_;
        if (!waiting.empty()) {
          q.push_back(waiting.front());
          waiting.pop_front();
        }
        // Close policy: auto-precharge when nothing queued wants the row.
        if (policy_ == PagePolicy::Close && !row_wanted(bank, row)) {
          b.open_row = kClosed;
          b.act_ok = std::max(b.act_ok, b.pre_ok + t_.trp);
          ++stats_.precharges;
        }
      }
      break;
    }
  }
  cmd_free_ = c.time + t_.tck;
  if (queued() == 0) idle_since_ = cmd_free_;
  reschedule();
}

}  // namespace warpsim::mem::dram
