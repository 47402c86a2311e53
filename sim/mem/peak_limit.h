// The seeds' sustained memory limit (Volkov 2016 §4.1, Table 6.4's peak) as a token bucket one
// warp access deep: its rate clock advances by each transaction's bytes at the limit, and a
// transaction passes once it is at most one coalesced access (128 bytes, §6.3) behind that
// clock. So a lone warp's few transactions pass at once (on a 1/N share the device's N-times
// faster memory absorbs one SM's burst: Table 6.2 is measured at 1 warp/SM), and the long-run
// rate is exactly the limit. `fixed` is this alone; `servers` puts its servers behind it.
#pragma once

#include <algorithm>

namespace warpsim::mem {

class PeakLimit {
 public:
  PeakLimit() = default;
  explicit PeakLimit(double bytes_per_cycle) : bytes_per_cycle_(bytes_per_cycle), burst_cycles_(kBurstBytes / bytes_per_cycle) {}

  // When `bytes` arriving at `arrive` (cycles, non-decreasing over calls) pass.
  double pass(double arrive, double bytes) {
    // The same quotient, divided once per change of size: a run's transactions come in a few
    // sizes, mostly one after another, and a division per transaction stalled each one.
    if (bytes != last_bytes_) last_bytes_ = bytes, last_cycles_ = bytes / bytes_per_cycle_;
    free_ = std::max(free_, arrive) + last_cycles_;
    return std::max(arrive, free_ - burst_cycles_);
  }
  double bytes_per_cycle() const { return bytes_per_cycle_; }

 private:
  static constexpr double kBurstBytes = 128;  // one coalesced warp access: 32 threads x 4 bytes
  double bytes_per_cycle_ = 1;
  double burst_cycles_ = 128;
  double free_ = 0;                           // the rate clock, cycles
  double last_bytes_ = -1, last_cycles_ = 0;  // the last size passed and its cycles at the limit
};

}  // namespace warpsim::mem
