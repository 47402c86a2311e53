// A device: N SMs sharing one memory system, a block dispatcher handing blocks to SMs as slots
// free up (after the block launch latency, Volkov §3.7), and the run loop of the event engine.
#pragma once

#include <memory>
#include <vector>

#include "device/result.h"
#include "device/run_options.h"
#include "device/steady_state.h"
#include "engine/event_queue.h"
#include "mem/departure_queue.h"
#include "mem/memory_port.h"
#include "mem/memory_system.h"
#include "sm/address_generator.h"
#include "sm/decoded_kernel.h"
#include "sm/sm.h"

namespace warpsim::device {

class Device {
 public:
  Device(const config::HwConfig& cfg, const isa::Kernel& kernel, const RunOptions& opts);
  Result run();

 private:
  enum EventKind : uint32_t { kTick = 0, kBlockStart = 1 };
  void check_work_is_feasible() const;  // UserError if the grid would take days to simulate
  double grid_instructions() const;     // warp instructions the whole grid issues (at least 1)
  void reschedule(uint32_t sm, uint64_t now);
  void dispatch_finished_blocks(uint32_t sm, uint64_t t);  // when Sm::has_finished_blocks()
  void deliver_completions(uint64_t t);
  Result collect() const;

  const config::HwConfig& cfg_;
  const isa::Kernel& kernel_;
  const RunOptions opts_;
  const int sms_;
  LaunchRealization launch_;
  sm::DecodedKernel decoded_;
  sm::AddressGenerator addresses_;
  std::unique_ptr<mem::MemorySystem> memory_;
  mem::MemoryPort port_;            // the SMs' side of memory_: one completion per access
  mem::DepartureQueue departures_;  // every SM's transactions of later LSU passes
  std::vector<std::unique_ptr<sm::Sm>> sm_;
  std::vector<uint64_t> wake_;  // cycle of each SM's pending tick event (kNever: none)
  engine::EventQueue queue_;
  std::vector<mem::Completion> completions_;
  int64_t next_block_ = 0;  // blocks handed out so far
  // Steady state ends when a slot empties that no block will refill: the start of the tail.
  uint64_t window_end_ = mem::kNever;
  std::vector<std::vector<uint64_t>> pending_;  // per SM: blocks waiting for their start event
  uint64_t events_ = 0;
  std::unique_ptr<SteadyStateMonitor> steady_;  // when RunOptions::stop_when_steady
  uint64_t stopped_at_ = mem::kNever;           // the cycle a converged run ended at
};

}  // namespace warpsim::device
