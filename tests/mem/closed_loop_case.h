// One closed-loop run of the seeds' pointer-chasing setup (mem/closed_loop.h) as the memory tests
// state it: §5.10's 512 MB array for streams, §6.7's 128 MB for random accesses.
#pragma once

#include <cstdint>

#include "mem/closed_loop.h"

namespace warpsim::mem::test_loop {

inline ClosedLoopResult closed_loop(const config::HwConfig& c, int warps, int sms = 0, int ilp = 1, LoopPattern p = LoopPattern::Stream,
                                    int device_warps = 0, uint64_t measure = 60000) {
  ClosedLoopSpec s;
  s.config = &c;
  s.pattern = p;
  s.warps_per_sm = warps;
  s.simulated_sms = sms;
  s.ilp = ilp;
  s.device_warps = device_warps;
  s.array_bytes = p == LoopPattern::Random ? 128ull << 20 : 512ull << 20;
  s.measure_cycles = measure;
  return run_closed_loop(s);
}

}  // namespace warpsim::mem::test_loop
