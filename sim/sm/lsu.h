// The load/store unit's bookkeeping: in-flight accesses (one record per warp load or store
// instruction, completing when its last transaction returns; a store's when the memory system has
// written its last transaction). Transactions of later LSU passes wait for their departure in
// the device's mem::DepartureQueue. Records are pooled: no allocation per instruction in steady
// state.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "isa/kernel.h"

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
  bool store = false;      // a store: nothing waits on it, only its work is counted
  bool from_cache = true;  // every completion so far came from a cache (mem::Completion::from_cache)
  AccessWork work;
};

class Lsu {
 public:
  uint32_t new_access(const AccessRecord& r);
  AccessRecord& access(uint32_t tag) { return records_[tag]; }
  void free_access(uint32_t tag) { free_.push_back(tag); }

  bool idle() const { return free_.size() == records_.size(); }  // no access in flight
  size_t accesses_in_flight() const { return records_.size() - free_.size(); }

 private:
  std::vector<AccessRecord> records_;
  std::vector<uint32_t> free_;
};

}  // namespace warpsim::sm
