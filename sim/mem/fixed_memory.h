// `fixed`: the seeds' basic memory model (Volkov 2016 §4.1): every transaction takes a constant
// unloaded latency, and the device moves at most the measured peak throughput (Table 6.4).
// One FIFO bandwidth server: a transaction of B bytes holds it B / peak cycles, and the server may
// run one warp access ahead of that rate (mem/peak_limit.h). A line an access touches costs at least
// memory.line_charge_bytes (Volkov §6.7), shared by the access's transactions in that line: a
// coalesced access costs its bytes, a fully diverging one 32 lines. A transaction leaves
// `latency` cycles after it entered the server, so latency is exact at low load, and throughput
// is exactly the cap at high load.
#pragma once

#include <algorithm>

#include "engine/ring_queue.h"
#include "mem/line_charge.h"
#include "mem/memory_system.h"
#include "mem/peak_limit.h"

namespace warpsim::mem {

class FixedMemory final : public MemorySystem {
 public:
  explicit FixedMemory(const MemorySystemSpec& spec);
  void submit(const Transaction& t, uint64_t now) override { pending_.push_back(Completion{submit_timed(t, now), t.tag, t.sm}); }
  bool times_at_submit() const override { return true; }
  uint64_t submit_timed(const Transaction& t, uint64_t now) override;
  uint64_t next_event_time() const override { return pending_.empty() ? kNever : pending_.front().time; }
  void advance(uint64_t t, std::vector<Completion>& done) override;
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "fixed"; }

  double latency_cycles() const { return latency_; }
  double bytes_per_cycle() const { return limit_.bytes_per_cycle(); }

 private:
  double latency_ = 0;          // per transaction, cycles
  uint64_t latency_whole_ = 0;  // latency_ rounded to whole cycles
  uint64_t last_done_ = 0;      // the FIFO's newest completion time
  PeakLimit limit_;             // this run's share of the device peak
  LineCharge line_charge_;      // least bytes charged per 128-byte line an access touches
  // Completion times never decrease in submission order (`now` and the server's free time never
  // do, the latency is constant), so a FIFO is already in (time, submission) order: no heap.
  engine::RingQueue<Completion> pending_;
  LatencyRecorder latencies_;
};

}  // namespace warpsim::mem
