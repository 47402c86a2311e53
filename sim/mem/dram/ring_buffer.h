// FIFO over a reused vector (grows by doubling, never shrinks): no allocation in steady state.
#pragma once

#include <cstddef>
#include <vector>

namespace warpsim::mem::dram {

template <typename T>
class RingBuffer {
 public:
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  const T& front() const { return data_[head_]; }
  const T& back() const { return data_[(head_ + size_ - 1) % data_.size()]; }
  void push_back(const T& v) {
    if (size_ == data_.size()) grow();
    data_[(head_ + size_) % data_.size()] = v;
    ++size_;
  }
  void pop_front() {
    head_ = (head_ + 1) % data_.size();
    --size_;
  }

 private:
  void grow() {
    std::vector<T> bigger(data_.empty() ? 16 : 2 * data_.size());
    for (size_t i = 0; i < size_; ++i) bigger[i] = data_[(head_ + i) % data_.size()];
    data_.swap(bigger);
    head_ = 0;
  }
  std::vector<T> data_;
  size_t head_ = 0;
  size_t size_ = 0;
};

}  // namespace warpsim::mem::dram
