#include "mem/fixed_memory.h"

#include <algorithm>
#include <cmath>

#include "common/user_error.h"
#include "mem/unloaded_latency.h"

namespace warpsim::mem {

FixedMemory::FixedMemory(const MemorySystemSpec& spec) {
  const config::HwConfig& cfg = *spec.config;
  latency_ = unloaded_transaction_latency_cycles(cfg);  // all of it: no part is modelled (unloaded_latency.h)
  latency_whole_ = static_cast<uint64_t>(std::llround(latency_));
  // GB/s -> bytes per core cycle, times this run's share of the device's SMs.
  const double share = static_cast<double>(spec.simulated_sms) / cfg.device.sms;
  limit_ = PeakLimit(cfg.memory.peak_gbps / cfg.device.core_clock_ghz * share);
  line_charge_ = LineCharge(cfg.memory.line_charge_bytes);
  latencies_ = LatencyRecorder(spec.records_latencies);
}

uint64_t FixedMemory::submit_timed(const Transaction& t, uint64_t now) {
  const double charged = line_charge_.bytes(t);
  const double start = limit_.pass(static_cast<double>(now), charged);
  // The wait for the server (start - now) is the only queueing: unqueued, latency is exact. A
  // backlog shorter than a cycle is not a cycle of delay (start >= now >= 0: truncation floors).
  const auto done_cycle = static_cast<uint64_t>(start) + latency_whole_;
  WARPSIM_ASSERT(done_cycle >= last_done_, "fixed memory: submit() called with a decreasing `now`");
  last_done_ = done_cycle;
  latencies_.record(done_cycle - now);
  return done_cycle;
}

void FixedMemory::advance(uint64_t t, std::vector<Completion>& done) {
  while (!pending_.empty() && pending_.front().time <= t) {
    done.push_back(pending_.front());
    pending_.pop_front();
  }
}

}  // namespace warpsim::mem
