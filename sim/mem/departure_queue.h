// Transactions waiting for their departure cycle, for every SM of a device: a transaction of LSU
// pass j departs j x lsu.transaction_issue_cycles after its instruction issues (Volkov Table 6.7;
// mem::Segment::issue_step). The device submits them to the memory system at that cycle, before
// the SMs tick, so a departure costs no SM wake-up: on Kepler a streaming warp load is 4
// transactions 33 cycles apart, and three wake-ups per load would be most of the event traffic at
// α = 0 (bench/README.md).
//
// Pushes come in non-decreasing issue time (the device's clock never goes back) and pass j
// departs a fixed delay after issue, so each j's queue is a FIFO sorted by time; the queues merge
// by (time, order queued), as one heap would, in O(passes with departures) per pop.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/ring_queue.h"
#include "mem/coalescer.h"
#include "mem/memory_port.h"
#include "mem/memory_system.h"

namespace warpsim::mem {

class DepartureQueue {
 public:
  // Queues a transaction of issue step j (j >= 1) to depart at `time`.
  void push(uint32_t j, uint64_t time, const Transaction& t) {
    engine::RingQueue<Departure>& q = queues_[j];
    if (q.empty()) front_[j] = Front{time, seq_}, nonempty_ |= uint64_t{1} << j;
    q.push_back(Departure{time, seq_++, t});
    if (time < next_time_) next_time_ = time, next_queue_ = j;  // a tie keeps the earlier-queued front
  }
  uint64_t next_time() const { return next_time_; }
  bool empty() const { return nonempty_ == 0; }
  // Submits every transaction whose departure time is <= now, in (time, order queued) order.
  void submit_due(uint64_t now, MemoryPort& memory) {
    while (next_time_ <= now) {
      engine::RingQueue<Departure>& q = queues_[next_queue_];
      memory.submit(q.front().transaction, now);
      q.pop_front();
      if (q.empty())
        nonempty_ &= ~(uint64_t{1} << next_queue_);
      else
        front_[next_queue_] = Front{q.front().time, q.front().seq};
      refresh_next();
    }
  }

 private:
  struct Departure {
    uint64_t time = 0;
    uint64_t seq = 0;  // order queued: breaks ties in time
    Transaction transaction;
  };
  // Each queue's front, side by side: the merge reads these, not the queues' rings.
  struct Front {
    uint64_t time = 0;
    uint64_t seq = 0;
  };
  void refresh_next() {
    next_time_ = kNever;
    uint64_t next_seq = 0;
    for (uint64_t m = nonempty_; m; m &= m - 1) {
      const auto j = static_cast<uint32_t>(std::countr_zero(m));
      const Front& d = front_[j];
      if (d.time < next_time_ || (d.time == next_time_ && d.seq < next_seq)) next_time_ = d.time, next_seq = d.seq, next_queue_ = j;
    }
  }

  std::array<engine::RingQueue<Departure>, kWarpThreads> queues_;  // by issue step j
  std::array<Front, kWarpThreads> front_{};                        // of the nonempty queues
  uint64_t nonempty_ = 0;                                          // bit j: queues_[j] is not empty
  uint64_t next_time_ = kNever;                                    // front of queues_[next_queue_], the first to depart
  uint32_t next_queue_ = 0;
  uint64_t seq_ = 0;
};

}  // namespace warpsim::mem
