// A pipelined unit with a throughput in thread-operations per cycle (CUDA cores, SFUs, the
// shared-memory banks). It accepts an instruction in cycle t if it still has capacity left in
// that cycle, so fractional rates work exactly: 48 ops/cycle accepts 3 warp instructions every
// 2 cycles (Kepler, Volkov 2016 §3.8), 8 ops/cycle one every 4 cycles. Latency is separate: the
// register-dependency latency counts from issue (Volkov §3.2).
#pragma once

#include <algorithm>
#include <cstdint>

namespace warpsim::sm {

class RatePipe {
 public:
  RatePipe() = default;
  explicit RatePipe(double ops_per_cycle) : cycles_per_op_(1.0 / ops_per_cycle) {}

  bool can_accept(uint64_t t) const { return free_at_ < static_cast<double>(t) + 1.0; }
  // Earliest cycle >= t at which can_accept() holds.
  uint64_t next_accept(uint64_t t) const {
    if (can_accept(t)) return t;
    // smallest integer c with free_at_ < c + 1, i.e. c = floor(free_at_)
    return static_cast<uint64_t>(free_at_);
  }
  // Occupies the pipe for `ops` thread-operations starting at cycle t (or when it frees up).
  void accept(uint64_t t, double ops) { free_at_ = std::max(free_at_, static_cast<double>(t)) + ops * cycles_per_op_; }
  double free_at() const { return free_at_; }

 private:
  double cycles_per_op_ = 1.0 / 32;
  double free_at_ = 0;
};

}  // namespace warpsim::sm
