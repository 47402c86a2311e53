// Completions waiting for their time, delivered in (time, submission order) order (the
// MemorySystem contract). A binary heap over a reused vector: no allocation in steady state.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "mem/memory_system.h"

namespace warpsim::mem {

class CompletionHeap {
 public:
  void push(uint64_t time, uint64_t seq, const Completion& c) {
    heap_.push_back({time, seq, c});
    std::push_heap(heap_.begin(), heap_.end(), later);
  }
  bool empty() const { return heap_.empty(); }
  uint64_t next_time() const { return heap_.empty() ? kNever : heap_.front().time; }
  // Moves every completion with time <= t to `done`, in order.
  void pop_until(uint64_t t, std::vector<Completion>& done) {
    while (!heap_.empty() && heap_.front().time <= t) {
      std::pop_heap(heap_.begin(), heap_.end(), later);
      Completion c = heap_.back().completion;
      c.time = heap_.back().time;
      done.push_back(c);
      heap_.pop_back();
    }
  }
  size_t size() const { return heap_.size(); }

 private:
  struct Entry {
    uint64_t time;
    uint64_t seq;
    Completion completion;
  };
  static bool later(const Entry& a, const Entry& b) { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }
  std::vector<Entry> heap_;
};

}  // namespace warpsim::mem
