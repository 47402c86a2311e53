#include "mem/dram/dram_channel.h"

#include <algorithm>
#include <bit>

namespace warpsim::mem::dram {

DramChannel::DramChannel(const DramTiming& t, PagePolicy policy, int queue_depth, int write_queue_depth, uint64_t refresh_offset)
    : t_(t),
      policy_(policy),
      depth_(static_cast<size_t>(queue_depth)),
      write_depth_(static_cast<size_t>(write_queue_depth)),
      banks_(static_cast<size_t>(t.banks)),
      queues_(static_cast<size_t>(t.banks)),
      choices_(static_cast<size_t>(t.banks)),
      with_choice_((static_cast<size_t>(t.banks) + 63) / 64, 0),
      group_cas_ok_(static_cast<size_t>(t.bank_groups), 0),
      next_refresh_(t.trefi > 0 ? refresh_offset + t.trefi : ~uint64_t{0}) {
  pool_.reserve(depth_ + write_depth_);
  // A bank's group is its low bank bits (GPGPU-Sim's bank-group indexing policy 1): consecutive
  // banks, which consecutive pieces of a channel take (address_map.h), are in different groups.
  for (size_t b = 0; b < choices_.size(); ++b) {
    choices_[b].group = static_cast<uint32_t>(b % static_cast<size_t>(t.bank_groups));
    choices_[b].rank = choices_[b].group % static_cast<uint32_t>(t.ranks);
  }
}

void DramChannel::enqueue(const ChannelRequest& r) {
  now_ = std::max(now_, r.arrive);
  if (queued() == 0) settle_idle_refreshes(r.arrive);
  // Both queues are windows of the controller's depth: the scheduler sees only them; later
  // requests wait their turn in arrival order.
  const bool admitted = r.write ? writes_in_window_ < write_depth_ : reads_in_window_ < depth_;
  if (admitted)
    admit(r, r.arrive);
  else if (r.write)
    write_overflow_.push_back(r);
  else
    overflow_.push_back(r);
  // Most arrivals change one bank's choice: the next command is the better of the old one (still
  // valid when not before this arrival) and that bank's. Otherwise choose again over every bank.
  const bool was_draining = draining_;
  update_drain_state();
  if (draining_ == was_draining && next_.bank >= 0 && next_.time >= now_ && static_cast<uint32_t>(next_.bank) != r.bank) {
    if (admitted) consider(r.bank, floors());
    if (next_.time < next_refresh_) return;
  }
  reschedule();
}

void DramChannel::admit(const ChannelRequest& r, uint64_t at) {
  if (r.write) accepted_.push_back({at, r.slot});
  uint32_t i;
  if (free_.empty()) {
    i = static_cast<uint32_t>(pool_.size());
    pool_.push_back(r);
  } else {
    i = free_.back();
    free_.pop_back();
    pool_[i] = r;
  }
  BankQueue& q = queues_[r.bank];
  (r.write ? q.writes : q.reads).push_back(i);  // arrivals come in order: the list stays oldest first
  (r.write ? writes_in_window_ : reads_in_window_) += r.transactions;
  refresh_choice(r.bank);
}

bool DramChannel::row_wanted(uint32_t bank, uint64_t row) const {
  const BankQueue& q = queues_[bank];
  for (const auto* list : {&q.reads, &q.writes})
    for (uint32_t i : *list)
      if (pool_[i].row == row) return true;
  return false;
}

void DramChannel::refresh_choice(uint32_t bank) {
  const std::vector<uint32_t>& list = active(queues_[bank]);
  BankChoice& q = choices_[bank];
  q.valid = !list.empty();
  uint64_t& word = with_choice_[bank / 64];
  const uint64_t bit = uint64_t{1} << (bank % 64);
  word = q.valid ? word | bit : word & ~bit;
  if (!q.valid) return;
  const Bank& b = banks_[bank];
  // Row hits first (FR-FCFS), the oldest of them; else the oldest request opens its row, or, with
  // another row open and no request for it, closes that row.
  for (uint32_t i : list) {
    if (pool_[i].row != b.open_row) continue;
    q.cmd = Cmd::Cas, q.floor = static_cast<uint8_t>(kCasFloor + q.group), q.request = i, q.seq = pool_[i].seq;
    q.bank_time = std::max(b.cas_ok, pool_[i].arrive);
    q.tiebreak = tiebreak(q.cmd, q.seq);
    return;
  }
  q.request = list.front();
  q.seq = pool_[q.request].seq;
  if (b.open_row == kClosed)
    q.cmd = Cmd::Act, q.floor = static_cast<uint8_t>(kActFloor + q.rank), q.bank_time = std::max(b.act_ok, pool_[q.request].arrive);
  else
    q.cmd = Cmd::Pre, q.floor = kPreFloor, q.bank_time = std::max(b.pre_ok, pool_[q.request].arrive);
  q.tiebreak = tiebreak(q.cmd, q.seq);
}

void DramChannel::refresh_all_choices() {
  for (uint32_t b = 0; b < queues_.size(); ++b) refresh_choice(b);
}

DramChannel::Floors DramChannel::floors() const {
  // Never before the event that made this choice: a request arriving can switch the scheduler
  // to the write buffer, whose oldest commands could have gone earlier but were not chosen then.
  const uint64_t any = std::max(cmd_free_, now_);
  Floors f;
  f.at[kPreFloor] = any;
  const uint64_t cas = std::max(any, draining_ ? write_ok_ : read_ok_);
  for (size_t g = 0; g < group_cas_ok_.size(); ++g) f.at[kCasFloor + g] = std::max(cas, group_cas_ok_[g]);
  for (size_t r = 0; r < static_cast<size_t>(t_.ranks); ++r) {
    const ActWindow& w = acts_[r];
    const uint64_t faw_ok = t_.tfaw > 0 && w.count >= 4 ? w.times[w.pos] + t_.tfaw : 0;
    const uint64_t rrd_ok = w.count > 0 ? w.last + t_.trrd : 0;
    f.at[kActFloor + r] = std::max({any, rrd_ok, faw_ok});
  }
  return f;
}

uint64_t DramChannel::command_time(const BankChoice& q, const Floors& f) const { return std::max(q.bank_time, f.at[q.floor]); }

DramChannel::OrderKey DramChannel::order_key(uint64_t time, Cmd cmd, uint64_t seq) {
  // Earliest command first; at equal times column commands (row hits), then the oldest (seq, an
  // arrival count, stays below 2^63).
  return OrderKey{time} << 64 | tiebreak(cmd, seq);
}

void DramChannel::choose() {
  // The pass runs for every command issued: one key per bank, compared as one number.
  const Floors f = floors();
  OrderKey best = ~OrderKey{0};
  int best_bank = -1;
  for (size_t w = 0; w < with_choice_.size(); ++w)
    for (uint64_t bits = with_choice_[w]; bits != 0; bits &= bits - 1) {
      const auto bank = static_cast<uint32_t>(w * 64 + static_cast<size_t>(std::countr_zero(bits)));
      const BankChoice& q = choices_[bank];
      const OrderKey key = OrderKey{command_time(q, f)} << 64 | q.tiebreak;
      if (key < best) best = key, best_bank = static_cast<int>(bank);
    }
  next_ = Choice{};
  if (best_bank < 0) return;
  const BankChoice& q = choices_[static_cast<size_t>(best_bank)];
  next_ = Choice{static_cast<uint64_t>(best >> 64), q.cmd, q.seq, best_bank};
}

void DramChannel::consider(uint32_t bank, const Floors& f) {
  const BankChoice& q = choices_[bank];
  if (!q.valid) return;
  const Choice c{command_time(q, f), q.cmd, q.seq, static_cast<int>(bank)};
  if (next_.bank < 0 || order_key(c.time, c.cmd, c.seq) < order_key(next_.time, next_.cmd, next_.seq)) next_ = c;
}

void DramChannel::refresh_at(uint64_t t) {
  // Precharge all banks, then REFRESH; no ACT until tRFC after it.
  uint64_t start = std::max(t, cmd_free_);
  for (const Bank& b : banks_)
    if (b.open_row != kClosed) start = std::max(start, b.pre_ok);
  for (Bank& b : banks_) {
    if (b.open_row != kClosed) close_row(b, start);
    b.act_ok = std::max(b.act_ok, start + t_.trp + t_.trfc);
  }
  cmd_free_ = start + t_.trp + t_.tck;
  ++stats_.refreshes;
  refresh_all_choices();
}

void DramChannel::close_row(Bank& b, uint64_t pre) {
  if (!b.bursts) ++stats_.unused_activates;
  b.open_row = kClosed;
  b.act_ok = std::max(b.act_ok, pre + t_.trp);
  stats_.bank_busy_ps += pre + t_.trp - b.act_at;
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

void DramChannel::update_drain_state() {
  const bool was = draining_;
  if (writes_in_window_ == 0)
    draining_ = false;
  else if (writes() >= write_depth_ || reads_in_window_ == 0)
    draining_ = true;
  else if (draining_ && writes() <= write_depth_ / 2)
    draining_ = false;
  if (draining_ != was) refresh_all_choices();
}

void DramChannel::reschedule() {
  for (;;) {
    update_drain_state();
    choose();
    if (next_.bank < 0 || next_.time < next_refresh_) return;
    // A refresh falls due while requests wait: postpone it, unless too many already are.
    if (owed_refreshes_ < kMaxPostponedRefreshes)
      ++owed_refreshes_;
    else
      refresh_at(next_refresh_);
    next_refresh_ += t_.trefi;
  }
}

void DramChannel::issue_cas(ChannelRequest& r, uint64_t t, std::vector<ChannelDone>& done) {
  Bank& b = banks_[r.bank];
  stats_.bus_busy_ps += t_.burst;
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
  group_cas_ok_[choices_[r.bank].group] = t + t_.tccd_l;
  if (--r.bursts == 0) done.push_back({data_end, r.slot, r.write});
}

void DramChannel::issue(std::vector<ChannelDone>& done) {
  const Choice c = next_;
  const auto bank = static_cast<uint32_t>(c.bank);
  BankQueue& q = queues_[bank];
  const uint32_t index = choices_[bank].request;
  ChannelRequest& r = pool_[index];
  Bank& b = banks_[bank];
  switch (c.cmd) {
    case Cmd::Act:
      b.open_row = r.row;
      b.act_at = c.time;
      b.bursts = false;
      b.cas_ok = c.time + t_.trcd;
      b.pre_ok = c.time + t_.tras;
      {
        ActWindow& w = acts_[choices_[bank].rank];
        w.last = c.time;
        w.times[w.pos] = c.time;
        w.pos = (w.pos + 1) % w.times.size();
        ++w.count;
      }
      ++stats_.activates;
      break;
    case Cmd::Pre:
      close_row(b, c.time);
      ++stats_.precharges;
      break;
    case Cmd::Cas: {
      b.bursts = true;
      issue_cas(r, c.time, done);
      if (r.bursts == 0) {
        const uint64_t row = r.row;
        const bool write = r.write;
        std::vector<uint32_t>& list = write ? q.writes : q.reads;
        list.erase(std::find(list.begin(), list.end(), index));
        free_.push_back(index);
        (write ? writes_in_window_ : reads_in_window_) -= r.transactions;
        RingBuffer<ChannelRequest>& waiting = write ? write_overflow_ : overflow_;
        while (!waiting.empty() && (write ? writes_in_window_ < write_depth_ : reads_in_window_ < depth_)) {
          const ChannelRequest next = waiting.front();
          waiting.pop_front();
          admit(next, c.time);
        }
        // Close policy: auto-precharge when nothing queued wants the row.
        if (policy_ == PagePolicy::Close && !row_wanted(bank, row)) {
          close_row(b, b.pre_ok);
          ++stats_.precharges;
        }
      }
      break;
    }
  }
  refresh_choice(bank);
  now_ = c.time;
  cmd_free_ = c.time + t_.tck;
  if (queued() == 0) idle_since_ = cmd_free_;
  reschedule();
}

}  // namespace warpsim::mem::dram
