#include "mem/access_probe.h"

#include <algorithm>

#include "common/user_error.h"

namespace warpsim::mem {

uint64_t last_completion(MemorySystem& memory, const std::vector<Segment>& access,
                         const std::function<uint64_t(const Segment&)>& departure) {
  std::vector<Completion> done;
  for (uint32_t k = 0; k < access.size(); ++k) {
    const Segment& s = access[k];
    const uint64_t at = departure(s);
    memory.advance(at, done);
    memory.submit(Transaction{s.address, s.bytes, false, 0, k, s.line_transactions}, at);
  }
  while (done.size() < access.size()) {  // not advance(kNever): `dram` refreshes for ever
    const uint64_t t = memory.next_event_time();
    WARPSIM_ASSERT(t != kNever, "access probe: the memory model lost a transaction");
    memory.advance(t, done);
  }
  uint64_t last = 0;
  for (const Completion& c : done) last = std::max(last, c.time);
  return last;
}

}  // namespace warpsim::mem
