// The seeds' basic memory model (Volkov 2016 §4.1-4.2): every transaction sees the same unloaded
// latency, and one FIFO server caps the bandwidth at the measured peak (Table 6.4). It saturates
// sharply: the "knee" of the basic model, with no gradual saturation.
#pragma once

#include <deque>

#include "mem/memory_system.h"

namespace warpsim::mem {

class FixedMemory final : public MemorySystem {
 public:
  explicit FixedMemory(const MemorySystemSpec& spec);
  void submit(const Transaction& t, uint64_t now) override;
  uint64_t next_event_time() const override { return pending_.empty() ? kNever : pending_.front().time; }
  void advance(uint64_t t, std::vector<Completion>& done) override;
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "fixed"; }

  uint64_t transaction_latency() const { return latency_; }

 private:
  uint64_t latency_;         // cycles from submit to completion when the server is idle
  double cycles_per_byte_;   // the bandwidth cap, for this run's share of the device
  double server_free_ = 0;
  std::deque<Completion> pending_;  // FIFO with constant latency: already in completion order
  LatencyRecorder latencies_;
};

// Transactions one fully coalesced warp load of 4-byte words produces under `rule` (Volkov §6.7:
// 2 on G80/GT200, 1 on Fermi, 4 on Kepler/Maxwell). Their departure spread is part of the
// unloaded instruction latency of Table 6.2.
int transactions_per_coalesced_access(config::CoalescingRule rule);

}  // namespace warpsim::mem
