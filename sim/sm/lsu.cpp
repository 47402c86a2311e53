#include "sm/lsu.h"

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

}  // namespace warpsim::sm
