// Volkov 2016 §6.7's cost of a line touched, shared by the limit of `fixed` and of `servers`.
#pragma once

#include <algorithm>
#include <cstdint>

#include "mem/memory_system.h"

namespace warpsim::mem {

// The bytes a transaction costs the memory's limit: its own, or its share of line_charge for the
// line it is in (memory.line_charge_bytes, Volkov §6.7), whichever is more. `fixed` and `servers`.
class LineCharge {
 public:
  explicit LineCharge(double line_charge = 128) : line_charge_(line_charge) {}
  double bytes(const Transaction& t) {
    // Volkov §6.7 finds fully diverging accesses 28-33x slower than streaming where bytes alone say
    // 8x: "as if all transactions were never shorter than about 128 bytes". Each line touched costs
    // at least line_charge, split over the access's transactions in it, so a coalesced access
    // (4 sectors or 2 half-warps of one line) costs exactly its bytes. The share is divided once
    // per change of the count (per access at most; the division stalled every transaction).
    if (t.line_transactions != last_count_) {
      last_count_ = t.line_transactions;
      last_share_ = line_charge_ / std::max<uint8_t>(1, last_count_);
    }
    return std::max<double>(t.bytes, last_share_);
  }

 private:
  double line_charge_;
  uint8_t last_count_ = 1;
  double last_share_ = line_charge_;  // of last_count_ = 1
};

}  // namespace warpsim::mem
