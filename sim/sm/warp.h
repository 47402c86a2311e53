// Warp state: program counter, same-warp issue bound, outstanding loads, barrier/exit flags.
// Registers, loop counters and access counters live in flat per-SM arrays indexed by slot.
#pragma once

#include <cstdint>

namespace warpsim::sm {

// The functional units a warp's next instruction may wait for (Warp::unit): CUDA cores, SFUs, the
// shared-memory unit, double-precision units; kNoUnit for instructions that need none.
inline constexpr uint8_t kUnitCount = 4;
inline constexpr uint8_t kNoUnit = kUnitCount;

struct Warp {
  bool resident = false;
  bool at_barrier = false;
  uint32_t pc = 0;
  uint32_t outstanding_loads = 0;
  uint32_t block_slot = 0;
  uint32_t warp_in_block = 0;
  uint64_t block_id = 0;
  uint64_t next_issue = 0;  // same-warp issue latency: no issue from this warp before (§3.7)
  // Earliest cycle the instruction at `pc` may issue as far as this warp is concerned (operands,
  // same-warp latency), or kNever while it waits on memory or a barrier. Cached: it changes only
  // when the warp issues, a load of its completes, or its barrier releases.
  uint64_t ready_at = ~uint64_t{0};
  uint8_t unit = kNoUnit;  // functional unit of the instruction at `pc`: 0 CUDA cores, 1 SFU, 2 shared memory, 3 DP units, 4 none
  uint64_t start = 0;      // when the warp became resident (§5.5 start timestamp)
  uint64_t age = 0;        // launch order, for oldest-first and GTO
};

}  // namespace warpsim::sm
