// The load/store unit's bookkeeping: in-flight loads (one record per warp load instruction,
// completing when its last transaction returns) and transactions waiting for their departure
// cycle (the j-th transaction of an instruction departs j x lsu.transaction_issue_cycles after
// issue, Volkov Table 6.7). Records are pooled: no allocation per instruction in steady state.
#pragma once

#include <array>
#include <cstdint>
#include <queue>
#include <vector>

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
  uint64_t seq = 0;
  mem::Transaction transaction;
  bool operator>(const Departure& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

class Lsu {
 public:
  static constexpr uint32_t kStoreTag = 0x80000000u;  // completions of stores carry no record

  uint32_t new_load(const LoadRecord& r);
  LoadRecord& load(uint32_t tag) { return loads_[tag]; }
  void free_load(uint32_t tag) { free_.push_back(tag); }

  void depart(uint64_t time, const mem::Transaction& t) { departures_.push(Departure{time, seq_++, t}); }
  uint64_t next_departure() const { return departures_.empty() ? mem::kNever : departures_.top().time; }
  // Submits every transaction whose departure time is <= now.
  void submit_due(uint64_t now, mem::MemorySystem& memory);
  bool idle() const { return departures_.empty() && free_.size() == loads_.size(); }

 private:
  std::vector<LoadRecord> loads_;
  std::vector<uint32_t> free_;
  std::priority_queue<Departure, std::vector<Departure>, std::greater<Departure>> departures_;
  uint64_t seq_ = 0;
};

}  // namespace warpsim::sm
