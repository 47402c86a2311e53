// The load/store unit's bookkeeping: in-flight accesses (one record per warp load or store
// instruction, completing when its last transaction returns; a store's when the memory system has
// accepted its last transaction) and transactions waiting for their departure cycle (a
// transaction of LSU pass j departs j x lsu.transaction_issue_cycles after issue, Volkov Table 6.7;
// mem::Segment::issue_step). Records are pooled: no allocation per instruction in steady state.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/ring_queue.h"
#include "isa/kernel.h"
#include "mem/coalescer.h"
#include "mem/memory_system.h"

namespace warpsim::sm {

// The work an access moves, counted when it completes (see Sm::on_completion).
struct AccessWork {
  uint32_t bytes_requested = 0;    // by active threads (the seeds' GB/s)
  uint32_t bytes_transferred = 0;  // by its transactions
  uint32_t transactions = 0;
};

struct AccessRecord {
  uint32_t warp = 0;  // slot
  uint32_t remaining = 0;
  uint8_t ndst = 0;
  std::array<uint16_t, isa::kMaxDst> dst{};
  uint64_t issue = 0;
  uint64_t serial = 0;  // the SM's count of accesses issued before this one (WindowTally)
  bool sampled = false;
  bool store = false;  // a store: nothing waits on it, only its work is counted
  AccessWork work;
};

struct Departure {
  uint64_t time = 0;
  uint64_t seq = 0;  // order queued: breaks ties in time
  mem::Transaction transaction;
};

class Lsu {
 public:
  uint32_t new_access(const AccessRecord& r);
  AccessRecord& access(uint32_t tag) { return records_[tag]; }
  void free_access(uint32_t tag) { free_.push_back(tag); }

  // Queues a transaction of issue step j (j >= 1) to depart at `time`. Calls come in
  // non-decreasing issue time and step j departs a fixed delay after issue, so each j's
  // queue is a FIFO sorted by time; the queues merge by (time, order queued), as one heap would.
  void depart(uint32_t j, uint64_t time, const mem::Transaction& t) {
    departures_[j].push_back(Departure{time, seq_++, t});
    nonempty_ |= uint64_t{1} << j;
    if (time < next_time_) next_time_ = time, next_queue_ = j;  // a tie keeps the earlier-queued front
  }
  uint64_t next_departure() const { return next_time_; }
  // Submits every transaction whose departure time is <= now, in (time, order queued) order.
  void submit_due(uint64_t now, mem::MemorySystem& memory) {
    while (next_time_ <= now) {
      RingQueue<Departure>& q = departures_[next_queue_];
      memory.submit(q.front().transaction, now);
      q.pop_front();
      refresh_next();
    }
  }
  bool idle() const { return nonempty_ == 0 && free_.size() == records_.size(); }  // no access in flight
  size_t accesses_in_flight() const { return records_.size() - free_.size(); }

 private:
  std::vector<AccessRecord> records_;
  std::vector<uint32_t> free_;
  template <typename T>
  using RingQueue = engine::RingQueue<T>;
  void refresh_next();  // next_time_, next_queue_ from the queues' fronts

  std::array<RingQueue<Departure>, mem::kWarpThreads> departures_;  // by issue step j
  uint64_t nonempty_ = 0;  // bit j: departures_[j] is not empty
  uint64_t next_time_ = mem::kNever;  // front of departures_[next_queue_], the first to depart
  uint32_t next_queue_ = 0;
  uint64_t seq_ = 0;
};

}  // namespace warpsim::sm
