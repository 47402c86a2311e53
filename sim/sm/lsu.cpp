#include "sm/lsu.h"

#include <bit>

namespace warpsim::sm {

uint32_t Lsu::new_load(const LoadRecord& r) {
  if (!free_.empty()) {
    const uint32_t tag = free_.back();
    free_.pop_back();
    loads_[tag] = r;
    return tag;
  }
  loads_.push_back(r);
  return static_cast<uint32_t>(loads_.size() - 1);
}

uint32_t Lsu::earliest() const {
  uint32_t best = static_cast<uint32_t>(std::countr_zero(nonempty_));
  for (uint64_t m = nonempty_ & (nonempty_ - 1); m; m &= m - 1) {
    const uint32_t j = static_cast<uint32_t>(std::countr_zero(m));
    const Departure& a = departures_[j].front();
    const Departure& b = departures_[best].front();
    if (a.time < b.time || (a.time == b.time && a.seq < b.seq)) best = j;
  }
  return best;
}

void Lsu::refresh_next() {
  next_time_ = mem::kNever;
  for (uint64_t m = nonempty_; m; m &= m - 1) {
    const uint32_t j = static_cast<uint32_t>(std::countr_zero(m));
    if (departures_[j].empty()) nonempty_ &= ~(uint64_t{1} << j);
    else next_time_ = std::min(next_time_, departures_[j].front().time);
  }
}

}  // namespace warpsim::sm
