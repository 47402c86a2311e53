// The SMs' side of the memory system. An SM waits for an access (a warp's load or store
// instruction), not for its transactions: the access completes when its last transaction does.
// For a model that times a transaction when it is submitted (MemorySystem::times_at_submit:
// `fixed`, `servers`, `queue`), the port keeps the latest completion of each access's
// transactions and queues one completion per access when the last one is submitted: one event
// per warp load instead of one per transaction (4 on Kepler at α = 0; bench/README.md, speed
// pass 4). The SM sees the same completion cycle; only the order of completions within one cycle
// follows each access's last submission instead of each transaction's. Other models pass
// through, one completion per transaction.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "mem/completion_queue.h"
#include "mem/memory_system.h"

namespace warpsim::mem {

class MemoryPort {
 public:
  MemoryPort(MemorySystem& memory, int sms) : memory_(memory), timed_(memory.times_at_submit()), open_(static_cast<size_t>(sms)) {}

  void submit(const Transaction& t, uint64_t now) {
    if (!timed_) return memory_.submit(t, now);
    const uint64_t done = memory_.submit_timed(t, now);
    std::vector<OpenAccess>& of_sm = open_[t.sm];
    if (t.tag >= of_sm.size()) of_sm.resize(t.tag + 1);
    OpenAccess& a = of_sm[t.tag];
    a.latest = std::max(a.latest, done);
    ++a.transactions;
    if (!t.last_of_access) return;
    accesses_.push(a.latest, seq_++, Completion{a.latest, t.tag, t.sm});
  }
  uint64_t next_event_time() const { return timed_ ? accesses_.next_time() : memory_.next_event_time(); }
  // Every completion at or before t, in (time, order queued) order.
  void advance(uint64_t t, std::vector<Completion>& done) {
    if (!timed_) return memory_.advance(t, done);
    const size_t first = done.size();
    accesses_.pop_until(t, done);
    for (size_t i = first; i < done.size(); ++i) {
      OpenAccess& a = open_[done[i].sm][done[i].tag];
      done[i].transactions = a.transactions;
      a = OpenAccess{};  // the SM frees the tag only now: it cannot be reused before
    }
  }

 private:
  struct OpenAccess {           // an access not yet delivered
    uint64_t latest = 0;        // its transactions' latest completion so far
    uint32_t transactions = 0;  // submitted so far
  };

  MemorySystem& memory_;
  const bool timed_;
  std::vector<std::vector<OpenAccess>> open_;  // per SM, by access tag
  CompletionQueue accesses_;
  uint64_t seq_ = 0;
};

}  // namespace warpsim::mem
