// A pipelined unit with a throughput in thread-operations per cycle (CUDA cores, SFUs, the
// shared-memory banks). It accepts an instruction in issue slot [t, t + window) if it still has
// capacity left in that slot, so fractional rates work exactly: 48 ops/cycle accepts 3 warp
// instructions every 2 cycles (Kepler, Volkov 2016 §3.8), 8 ops/cycle one every 4 cycles, and a
// unit freeing up in the middle of a 2-cycle issue slot (G80) is used in that slot. Latency is
// separate: the register-dependency latency counts from issue (Volkov §3.2), or, behind a queue,
// from when the unit takes the instruction.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace warpsim::sm {

class RatePipe {
 public:
  RatePipe() = default;
  // queue_cycles: work the unit may hold queued ahead of an issue slot (an instruction queue in
  // front of it); 0 = it accepts only in a slot where it has capacity left.
  RatePipe(double ops_per_cycle, int window_cycles, double queue_cycles = 0)
      : cycles_per_op_(1.0 / ops_per_cycle), window_(window_cycles + queue_cycles), slot_(window_cycles) {}
  explicit RatePipe(double ops_per_cycle) : RatePipe(ops_per_cycle, 1) {}

  bool can_accept(uint64_t t) const { return free_at_ < cycle(t) + window_; }
  // Earliest cycle >= t at which can_accept() holds: the smallest c > free_at_ - window.
  uint64_t next_accept(uint64_t t) const {
    if (can_accept(t)) return t;
    return static_cast<uint64_t>(std::floor(free_at_ - window_)) + 1;
  }
  // Whole cycles an instruction accepted at t waits in the queue before the unit takes it: 0
  // without a queue (whatever the unit still does within the slot is the slot's own).
  uint64_t queue_wait(uint64_t t) const {
    const double wait = free_at_ - cycle(t) - slot_ + 1;
    return wait <= 0 ? 0 : static_cast<uint64_t>(wait);
  }
  // Occupies the pipe for `ops` thread-operations starting at cycle t (or when it frees up).
  void accept(uint64_t t, double ops) { free_at_ = std::max(free_at_, cycle(t)) + ops * cycles_per_op_; }
  double free_at() const { return free_at_; }

 private:
  // Cycles stay far below 2^63: converting from a signed integer gives the same double as from
  // the unsigned one, in one instruction instead of a branch and several (it runs per issue).
  static double cycle(uint64_t t) { return static_cast<double>(static_cast<int64_t>(t)); }

  double cycles_per_op_ = 1.0 / 32;
  double window_ = 1;  // the issue slot and the queue, cycles
  double slot_ = 1;    // the issue slot, cycles
  double free_at_ = 0;
};

}  // namespace warpsim::sm
