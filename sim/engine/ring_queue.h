// A FIFO over a power-of-two ring that doubles when full: O(1) push and pop, indexable, and no
// allocation once it has grown to the largest backlog (std::deque allocates blocks as it moves).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace warpsim::engine {

template <typename T>
class RingQueue {
 public:
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  T& front() { return buf_[head_]; }
  const T& front() const { return buf_[head_]; }
  // i-th element from the front.
  T& operator[](size_t i) { return buf_[(head_ + i) & mask_]; }
  const T& operator[](size_t i) const { return buf_[(head_ + i) & mask_]; }
  void push_back(const T& v) {
    if (size_ == buf_.size()) grow();
    buf_[(head_ + size_++) & mask_] = v;
  }
  void pop_front() {
    head_ = (head_ + 1) & mask_;
    --size_;
  }
  void clear() { head_ = size_ = 0; }

 private:
  void grow() {
    std::vector<T> bigger(buf_.empty() ? 16 : 2 * buf_.size());
    for (size_t i = 0; i < size_; ++i) bigger[i] = std::move((*this)[i]);
    buf_.swap(bigger);
    head_ = 0;
    mask_ = buf_.size() - 1;
  }
  std::vector<T> buf_;
  size_t head_ = 0, size_ = 0, mask_ = 0;
};

}  // namespace warpsim::engine
