// Drives a simgrid memory model directly, on SimGrid's thread, as the device would.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "config/hw_config.h"
#include "mem/memory_system.h"
#include "mem/simgrid/engine_thread.h"
#include "mem/simgrid/platform_spec.h"
#include "mem/simgrid/simgrid_memory.h"

namespace warpsim::mem::simgrid::test {

struct Submit {
  uint64_t cycle = 0;
  Transaction t;
};

struct Driven {
  std::vector<Completion> completions;  // in delivery order
  LatencySummary latency;
  PlatformSpec platform;
};

// Submits every transaction at its cycle (non-decreasing), advancing the model whenever it has
// an event due, until it is idle.
inline Driven drive(const config::HwConfig& cfg, int simulated_sms, const std::vector<Submit>& submits) {
  Driven d;
  run_on_simgrid_thread([&] {
    SimGridMemory m(MemorySystemSpec{&cfg, simulated_sms, 1});
    d.platform = m.platform();
    size_t next = 0;
    while (true) {
      const uint64_t t_mem = m.next_event_time();
      const uint64_t t_sub = next < submits.size() ? submits[next].cycle : kNever;
      const uint64_t t = std::min(t_mem, t_sub);
      if (t == kNever) break;
      if (t_mem <= t) m.advance(t, d.completions);
      for (; next < submits.size() && submits[next].cycle == t; ++next) m.submit(submits[next].t, t);
    }
    d.latency = m.transaction_latencies().summary();
  });
  return d;
}

// The first 256-byte-aligned address from `from` on channel `channel` of `cfg`.
inline uint64_t address_on_channel(const config::HwConfig& cfg, uint32_t channel, uint64_t from = 1 << 20) {
  uint64_t found = 0;
  run_on_simgrid_thread([&] {
    SimGridMemory m(MemorySystemSpec{&cfg, 1, 1});
    for (uint64_t a = from;; a += 256)
      if (m.channel_of(a) == channel) {
        found = a;
        break;
      }
  });
  return found;
}

}  // namespace warpsim::mem::simgrid::test
