// A calendar of reserved, disjoint time intervals on one server of a `queue` channel (the data
// bus, the activate-rate server): a reservation takes the first free gap of its length from when
// it is ready, so a request that cannot go yet holds up no later one, and later requests fill the
// gaps earlier ones left (as an FR-FCFS controller reorders; docs/memory-model.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace warpsim::mem::queue {

class IntervalCalendar {
 public:
  // `min_gap`: the shortest reservation (a gap shorter than it holds none, so it is closed).
  explicit IntervalCalendar(uint64_t min_gap) : min_gap_(min_gap) {}

  // The first t >= ready where [t, t + len) is free, with t = valid(t) (valid(t) >= t, e.g. not
  // overlapping a refresh). `now` (non-decreasing over calls, <= ready) lets intervals that
  // ended by it be dropped.
  template <typename Valid>
  uint64_t find(uint64_t ready, uint64_t len, uint64_t now, Valid valid) {
    retire(now);
    Cursor c = cursor(ready);
    return find_from(c, ready, len, valid);
  }
  // Reserves [start, start + len), which must be free (a `find` result).
  void insert(uint64_t start, uint64_t len);
  template <typename Valid>
  uint64_t reserve(uint64_t ready, uint64_t len, uint64_t now, Valid valid) {
    const uint64_t start = find(ready, len, now, valid);
    insert(start, len);
    return start;
  }

  // Repeated searches from non-decreasing times with no insert between them (a request's
  // bursts looking for a slot free on both the bus and their bank group): after retire(now)
  // and one binary search for a cursor, each further search walks on from where the last ended.
  void retire(uint64_t now);
  struct Cursor {
    size_t index;  // no later than the first interval ending after the next search's start
  };
  Cursor cursor(uint64_t t) const { return {first_ending_after(t)}; }
  // find() from a cursor (ready >= the start of every earlier search with it); moves the cursor.
  template <typename Valid>
  uint64_t find_from(Cursor& c, uint64_t ready, uint64_t len, Valid valid);

 private:
  struct Interval {
    uint64_t begin, end;
  };
  // The first interval from head_ that ends after t (ends are sorted too): O(log n), a binary
  // search without data-dependent branches (the calendars are short and searched often).
  size_t first_ending_after(uint64_t t) const {
    size_t base = head_, len = v_.size() - head_;
    if (len == 0) return base;
    while (len > 1) {
      const size_t half = len / 2;
      base = v_[base + half].end <= t ? base + half : base;
      len -= half;
    }
    return base + (v_[base].end <= t ? 1 : 0);
  }
  // Drops the retired intervals before head_; returns how many (indices shift down by that).
  size_t compact() {
    const size_t dropped = head_;
    v_.erase(v_.begin(), v_.begin() + static_cast<std::ptrdiff_t>(dropped));
    head_ = 0;
    return dropped;
  }
  // A full vector drops its retired intervals rather than grow, where they are an eighth of it
  // or more (at most 8 moves per insert): capacity follows the live intervals, not the retired
  // ones retire() keeps (the calendars were ~1/3 of a one-SM `queue` run's memory). Out of line,
  // so that insert() stays small enough to inline.
  [[gnu::noinline]] size_t compact_when_full() { return head_ > 0 && head_ >= v_.size() / 8 ? compact() : 0; }
  uint64_t min_gap_;
  std::vector<Interval> v_;  // sorted, disjoint, from head_ on
  size_t head_ = 0;
  // The last find's result and the index of the first interval after it: an insert at that
  // start (nothing changed in between) needs no second search.
  uint64_t found_start_ = ~uint64_t{0};
  size_t found_index_ = 0;
};

inline void IntervalCalendar::retire(uint64_t now) {
  while (head_ < v_.size() && v_[head_].end <= now) ++head_;
  if (head_ > 64 && head_ * 2 > v_.size()) compact();
}

template <typename Valid>
uint64_t IntervalCalendar::find_from(Cursor& c, uint64_t ready, uint64_t len, Valid valid) {
  uint64_t start = valid(ready);
  size_t i = std::max(c.index, head_);
  // Intervals before i end by start; from i on, each either ends by start (passed over), ends
  // after it and begins too soon (start moves to its end), or leaves room (found).
  for (; i < v_.size(); ++i) {
    if (start + len <= v_[i].begin) break;
    if (v_[i].end > start) start = valid(v_[i].end);
  }
  // Every interval before i now ends by start, and v_[i] (if any) after it: i is the first
  // interval ending after start, where a later search (from a later time) may begin.
  c.index = i;
  found_start_ = start;
  found_index_ = i;
  return start;
}

inline void IntervalCalendar::insert(uint64_t start, uint64_t len) {
  // The first interval ending after start: it begins at or after start + len.
  size_t i = start == found_start_ ? found_index_ : first_ending_after(start);
  found_start_ = ~uint64_t{0};
  // A gap shorter than the shortest reservation can hold none: the new interval absorbs such
  // gaps on either side, so the calendar keeps only usable gaps and schedules the same.
  const uint64_t end = start + len;
  const bool joins_prev = i > head_ && start - v_[i - 1].end < min_gap_;
  const bool joins_next = i < v_.size() && v_[i].begin - end < min_gap_;
  if (joins_prev && joins_next) {
    v_[i - 1].end = v_[i].end;
    v_.erase(v_.begin() + static_cast<std::ptrdiff_t>(i));
  } else if (joins_prev) {
    v_[i - 1].end = end;
  } else if (joins_next) {
    v_[i].begin = start;
  } else {
    if (v_.size() == v_.capacity()) [[unlikely]]
      i -= compact_when_full();
    v_.insert(v_.begin() + static_cast<std::ptrdiff_t>(i), Interval{start, end});
  }
}

}  // namespace warpsim::mem::queue
