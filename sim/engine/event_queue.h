// The event engine: a min-heap of events in integer cycles with a deterministic order for equal
// times (time, then insertion sequence, as SST does). Idle cycles are skipped: a warp waiting
// 400 cycles on DRAM is one event, not 400 ticks. Events are plain values (no allocation per
// event once the heap has grown; no virtual dispatch: the owner switches on `kind`).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

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
  // Inline: the device's run loop pushes and pops once per SM wake-up.
  void push(Cycle time, uint32_t kind, uint32_t target) {
    heap_.push_back(Event{time, next_seq_++, kind, target});
    std::push_heap(heap_.begin(), heap_.end(), Later{});
  }
  bool empty() const { return heap_.empty(); }
  const Event& top() const { return heap_.front(); }
  Event pop() {
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    const Event e = heap_.back();
    heap_.pop_back();
    return e;
  }
  size_t size() const { return heap_.size(); }
  uint64_t pushed() const { return next_seq_; }

 private:
  // A function object, not a function pointer: the heap algorithms inline it.
  struct Later {
    bool operator()(const Event& a, const Event& b) const { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }
  };
  std::vector<Event> heap_;
  uint64_t next_seq_ = 0;
};

}  // namespace warpsim::engine
