#include "sm/lsu.h"

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

}  // namespace warpsim::sm
