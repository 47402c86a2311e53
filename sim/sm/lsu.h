// The load/store unit's bookkeeping: in-flight loads (one record per warp load instruction,
// completing when its last transaction returns) and transactions waiting for their departure
// cycle (the j-th transaction of an instruction departs j x lsu.transaction_issue_cycles after
// issue, Volkov Table 6.7). Records are pooled: no allocation per instruction in steady state.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/ring_queue.h"
#include "isa/kernel.h"
#include "mem/memory_system.h"

namespace warpsim::sm {

struct LoadRecord {
  uint32_t warp = 0;  // slot
  uint32_t remaining = 0;
  uint8_t ndst = 0;
  std::array<uint16_t, isa::kMaxDst> dst{};
  uint64_t issue = 0;
  bool sampled = false;
};

struct Departure {
  uint64_t time = 0;
  mem::Transaction transaction;
};

class Lsu {
 public:
  static constexpr uint32_t kStoreTag = 0x80000000u;  // completions of stores carry no record

  uint32_t new_load(const LoadRecord& r);
  LoadRecord& load(uint32_t tag) { return loads_[tag]; }
  void free_load(uint32_t tag) { free_.push_back(tag); }

  // Queues `t` to depart at `time`; equal times depart in the order queued.
  void depart(uint64_t time, const mem::Transaction& t) {
    // Sorted insertion from the back: a new departure is usually the latest, so this rarely moves
    // more than a few entries (a handful of instructions are in their departure spread at once).
    departures_.push_back(Departure{time, t});
    size_t i = departures_.size() - 1;
    for (; i > 0 && departures_[i - 1].time > time; --i) departures_[i] = departures_[i - 1];
    departures_[i] = Departure{time, t};
  }
  uint64_t next_departure() const { return departures_.empty() ? mem::kNever : departures_.front().time; }
  // Submits every transaction whose departure time is <= now.
  void submit_due(uint64_t now, mem::MemorySystem& memory) {
    while (!departures_.empty() && departures_.front().time <= now) {
      memory.submit(departures_.front().transaction, now);
      departures_.pop_front();
    }
  }
  bool idle() const { return departures_.empty() && free_.size() == loads_.size(); }

 private:
  std::vector<LoadRecord> loads_;
  std::vector<uint32_t> free_;
  engine::RingQueue<Departure> departures_;  // sorted by time, then by when queued
};

}  // namespace warpsim::sm
