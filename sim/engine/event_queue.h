// The event engine: events in integer cycles popped in a deterministic order for equal times
// (time, then insertion sequence, as SST does). Idle cycles are skipped: a warp waiting 400 cycles
// on DRAM is one event, not 400 ticks. Events are plain values (no allocation per event once the
// node pool and the heap have grown; no virtual dispatch: the owner switches on `kind`).
//
// Most events fall a few cycles after the last one popped (an SM issuing every cycle wakes at the
// next), so they go to a calendar of kBuckets one-cycle buckets from that time on, each a FIFO
// list (insertion order is sequence order), with a bit per non-empty bucket; later events wait in a
// heap and move into their buckets, in (time, sequence) order, as the calendar reaches them,
// before any later push can land there. Pushes and pops near the front are then O(1), where a
// heap over the whole device's SMs takes log2(SMs) moves of each. mem::CompletionQueue is the
// same wheel for completions; it is kept apart because it delivers a cycle at a time and sorts
// out-of-order sequences within a cycle, with nodes packed for its payload.
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
  uint32_t kind = 0;    // owner-defined
  uint32_t target = 0;  // owner-defined (an SM index, a slot, ...)
};

class EventQueue {
 public:
  // Contract: `time` is never before the last event popped (the owner's clock does not go back).
  void push(Cycle time, uint32_t kind, uint32_t target) {
    WARPSIM_ASSERT(time >= front_, "an event pushed before the last one popped");
    const Event e{time, kind, target};
    if (time - front_ < kBuckets) {
      append(e);
    } else {
      far_.push_back(Far{e, next_seq_});
      std::push_heap(far_.begin(), far_.end(), Later{});
    }
    ++next_seq_;
    ++size_;
  }
  bool empty() const { return size_ == 0; }
  // The earliest event (not empty()).
  const Event& top() const {
    if (occupied_ == 0) return far_.front().event;
    return nodes_[head_[first_bucket()]].event;
  }
  Event pop() {
    Event e;
    if (occupied_ != 0) {
      const size_t b = first_bucket();
      const uint32_t n = head_[b];
      e = nodes_[n].event;
      head_[b] = nodes_[n].next;
      if (head_[b] == kNone) occupied_ &= ~(uint64_t{1} << b);
      nodes_[n].next = free_;
      free_ = n;
    } else {
      std::pop_heap(far_.begin(), far_.end(), Later{});
      e = far_.back().event;
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
  static constexpr uint32_t kNone = ~uint32_t{0};
  // The buckets' events, each bucket a list in insertion order, in one pool with a free list: as
  // many nodes as events were ever pending at once (a few per SM), not a vector per bucket.
  struct Node {
    Event event;
    uint32_t next = kNone;
  };
  // An event past the calendar, with its insertion sequence (a bucket's order is its own).
  struct Far {
    Event event;
    uint64_t seq = 0;
  };
  // A function object, not a function pointer: the heap algorithms inline it.
  struct Later {
    bool operator()(const Far& a, const Far& b) const { return a.event.time != b.event.time ? a.event.time > b.event.time : a.seq > b.seq; }
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
    while (!far_.empty() && far_.front().event.time - front_ < kBuckets) {
      std::pop_heap(far_.begin(), far_.end(), Later{});
      append(far_.back().event);
      far_.pop_back();
    }
  }
  // Appends `e` to its bucket (its time within the calendar).
  void append(const Event& e) {
    uint32_t n = free_;
    if (n != kNone) {
      free_ = nodes_[n].next;
      nodes_[n] = Node{e, kNone};
    } else {
      n = static_cast<uint32_t>(nodes_.size());
      nodes_.push_back(Node{e, kNone});
    }
    const size_t b = e.time % kBuckets;
    if (occupied_ >> b & 1)
      nodes_[tail_[b]].next = n;
    else
      head_[b] = n;
    tail_[b] = n;
    occupied_ |= uint64_t{1} << b;
  }

  // Bucket time % kBuckets holds the events at that time: its first and last node.
  std::array<uint32_t, kBuckets> head_{}, tail_{};
  uint64_t occupied_ = 0;  // bit b: bucket b holds an event
  std::vector<Node> nodes_;
  uint32_t free_ = kNone;  // the first unused node
  Cycle front_ = 0;        // the calendar covers [front_, front_ + kBuckets)
  std::vector<Far> far_;   // a min-heap of the events past the calendar
  size_t size_ = 0;
  uint64_t next_seq_ = 0;
};

}  // namespace warpsim::engine
