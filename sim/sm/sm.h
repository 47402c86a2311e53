// One streaming multiprocessor: resident warps in slots, `scheduler.count` warp schedulers (warp
// slot s belongs to scheduler s % count, as in hardware), per-scheduler CUDA-core and SFU pipes,
// one shared-memory unit, and the load/store unit. Latency hiding is not modelled anywhere: it
// emerges from these mechanisms (Volkov 2016 ch. 3).
//
// Contract: the device drives an Sm from one thread. It calls launch_block() when a block slot is
// free, on_completion() for each memory completion addressed to this SM (before tick() at the
// same cycle), and tick(t) at the cycle returned by next_wake(). Finished block slots are
// reported through take_finished_blocks().
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "config/hw_config.h"
#include "device/result.h"
#include "mem/coalescer.h"
#include "mem/departure_queue.h"
#include "mem/memory_port.h"
#include "mem/memory_system.h"
#include "sm/address_generator.h"
#include "sm/coalescing_cache.h"
#include "sm/decoded_kernel.h"
#include "sm/lsu.h"
#include "sm/rate_pipe.h"
#include "sm/sm_stats.h"
#include "sm/warp.h"

namespace warpsim::sm {

struct SmSetup {
  int index = 0;
  int block_warps = 1;
  int blocks_per_sm = 1;
  int block_threads = 32;
  int access_sample_every = 1;
  // Which access of each run of access_sample_every is sampled, drawn per SM from the run's seed:
  // a fixed first one would always take the very first access, issued into an idle memory system.
  uint64_t access_sample_phase = 0;
  bool record_warps = false;
  bool record_occupancy = false;
  bool record_issues = false;  // SmStats::issues and SmStats::idle
};

class Sm {
 public:
  Sm(const SmSetup& setup, const config::HwConfig& cfg, const DecodedKernel& kernel, const AddressGenerator& addresses,
     mem::MemoryPort& memory, mem::DepartureQueue& departures);

  bool has_free_block_slot() const { return free_block_slots_ > 0; }
  void launch_block(uint64_t block_id, uint64_t t);
  // `transactions` of the access `tag` completed at t (all of them: the access completes).
  void on_completion(uint32_t tag, uint64_t t, uint32_t transactions = 1, bool from_cache = false);
  // Ends the steady-state window at `t` (SmStats::window).
  void close_window(uint64_t t);
  void tick(uint64_t t);
  uint64_t next_wake() const {  // inline: the device asks once per simulated cycle
    uint64_t t = mem::kNever;
    for (const auto& s : schedulers_) t = std::min(t, s.next_slot);
    return t;
  }
  std::vector<uint32_t> take_finished_blocks();
  bool has_finished_blocks() const { return !finished_blocks_.empty(); }
  bool busy() const { return resident_warps_ > 0 || !lsu_.idle(); }
  // Charges the remaining issue slots up to `end` and closes the occupancy integral.
  void finish(uint64_t end);
  const SmStats& stats() const { return stats_; }

 private:
  struct Scheduler {
    std::vector<uint32_t> slots;  // warp slots owned by this scheduler
    std::vector<uint32_t> order;  // resident warps in launch order (two-level: active set first)
    RatePipe alu, sfu, dp;
    std::array<RatePipe*, kUnitCount> unit{};  // by Warp::unit: alu, sfu, the SM's shared-memory unit, dp
    uint64_t next_slot = 0;                    // next cycle it may try to issue (kNever: waits for an event)
    uint64_t busy_until = 0;                   // issuing an instruction keeps it busy until here
    // Issue slots before this cycle are accounted, except a run of Issued slots still going on:
    // charge() telescopes, so the run is charged once, when it ends (attempt, finish).
    uint64_t charged_to = 0;
    uint64_t last_issue = 0;        // cycle of the last attempt that issued
    size_t last_idle = ~size_t{0};  // SmStats::idle's last run of this scheduler (SmSetup::record_issues)
    StallReason reason = StallReason::NoWarp;
    uint32_t last = 0;  // index into `slots` of the last warp issued (LRR, GTO)
    // Bit k stands for slots[k]: resident; at a barrier; resident with ready_at != kNever (the
    // only warps that can issue, so selection and stall accounting visit just these).
    uint64_t resident = 0, barrier = 0, live = 0;
    // The earliest ready_at of the live warps by Warp::unit, as wait_for_warps last found it;
    // valid until a warp of this scheduler changes (set_ready, refresh_issued clear it).
    std::array<uint64_t, kUnitCount + 1> earliest{};
    bool earliest_valid = false;
  };
  struct BlockSlot {
    bool active = false;
    uint32_t alive = 0;    // warps not exited
    uint32_t arrived = 0;  // warps waiting at the barrier
    uint64_t id = 0;
    std::vector<uint32_t> warps;
  };

  // Issue (sm_issue.cpp): one copy of the issue loop per selection policy, chosen once per tick,
  // so selection inlines into it with no per-attempt branch on the policy.
  using Policy = config::SchedulerPolicy;
  template <Policy P>
  void tick_schedulers(uint64_t t);
  template <Policy P>
  void attempt(Scheduler& s, uint64_t t);
  template <Policy P>
  int pick(Scheduler& s, uint64_t t);  // index into s.slots, or -1
  template <Policy P>
  void issue(Scheduler& s, uint32_t k, uint64_t t, bool pair_same_warp);
  void issue_general(Scheduler& s, uint32_t slot, uint64_t t, bool pair_same_warp);  // barrier, EXIT, dual issue
  void execute(Scheduler& s, uint32_t slot, const DecodedInstruction& d, uint64_t t);
  void execute_plain(Scheduler& s, uint32_t slot, const DecodedInstruction& d, uint64_t t);    // d.plain_issue
  void log_issue(const Scheduler& s, uint32_t slot, const DecodedInstruction& d, uint64_t t);  // SmSetup::record_issues
  void log_idle(Scheduler& s, uint64_t from, uint64_t to);  // the same: slots [from, to) charged to s.reason
  // Eligibility and stalls (sm_scheduling.cpp, sm_hot.h)
  bool eligible(const Warp& w, const Scheduler& s, uint64_t t) const;
  // Whether the SFUs can take the FMUL a warp waiting on the CUDA cores holds (sfu.fmul_ops_per_cycle,
  // GT200), at t: such a warp is eligible when either unit accepts, and takes the cores first.
  bool sfu_takes(const Warp& w, const Scheduler& s, uint64_t t) const;
  void wait_for_warps(Scheduler& s, uint64_t t);  // nothing issued: the stall reason and next slot
  uint64_t earliest_wake(const Scheduler& s, uint64_t t) const;
  bool may_issue(const Scheduler& s, uint64_t t) const;  // false: pick() finds no eligible warp
  uint64_t operands_ready(const DecodedInstruction& d, uint32_t slot) const;
  void refresh_ready(uint32_t slot);  // recompute Warp::ready_at
  // The same for slots[k] of `s`, a warp known resident and not at a barrier (it just issued).
  void refresh_issued(Scheduler& s, uint32_t k, uint32_t slot);
  void set_ready(uint32_t slot, uint64_t at);  // Warp::ready_at and its scheduler's live mask
  Scheduler& scheduler_of(uint32_t slot) { return schedulers_[slot_scheduler_[slot]]; }
  uint64_t slot_bit(uint32_t slot) const { return uint64_t{1} << slot_index_[slot]; }
  bool waits_on_memory(const Warp& w, const DecodedInstruction& d, uint64_t operands) const;
  void advance_pc(uint32_t slot);
  bool pairs_with(uint32_t first_pc, uint32_t next_pc) const;
  void charge(Scheduler& s, uint64_t until);
  // Next issue-slot boundary at or after t (slots start at multiples of cycles_per_issue).
  uint64_t align(uint64_t t) const {
    if (issue_shift_ >= 0) return ((t + cycles_per_issue_ - 1) >> issue_shift_) << issue_shift_;  // no division on the hot path
    return (t + cycles_per_issue_ - 1) / cycles_per_issue_ * cycles_per_issue_;
  }
  uint64_t slots_between(uint64_t from, uint64_t to) const {  // both aligned
    return issue_shift_ >= 0 ? (to - from) >> issue_shift_ : (to - from) / cycles_per_issue_;
  }
  void wake_scheduler_of(uint32_t slot, uint64_t t);
  // Memory (sm_memory.cpp)
  void issue_load(uint32_t slot, const DecodedInstruction& d, uint64_t t);
  void issue_store(uint32_t slot, const DecodedInstruction& d, uint64_t t);
  // Returns the cycle the unit takes it: t, or later behind smem.queue_instructions.
  uint64_t issue_smem(uint32_t slot, const DecodedInstruction& d, uint64_t t);
  // Coalesces one execution and queues its transactions; returns how many.
  void send(uint32_t slot, const DecodedInstruction& d, uint64_t t, bool write, uint32_t tag, AccessWork& work);
  void depart_all(uint64_t t, const mem::Transaction& proto, AccessWork& work);  // the transactions in segments_
  uint32_t issue_access(uint32_t slot, const DecodedInstruction& d, uint64_t t, bool store);
  void granted_shared_unit(uint32_t slot);
  void depart(uint64_t t, uint32_t j, const mem::Transaction& proto, uint64_t address, uint32_t bytes, uint8_t line_transactions,
              bool last);  // last: the access's last transaction to be submitted
  // Blocks, barriers, exits (sm_blocks.cpp)
  void arrive_at_barrier(uint32_t slot, uint64_t t);
  void release_barrier(BlockSlot& b, uint64_t t);
  void exit_warp(uint32_t slot, uint64_t t);
  void occupancy_changed(uint64_t t, int delta);

  // Scoreboard entry of one register: the cycle its value is ready for a CUDA-core consumer and
  // for any other consumer (they differ on Maxwell, §4.7).
  struct RegReady {
    uint64_t alu = 0;
    uint64_t other = 0;
  };
  RegReady& reg(uint32_t slot, int r) { return scoreboard_[slot * regs_ + r]; }
  const RegReady& reg(uint32_t slot, int r) const { return scoreboard_[slot * regs_ + r]; }

  const SmSetup setup_;
  const config::HwConfig& cfg_;
  const DecodedKernel& kernel_;
  const DecodedInstruction* code_;   // kernel_.code.data(): the hot path indexes it by pc
  const bool fmul_on_sfu_;           // some instruction is an FMUL the SFUs may take (GT200)
  const DecodedLoop* loops_ending_;  // kernel_.loops_ending.data()
  const AddressGenerator& addresses_;
  mem::MemoryPort& memory_;
  mem::DepartureQueue& departures_;  // the device's: transactions of later LSU passes
  const uint64_t cycles_per_issue_;
  const int issue_shift_;  // log2(cycles_per_issue) when a power of two, else -1
  const int width_;
  const int regs_;
  const uint32_t max_outstanding_loads_;  // per warp; lsu.max_outstanding_loads_per_warp, 0 -> none
  const bool any_warp_dual_issue_;        // scheduler.dual_issue == any_warp
  const config::SchedulerPolicy policy_;
  const uint32_t two_level_active_;  // scheduler.two_level_active_warps

  std::vector<Warp> warps_;
  std::vector<Scheduler> schedulers_;
  uint32_t scheduler_count_ = 0;  // schedulers_.size()
  std::vector<BlockSlot> blocks_;
  std::vector<uint32_t> slot_scheduler_, slot_index_;  // slot -> its scheduler, its index in `slots`
  std::vector<RegReady> scoreboard_;                   // per slot x register
  std::vector<int64_t> loop_iter_;                     // per slot x loop
  uint32_t loops_stride_ = 1, accesses_stride_ = 1;
  uint32_t arbitration_start_ = 0;    // scheduler served first this cycle
  std::vector<uint64_t> executions_;  // per slot x access: times executed
  std::vector<uint32_t> finished_blocks_;
  RatePipe smem_unit_{1.0};
  Lsu lsu_;
  std::array<uint64_t, 32> addr_{};
  std::array<uint64_t, mem::kWarpThreads> departure_offset_{};  // issue step j -> round(j x lsu.transaction_issue_cycles)
  std::vector<mem::Segment> segments_;
  CoalescingCache coalescing_;
  uint32_t free_block_slots_ = 0;
  uint32_t resident_warps_ = 0;
  uint64_t age_counter_ = 0;
  uint64_t accesses_seen_ = 0;
  uint64_t accesses_issued_ = 0;  // global accesses, stores included (AccessRecord::serial)
  SmStats stats_;
};

}  // namespace warpsim::sm
