// `dram`: the memory system as command-level DRAM queues (Volkov 2016 §2.7, §6.4): a fixed interconnect latency
// each way, then the DRAM channels of the vendor specification, each an FR-FCFS controller in
// front of banks with row buffers and datasheet timings (dram_channel.h). Mean latency grows with
// throughput and individual latencies spread because requests of independent warps collide on
// banks, rows, the activate window and the data bus.
//
// A run simulating fewer SMs than the device (`--sms`) gets its share of the channels and banks
// (share_geometry.h), so that it costs its share of the device.
//
// A read completes when its data is back at the SM; a write when its controller takes it into its
// write buffer (the Completion contract, memory_system.h): an L2 then frees the line's write-back
// MSHR, while the buffer, bounded, holds the writers back. writes_landed_by() says when the last
// write's data reached the DRAM, to which a kernel is timed.
#pragma once

#include <memory>
#include <vector>

#include "mem/completion_queue.h"
#include "mem/dram/address_map.h"
#include "mem/dram/channel_min_tree.h"
#include "mem/dram/dram_channel.h"
#include "mem/dram/share_geometry.h"
#include "mem/memory_system.h"

namespace warpsim::mem::dram {

class DramMemory final : public MemorySystem {
 public:
  static constexpr uint64_t kLineBytes = 128;
  explicit DramMemory(const MemorySystemSpec& spec);
  // `interconnect_ps`: total fixed latency both ways (internal: the calibration probe uses 0).
  DramMemory(const MemorySystemSpec& spec, uint64_t interconnect_ps);

  void submit(const Transaction& t, uint64_t now) override;
  uint64_t next_event_time() const override;
  void advance(uint64_t t, std::vector<Completion>& done) override;
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "dram"; }
  DramCounters dram_counters() const override;
  uint64_t writes_landed_by() const override { return writes_landed_; }

  // The fixed SM <-> controller latency, both ways, in core cycles: Table 6.2's unloaded latency
  // less what the DRAM model itself takes for an unloaded coalesced access.
  double interconnect_cycles() const { return static_cast<double>(interconnect_ps_) / clock_.ps_per_cycle(); }
  ChannelStats dram_stats() const;  // summed over channels
  uint64_t dram_bytes() const { return dram_bytes_; }

 private:
  struct Slot {
    uint64_t address = 0;
    uint64_t submit_cycle = 0;
    uint32_t tag = 0;
    uint32_t bytes = 0;
    uint16_t sm = 0;
    bool write = false;
    uint32_t transactions = 1;  // the access's sectors of one line merged into this request
  };
  struct Arrival {
    uint64_t time = 0;
    uint64_t seq = 0;
    uint32_t slot = 0;
  };

  void init(const MemorySystemSpec& spec, uint64_t interconnect_ps);
  uint32_t alloc_slot();
  void push_arrival(uint64_t time, uint32_t slot);
  void arrive(const Arrival& a);
  void finish(const ChannelDone& d);
  void complete(const Slot& s, uint64_t cycle);
  void accept_writes(DramChannel& c);  // completes the writes `c` took into its write buffer
  void process_until(uint64_t t_ps);

  const config::HwConfig* cfg_ = nullptr;
  CoreClock clock_{1.0};
  DramTiming timing_;
  std::unique_ptr<AddressMap> map_;
  ShareGeometry share_;
  std::vector<DramChannel> channels_;
  ChannelMinTree next_command_;  // each channel's next_command_time(), set whenever it changes
  uint64_t interconnect_ps_ = 0;
  uint64_t request_ps_ = 0;  // SM -> controller share of the interconnect latency
  int simulated_sms_ = 1;
  std::vector<Slot> slots_;
  std::vector<uint32_t> free_slots_;
  RingBuffer<Arrival> arrivals_;  // in time order
  std::vector<ChannelDone> done_buf_;
  CompletionQueue completions_;
  LatencyRecorder latencies_;
  uint64_t seq_ = 0;
  uint64_t dram_bytes_ = 0;
  uint64_t writes_landed_ = 0;                               // cycle of the latest write's last data beat
  mutable uint64_t next_ps_ = kNever, next_cycle_ = kNever;  // next_event_time()'s last conversion
};

}  // namespace warpsim::mem::dram
