#include "sm/coalescing_cache.h"

#include <limits>

namespace warpsim::sm {

bool CoalescingCache::fill(Entry& e, uint64_t lane0, const std::vector<mem::Segment>& segments) {
  e.key = -1;
  const uint64_t block = lane0 - lane0 % kPeriod;
  if (segments.size() > e.offset.size()) return false;
  uint32_t bytes = 0;
  for (size_t j = 0; j < segments.size(); ++j) {
    const mem::Segment& s = segments[j];
    if (s.address < block || s.address - block > std::numeric_limits<uint32_t>::max() || s.bytes > std::numeric_limits<uint16_t>::max())
      return false;
    e.offset[j] = static_cast<uint32_t>(s.address - block);
    e.size[j] = static_cast<uint16_t>(s.bytes);
    e.line_transactions[j] = s.line_transactions;
    e.issue_step[j] = s.issue_step;
    bytes += s.bytes;
  }
  e.count = static_cast<uint32_t>(segments.size());
  e.bytes = bytes;
  e.last = static_cast<uint32_t>(mem::last_to_depart(segments));
  e.key = static_cast<int32_t>(lane0 % kPeriod);
  return true;
}

}  // namespace warpsim::sm
