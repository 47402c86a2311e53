#include "sm/lsu.h"

#include <bit>

namespace warpsim::sm {

uint32_t Lsu::new_access(const AccessRecord& r) {
  if (!free_.empty()) {
    const uint32_t tag = free_.back();
    free_.pop_back();
    records_[tag] = r;
    return tag;
  }
  records_.push_back(r);
  return static_cast<uint32_t>(records_.size() - 1);
}

void Lsu::refresh_next() {
  next_time_ = mem::kNever;
  uint64_t next_seq = 0;
  for (uint64_t m = nonempty_; m; m &= m - 1) {
    const uint32_t j = static_cast<uint32_t>(std::countr_zero(m));
    if (departures_[j].empty()) {
      nonempty_ &= ~(uint64_t{1} << j);
      continue;
    }
    const Departure& d = departures_[j].front();
    if (d.time < next_time_ || (d.time == next_time_ && d.seq < next_seq)) next_time_ = d.time, next_seq = d.seq, next_queue_ = j;
  }
}

}  // namespace warpsim::sm
