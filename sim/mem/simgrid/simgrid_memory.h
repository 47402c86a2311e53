// `simgrid`: the memory system as a SimGrid platform (platform_spec.h) whose links share their
// bandwidth among concurrent flows max-min fairly, as SimGrid's flow model is built and validated
// to do; the SM engine stays native. A second, independent contention model next to `queue`
// (FIFO servers, DRAM banks).
//
// Each SM talks to each channel over a connection (one per direction): its transactions cross it
// in order, one flow each, like messages on one TCP connection; concurrent connections share
// the channel's and the ports' bandwidth. One flow per transaction with all of them sharing at
// once (processor sharing) was tried first: transactions that start together finish together,
// come back together after the unloaded latency, and leave the channel idle in between, so the
// peak stayed at about half of Table 6.4 (docs/memory-model-simgrid.md).
//
// A transaction: submit -> request delay (interconnect + DRAM access) -> queued on its
// connection -> its flow (SimGrid: bytes / shared bandwidth) -> return delay (interconnect) ->
// completion. The delays are fixed and pipelined, so they are kept here, not as SimGrid link
// latencies, which a connection would pay once per message.
//
// Co-simulation: SimGrid's clock follows the device's. next_event_time() asks SimGrid's network
// model for its next event (no polling step); advance(t) runs SimGrid and the delay lines to the
// end of cycle t in date order, starting each flow at its exact date. A completion's cycle is
// its date rounded up to a whole cycle (less 1e-4 cycle of float noise). SimGrid runs on its own
// thread (engine_thread.h): use this model inside run_in_memory_context() (memory_factory.h).
#pragma once

#include <simgrid/forward.h>

#include <deque>
#include <unordered_map>
#include <vector>

#include "mem/memory_system.h"
#include "mem/simgrid/platform_spec.h"
#include "mem/simgrid/simgrid_world.h"

namespace warpsim::mem::simgrid {

class SimGridMemory final : public MemorySystem {
 public:
  explicit SimGridMemory(const MemorySystemSpec& spec);
  ~SimGridMemory() override;
  SimGridMemory(const SimGridMemory&) = delete;
  SimGridMemory& operator=(const SimGridMemory&) = delete;

  void submit(const Transaction& t, uint64_t now) override;
  uint64_t next_event_time() const override;
  void advance(uint64_t t, std::vector<Completion>& done) override;
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "simgrid"; }

  const PlatformSpec& platform() const { return spec_; }
  const ActivePlatform& simgrid_platform() const { return platform_; }
  uint32_t channel_of(uint64_t address) const;

 private:
  static constexpr uint32_t kNone = ~uint32_t{0};
  struct Flow {  // one transaction
    uint64_t submit_cycle = 0;
    uint64_t seq = 0;
    uint32_t tag = 0;
    uint32_t bytes = 0;
    uint32_t next = kNone;  // next transaction queued on the same connection
    uint16_t sm = 0;
  };
  struct Connection {
    ::simgrid::s4u::Host* from = nullptr;
    ::simgrid::s4u::Host* to = nullptr;
    ::simgrid::s4u::CommPtr comm;         // the flow under way, if any
    uint32_t active = kNone;              // its transaction
    uint32_t head = kNone, tail = kNone;  // transactions waiting, in order
  };
  struct Arrival {
    double date = 0;  // SimGrid time
    uint32_t slot = 0;
    uint32_t connection = 0;
  };
  struct Finished {
    uint64_t cycle = 0;
    uint64_t seq = 0;
    uint32_t slot = 0;
    bool operator>(const Finished& o) const { return cycle != o.cycle ? cycle > o.cycle : seq > o.seq; }
  };

  double date_of(uint64_t cycle) const;
  uint64_t cycle_of(double date) const;
  void catch_up(uint64_t cycle);
  void start_next(uint32_t connection);
  void on_done(const ::simgrid::s4u::Activity& a);
  uint32_t alloc_slot();

  SimGridWorld& world_;
  PlatformSpec spec_;
  ActivePlatform platform_;
  double epoch_ = 0;
  std::vector<Flow> flows_;
  std::vector<uint32_t> free_slots_;
  std::vector<Connection> connections_;  // index: (sm * channels + channel) * 2 + write
  std::unordered_map<const ::simgrid::s4u::Activity*, uint32_t> connection_of_;
  std::vector<uint32_t> just_done_;  // connections whose flow ended in the last SimGrid step
  std::deque<Arrival> arrivals_;     // in date order (constant request delay)
  std::vector<Finished> finished_;   // min-heap on (cycle, seq): done, not yet delivered
  uint64_t now_ = 0;
  uint64_t seq_ = 0;
  mutable uint64_t next_cached_ = kNever;
  mutable bool next_dirty_ = true;
  LatencyRecorder latencies_;
};

}  // namespace warpsim::mem::simgrid
