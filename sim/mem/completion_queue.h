// Completions waiting for their time, delivered in (time, submission order) order (the
// MemorySystem contract). A timing wheel: one bucket per cycle over the next `kWheelCycles`
// cycles, each a list kept in `seq` order, and a bitmap of the non-empty buckets; completions
// farther out (or, defensively, before the wheel's start) wait in a binary heap and are merged
// on delivery. Loaded latencies are mostly below a thousand cycles, so most completions take the
// wheel: O(1) to push and pop, where a heap of thousands of entries took ~25% of a `queue` run
// (bench/README.md). Nodes are reused: no allocation in steady state. The wheel is small (16-bit
// links: 4 KB of tails, 12-byte nodes; beyond 65,535 pending completions the heap takes the
// rest) because a one-SM run divides it over only its own warps (< 1 KB per warp), and
// its tails are made on the first push: a model driven through the MemoryPort keeps a queue it
// never uses.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "mem/memory_system.h"

namespace warpsim::mem {

class CompletionQueue {
 public:
  void push(uint64_t time, uint64_t seq, const Completion& c) {
    ++size_;
    next_ = std::min(next_, time);
    if (time < start_ || time - start_ >= kWheelCycles || (free_ == kNone && nodes_.size() == kNone)) {
      Far f{seq, c};
      f.completion.time = time;
      far_.push_back(f);
      std::push_heap(far_.begin(), far_.end(), later);
      return;
    }
    if (tails_.empty()) [[unlikely]]
      make_wheel();
    const Index n = new_node(seq, c);
    const auto low = static_cast<uint32_t>(seq);
    const size_t b = time & kMask;
    Index& tail = tails_[b];
    if (tail == kNone) {  // a circular list: the tail's successor is the head
      nodes_[n].next = n;
      tail = n;
      words_[b >> 6] |= uint64_t{1} << (b & 63);
    } else if (before(nodes_[tail].seq, low)) {  // submission order: the usual case
      nodes_[n].next = nodes_[tail].next;
      nodes_[tail].next = n;
      tail = n;
    } else {  // an earlier submission completing at the same cycle (the `dram` model's reorder)
      Index prev = tail;
      while (before(nodes_[nodes_[prev].next].seq, low)) prev = nodes_[prev].next;
      nodes_[n].next = nodes_[prev].next;
      nodes_[prev].next = n;
    }
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  uint64_t next_time() const { return next_; }

  // Moves every completion with time <= t to `done`, in order.
  void pop_until(uint64_t t, std::vector<Completion>& done) {
    while (size_ != 0 && next_ <= t) {
      const uint64_t time = next_;
      const size_t b = time & kMask;
      const bool in_wheel = size_ > far_.size() && time >= start_ && time - start_ < kWheelCycles && tails_[b] != kNone;
      if (in_wheel) {
        // Merge the bucket with far entries of the same cycle, by seq.
        const Index tail = tails_[b];
        Index n = nodes_[tail].next;
        while (true) {
          while (!far_.empty() && far_.front().completion.time == time && before(static_cast<uint32_t>(far_.front().seq), nodes_[n].seq))
            pop_far(done);
          done.push_back(Completion{time, nodes_[n].tag, nodes_[n].sm, nodes_[n].transactions, nodes_[n].from_cache != 0});
          const Index next = nodes_[n].next;
          nodes_[n].next = free_;
          free_ = n;
          --size_;
          if (n == tail) break;
          n = next;
        }
        tails_[b] = kNone;
        words_[b >> 6] &= ~(uint64_t{1} << (b & 63));
      }
      while (!far_.empty() && far_.front().completion.time == time) pop_far(done);
      // The wheel now starts after `time`: its buckets cover [start_, start_ + kWheelCycles).
      start_ = time + 1;
      next_ = find_next();
    }
    // Everything up to t is delivered: the wheel may start after it (pending buckets are later).
    if (t != kNever && t + 1 > start_) start_ = t + 1;
  }

 private:
  static constexpr uint64_t kWheelCycles = 2048;  // power of two
  static constexpr uint64_t kMask = kWheelCycles - 1;
  using Index = uint16_t;
  static constexpr Index kNone = 0xFFFF;  // also the node limit

  // The bucket gives the time. Only seq's low 32 bits are kept: a bucket's entries were pushed
  // within a wheel's span of one another, far fewer than 2^31 submissions apart.
  struct Node {
    uint32_t seq;
    uint32_t tag;
    Index next;
    uint16_t sm;
    uint16_t transactions : 15;  // an access's transactions the completion serves (at most 32)
    uint16_t from_cache : 1;
  };
  static bool before(uint32_t a, uint32_t b) { return static_cast<int32_t>(a - b) < 0; }
  struct Far {
    uint64_t seq;
    Completion completion;  // its time is the due cycle
  };
  static bool later(const Far& a, const Far& b) {
    return a.completion.time != b.completion.time ? a.completion.time > b.completion.time : a.seq > b.seq;
  }

  [[gnu::noinline]] void make_wheel() { tails_.assign(kWheelCycles, kNone); }  // out of line: push inlines

  Index new_node(uint64_t seq, const Completion& c) {
    Index n = free_;
    if (n == kNone) {
      n = static_cast<Index>(nodes_.size());
      nodes_.push_back({});
    } else {
      free_ = nodes_[n].next;
    }
    nodes_[n] = Node{static_cast<uint32_t>(seq), c.tag, kNone, c.sm, static_cast<uint16_t>(c.transactions), c.from_cache};
    return n;
  }

  void pop_far(std::vector<Completion>& done) {
    std::pop_heap(far_.begin(), far_.end(), later);
    done.push_back(far_.back().completion);
    far_.pop_back();
    --size_;
  }

  // The earliest pending time: the first non-empty bucket from start_ on, or the heap's top.
  uint64_t find_next() const {
    uint64_t best = far_.empty() ? kNever : far_.front().completion.time;
    if (size_ == far_.size()) return best;
    const size_t first = start_ & kMask;
    for (size_t k = 0; k <= kWords; ++k) {
      const size_t w = ((first >> 6) + k) % kWords;
      uint64_t bits = words_[w];
      if (k == 0)
        bits &= ~uint64_t{0} << (first & 63);  // buckets before start_ in this word wrap
      else if (k == kWords)
        bits &= ~(~uint64_t{0} << (first & 63));
      if (bits == 0) continue;
      const size_t b = w * 64 + static_cast<size_t>(std::countr_zero(bits));
      return std::min(best, start_ + ((b - first) & kMask));
    }
    return best;
  }

  static constexpr size_t kWords = kWheelCycles / 64;
  std::vector<Index> tails_;  // kWheelCycles once a completion took the wheel; kNone: empty bucket
  std::array<uint64_t, kWords> words_{};
  std::vector<Node> nodes_;
  std::vector<Far> far_;
  Index free_ = kNone;
  uint64_t start_ = 0;  // the wheel's first cycle: every completion before it has been delivered
  uint64_t next_ = kNever;
  size_t size_ = 0;
};

}  // namespace warpsim::mem
