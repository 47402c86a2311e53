// `queue`: the memory system as bank-collision queues (docs/memory-model.md), the fast model of
// gradual saturation. A transaction crosses a fixed interconnect latency (half each way), lands
// on the channel its address interleaves to and on a hashed bank, and is served first come,
// first served (queue_channel.h): its completion time is known when it is submitted, and waits
// in a timing wheel (completion_queue.h). A few calendar searches per transaction; nothing ticks.
//
// The interconnect latency is derived, not chosen: Table 6.2's unloaded latency less what an
// unloaded coalesced streaming access takes in the channels (measured on an idle copy), so that
// such an access takes Table 6.2 exactly. A run of fewer SMs than the device (`--sms`) gets a
// proportional share of the channels and banks (queue_geometry()), not replicas.
#pragma once

#include <vector>

#include "mem/completion_queue.h"
#include "mem/dram/address_map.h"
#include "mem/dram/dram_timing.h"
#include "mem/memory_system.h"
#include "mem/queue/queue_channel.h"

namespace warpsim::mem::queue {

class QueueMemory final : public MemorySystem {
 public:
  explicit QueueMemory(const MemorySystemSpec& spec);
  // `interconnect_ps`: total fixed latency both ways (the calibration probe uses 0).
  QueueMemory(const MemorySystemSpec& spec, uint64_t interconnect_ps);

  void submit(const Transaction& t, uint64_t now) override {
    const uint64_t cycle = submit_timed(t, now);
    pending_.push(cycle, seq_++, Completion{cycle, t.tag, t.sm});
  }
  bool times_at_submit() const override { return true; }
  uint64_t submit_timed(const Transaction& t, uint64_t now) override;
  uint64_t next_event_time() const override { return pending_.next_time(); }
  void advance(uint64_t t, std::vector<Completion>& done) override { pending_.pop_until(t, done); }
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "queue"; }
  DramCounters dram_counters() const override;

  double interconnect_cycles() const { return static_cast<double>(interconnect_ps_) / clock_.ps_per_cycle(); }
  const QueueGeometry& geometry() const { return geometry_; }

 private:
  void init(const MemorySystemSpec& spec, uint64_t interconnect_ps);

  dram::CoreClock clock_{1.0};
  dram::DramTiming timing_;
  QueueGeometry geometry_;
  std::vector<QueueChannel> channels_;
  dram::AddressMap map_{1, 1, 256, 256, 2048};
  uint64_t interconnect_ps_ = 0;
  uint64_t request_ps_ = 0;  // SM -> controller share of the interconnect latency
  int simulated_sms_ = 1;
  int device_sms_ = 1;
  uint64_t seq_ = 0;
  uint64_t bytes_ = 0;
  CompletionQueue pending_;
  LatencyRecorder latencies_;
};

}  // namespace warpsim::mem::queue
