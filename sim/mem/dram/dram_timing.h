// DRAM channel timings converted once to integer picoseconds (the queue model's clock), from the
// datasheet values in ns of config::DramConfig and the channel's share of the pin bandwidth.
#pragma once

#include <cstdint>

#include "config/hw_config.h"

namespace warpsim::mem::dram {

struct DramTiming {
  uint64_t tck = 0;    // command clock period: one command per tCK on the command bus
  uint64_t burst = 0;  // data bus time of one burst (tCCD between bursts to different groups)
  uint32_t burst_bytes = 0;
  uint64_t trcd = 0, tcl = 0, twl = 0, trp = 0, tras = 0, trrd = 0, tfaw = 0, tccd_l = 0;
  uint64_t twr = 0, twtr = 0, trtw = 0, trtp = 0, trefi = 0, trfc = 0;
  int banks = 0;
  int bank_groups = 1;
  int ranks = 1;     // activate windows (tRRD, tFAW) per channel; a bank's rank is its group mod ranks
  int channels = 0;  // on the whole device

  // Bursts a transaction of `bytes` takes on the data bus (at least one).
  uint32_t bursts(uint32_t bytes) const { return bytes > burst_bytes ? (bytes + burst_bytes - 1) / burst_bytes : 1; }
};

DramTiming dram_timing(const config::HwConfig& cfg);

// Picoseconds <-> SM core cycles.
class CoreClock {
 public:
  explicit CoreClock(double ghz) : ps_per_cycle_(1000.0 / ghz), cycles_per_ps_(1.0 / ps_per_cycle_) {}
  // Inline, without library calls (once per transaction in `queue`): below 2^52, x + 0.5
  // truncated is llround(x) for every x >= 0.5 (x + 0.5 is exact there or cannot cross an
  // integer), and a cycle's start is never in (0, 0.5) ps; above, x is an integer already. Past
  // 2^64 ps (213 days: a slow clock's long run) it saturates, so to_cycle_ceil still ends.
  uint64_t to_ps(uint64_t cycle) const {
    const double x = static_cast<double>(cycle) * ps_per_cycle_;
    if (x < 0x1p52) return static_cast<uint64_t>(x + 0.5);
    return x < 0x1p64 ? static_cast<uint64_t>(x) : ~uint64_t{0};
  }
  // Exact in integer terms: the first cycle whose start (as to_ps rounds it) is not before `ps`.
  // The estimate multiplies by the reciprocal (no division per transaction); the two loops make
  // the result exact whatever its rounding.
  uint64_t to_cycle_ceil(uint64_t ps) const {
    const double q = static_cast<double>(ps) * cycles_per_ps_;
    if (q >= 0x1p63) return uint64_t{1} << 63;  // past any run's cycle limit (Device::run)
    auto cycle = static_cast<uint64_t>(q);      // ceil(q) without the library call
    if (static_cast<double>(cycle) < q) ++cycle;
    while (to_ps(cycle) < ps) ++cycle;
    while (cycle > 0 && to_ps(cycle - 1) >= ps) --cycle;
    return cycle;
  }
  double ps_per_cycle() const { return ps_per_cycle_; }

 private:
  double ps_per_cycle_;
  double cycles_per_ps_;
};

}  // namespace warpsim::mem::dram
