// The event engine: events in integer cycles popped in a deterministic order for equal times
// (time, then insertion sequence, as SST does). Idle cycles are skipped: a warp waiting 400 cycles
// on DRAM is one event, not 400 ticks. Events are plain values (no allocation per event once the
// buckets have grown; no virtual dispatch: the owner switches on `kind`).
//
// Most events fall a few cycles after the last one popped (an SM issuing every cycle wakes at the
// next), so they go to a calendar of kBuckets one-cycle buckets from that time on, each a FIFO
// (insertion order is sequence order), with a bit per non-empty bucket; later events wait in a
// heap and move into their buckets, in (time, sequence) order, as the calendar reaches them,
// before any later push can land there. Pushes and pops near the front are then O(1), where a
// heap over the whole device's SMs took log2(SMs) moves of each.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/user_error.h"

namespace warpsim::engine {

using Cycle = uint64_t;

struct Event {
  Cycle time = 0;
  uint64_t seq = 0;     // insertion order, breaks ties deterministically
  uint32_t kind = 0;    // owner-defined
  uint32_t target = 0;  // owner-defined (an SM index, a slot, ...)
};

class EventQueue {
 public:
  // Contract: `time` is never before the last event popped (the owner's clock does not go back).
  void push(Cycle time, uint32_t kind, uint32_t target) {
    WARPSIM_ASSERT(time >= front_, "an event pushed before the last one popped");
    const Event e{time, next_seq_++, kind, target};
    if (time - front_ < kBuckets) {
      const size_t b = time % kBuckets;
      buckets_[b].events.push_back(e);
      occupied_ |= uint64_t{1} << b;
    } else {
      far_.push_back(e);
      std::push_heap(far_.begin(), far_.end(), Later{});
    }
    ++size_;
  }
  bool empty() const { return size_ == 0; }
  // The earliest event (not empty()).
  const Event& top() const {
    if (occupied_ == 0) return far_.front();
    const Bucket& b = buckets_[first_bucket()];
    return b.events[b.head];
  }
  Event pop() {
    Event e;
    if (occupied_ != 0) {
      const size_t i = first_bucket();
      Bucket& b = buckets_[i];
      e = b.events[b.head++];
      if (b.head == b.events.size()) {
        b.events.clear();
        b.head = 0;
        occupied_ &= ~(uint64_t{1} << i);
      }
    } else {
      std::pop_heap(far_.begin(), far_.end(), Later{});
      e = far_.back();
      far_.pop_back();
    }
    --size_;
    advance_to(e.time);
    return e;
  }
  size_t size() const { return size_; }
  uint64_t pushed() const { return next_seq_; }

 private:
  static constexpr Cycle kBuckets = 64;  // one bit each in occupied_
  struct Bucket {
    std::vector<Event> events;  // in insertion order; those before `head` are popped
    size_t head = 0;
  };
  // A function object, not a function pointer: the heap algorithms inline it.
  struct Later {
    bool operator()(const Event& a, const Event& b) const { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }
  };

  // The bucket of the earliest event (occupied_ != 0): the first occupied one from front_'s on.
  size_t first_bucket() const {
    const auto start = static_cast<int>(front_ % kBuckets);
    return (static_cast<size_t>(std::countr_zero(std::rotr(occupied_, start))) + static_cast<size_t>(start)) % kBuckets;
  }
  // The calendar now starts at `t`, the time just popped (every event left is at t or later): the
  // heap's events that fall within it join their buckets, which hold nothing yet (they held the
  // cycles before t).
  void advance_to(Cycle t) {
    front_ = t;
    while (!far_.empty() && far_.front().time - front_ < kBuckets) {
      std::pop_heap(far_.begin(), far_.end(), Later{});
      const Event e = far_.back();
      far_.pop_back();
      const size_t b = e.time % kBuckets;
      buckets_[b].events.push_back(e);
      occupied_ |= uint64_t{1} << b;
    }
  }

  std::array<Bucket, kBuckets> buckets_{};  // bucket time % kBuckets holds the events at that time
  uint64_t occupied_ = 0;                   // bit b: buckets_[b] holds an event
  Cycle front_ = 0;                         // the calendar covers [front_, front_ + kBuckets)
  std::vector<Event> far_;                  // a min-heap of the events past the calendar
  size_t size_ = 0;
  uint64_t next_seq_ = 0;
};

}  // namespace warpsim::engine
