// The SM's set-up, its wake-up time, the stall accounting of a scheduler that cannot issue, and
// the general issue path (barriers, EXIT, dual issue). The per-policy issue loop: sm_issue.cpp.
#include "sm/sm.h"
#include "sm/sm_hot.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "common/user_error.h"

namespace warpsim::sm {

using isa::OpClass;
using mem::kNever;

Sm::Sm(const SmSetup& setup, const config::HwConfig& cfg, const DecodedKernel& kernel, const AddressGenerator& addresses,
       mem::MemoryPort& memory, mem::DepartureQueue& departures)
    : setup_(setup),
      cfg_(cfg),
      kernel_(kernel),
      code_(kernel.code.data()),
      fmul_on_sfu_(std::any_of(kernel.code.begin(), kernel.code.end(), [](const DecodedInstruction& d) { return d.sfu_may_take; })),
      loops_ending_(kernel.loops_ending.data()),
      addresses_(addresses),
      memory_(memory),
      departures_(departures),
      cycles_per_issue_(static_cast<uint64_t>(cfg.scheduler.cycles_per_issue)),
      issue_shift_(std::has_single_bit(cycles_per_issue_) ? std::countr_zero(cycles_per_issue_) : -1),
      width_(cfg.scheduler.width),
      regs_(std::max(1, kernel.registers)),
      max_outstanding_loads_(cfg.lsu.max_outstanding_loads_per_warp > 0 ? static_cast<uint32_t>(cfg.lsu.max_outstanding_loads_per_warp)
                                                                        : ~uint32_t{0}),
      any_warp_dual_issue_(cfg.scheduler.dual_issue == config::DualIssue::AnyWarp),
      policy_(cfg.scheduler.policy),
      two_level_active_(static_cast<uint32_t>(cfg.scheduler.two_level_active_warps)),
      coalescing_(kernel.accesses) {
  const int slots = cfg.sm.max_warps;
  warps_.resize(slots);
  scoreboard_.assign(static_cast<size_t>(slots) * regs_, RegReady{});
  loops_stride_ = static_cast<uint32_t>(std::max(1, kernel.loops));
  accesses_stride_ = static_cast<uint32_t>(std::max(1, kernel.accesses));
  loop_iter_.assign(static_cast<size_t>(slots) * loops_stride_, 0);
  executions_.assign(static_cast<size_t>(slots) * accesses_stride_, 0);
  stats_.issued_by_pc.assign(kernel.code.size(), 0);
  schedulers_.resize(cfg.scheduler.count);
  scheduler_count_ = static_cast<uint32_t>(schedulers_.size());
  for (auto& s : schedulers_) {
    s.alu = RatePipe(cfg.alu.ops_per_cycle, cfg.scheduler.cycles_per_issue);
    s.sfu = RatePipe(cfg.sfu.ops_per_cycle, cfg.scheduler.cycles_per_issue);
    // No double-precision rate: decode() refuses a kernel with DP instructions, so the pipe is idle.
    s.dp = RatePipe(cfg.dp.ops_per_cycle > 0 ? cfg.dp.ops_per_cycle : 1.0, cfg.scheduler.cycles_per_issue);
    s.next_slot = kNever;  // nothing to issue until a block arrives
  }
  for (auto& s : schedulers_) s.unit = {&s.alu, &s.sfu, &smem_unit_, &s.dp};
  for (int slot = 0; slot < slots; ++slot) {
    Scheduler& s = schedulers_[slot % cfg.scheduler.count];
    slot_scheduler_.push_back(static_cast<uint32_t>(slot % cfg.scheduler.count));
    slot_index_.push_back(static_cast<uint32_t>(s.slots.size()));
    s.slots.push_back(static_cast<uint32_t>(slot));
  }
  WARPSIM_ASSERT(schedulers_[0].slots.size() <= 64, "more than 64 warp slots per scheduler");
  blocks_.resize(setup.blocks_per_sm);
  free_block_slots_ = static_cast<uint32_t>(setup.blocks_per_sm);
  smem_unit_ = RatePipe(1.0, cfg.scheduler.cycles_per_issue, config::smem_queue_cycles(cfg.smem));  // busy smem_unit_cycles per access
  for (size_t j = 0; j < departure_offset_.size(); ++j)
    departure_offset_[j] = mem::departure_offset_cycles(static_cast<int>(j), cfg.lsu.transaction_issue_cycles);
}

// --- stalls -----------------------------------------------------------------------------------

// Nothing can issue: sleep until the earliest warp could, and remember why (for accounting).
// Only live warps can wake by themselves, and their reasons outrank memory and barrier waits.
// Per warp this reads ready_at only (the scoreboard just for warps held by the issue limit): a
// unit's next_accept(x) is max(x, a unit-wide bound), non-decreasing in x, so the earliest wake
// of a unit's warps is next_accept of their earliest ready_at; and a live warp's ready_at is
// max(next_issue, operands ready) (refresh_ready), so ready_at <= t means only its unit holds it
// (PipeBusy) and next_issue <= t < ready_at means an operand does (Dependency). Visiting every
// live warp's own wake time and blocker instead took ~75% of a pipe-bound run (64 warps of
// shared-memory loads on Maxwell: 16 live warps scanned per failed attempt).
void Sm::wait_for_warps(Scheduler& s, uint64_t t) {
  // No live warp changed since the last scan (Scheduler::earliest_valid): a warp ready by t is
  // held by its unit alone, which the scan would find too (the unit-contention case: the
  // schedulers that lose a grant of the shared unit retry when it frees).
  if (s.earliest_valid && *std::min_element(s.earliest.begin(), s.earliest.end()) <= t) {
    s.reason = StallReason::PipeBusy;
    s.next_slot = earliest_wake(s, t);
    return;
  }
  std::array<uint64_t, kUnitCount + 1>& earliest = s.earliest;  // ready_at by Warp::unit
  earliest.fill(kNever);
  // The reason charged when warps block for different reasons is the one closest to issuing:
  // PipeBusy (5) > IssueLimit (4) > Dependency (3).
  int rank = 0;
  for (uint64_t m = s.live; m; m &= m - 1) {
    const uint32_t slot = s.slots[std::countr_zero(m)];
    const Warp& w = warps_[slot];
    earliest[w.unit] = std::min(earliest[w.unit], w.ready_at);  // the unit of its next instruction
    if (rank == 5) continue;
    if (w.ready_at <= t)
      rank = 5;  // PipeBusy
    else if (w.next_issue <= t || operands_ready(code_[w.pc], slot) > t)
      rank = std::max(rank, 3);  // Dependency
    else
      rank = 4;  // IssueLimit
  }
  s.earliest_valid = true;
  StallReason why = rank == 5   ? StallReason::PipeBusy
                    : rank == 4 ? StallReason::IssueLimit
                    : rank == 3 ? StallReason::Dependency
                                : StallReason::NoWarp;
  if (s.live == 0) {
    if (s.resident & ~s.barrier)
      why = StallReason::Memory;
    else if (s.resident & s.barrier)
      why = StallReason::Barrier;
  }
  s.reason = why;
  s.next_slot = earliest_wake(s, t);
}

// The next slot at which a warp of `s` could issue, from Scheduler::earliest (kNever: none can
// by itself).
uint64_t Sm::earliest_wake(const Scheduler& s, uint64_t t) const {
  uint64_t wake = s.earliest[kNoUnit] == kNever ? kNever : std::max(t, s.earliest[kNoUnit]);
  for (size_t u = 0; u < kUnitCount; ++u)
    if (s.earliest[u] != kNever) wake = std::min(wake, s.unit[u]->next_accept(std::max(t, s.earliest[u])));
  // A warp waiting on the CUDA cores may hold an FMUL the SFUs take: wake when they could.
  if (fmul_on_sfu_ && s.earliest[0] != kNever) wake = std::min(wake, s.sfu.next_accept(std::max(t, s.earliest[0])));
  return wake == kNever ? kNever : align(std::max(wake, t + 1));
}

void Sm::wake_scheduler_of(uint32_t slot, uint64_t t) {
  Scheduler& s = scheduler_of(slot);
  const uint64_t at = std::max(align(t), s.busy_until);
  if (at < s.next_slot) s.next_slot = at;
}

// --- general issue ----------------------------------------------------------------------------

// Instructions that are not DecodedInstruction::plain_issue: a barrier or EXIT changes the warp's
// state, and a same-warp dual issue executes a second instruction in the same slot.
void Sm::issue_general(Scheduler& s, uint32_t slot, uint64_t t, bool pair_same_warp) {
  Warp& w = warps_[slot];
  const DecodedInstruction& first = code_[w.pc];
  execute(s, slot, first, t);
  uint32_t cost = first.issue_cycles;
  uint32_t same_warp = first.same_warp_latency;
  // Dual issue: the next instruction of the same warp, if independent and ready (§2.9, §3.8).
  const uint32_t first_pc = static_cast<uint32_t>(&first - code_);
  if (first.pairs_any && pair_same_warp && width_ > 1 && w.resident && !w.at_barrier && pairs_with(first_pc, w.pc)) {
    const DecodedInstruction& second = code_[w.pc];
    // The pair shares the issue slot: only the second's operands and unit matter.
    const uint64_t operands = operands_ready(second, slot);
    w.ready_at = waits_on_memory(w, second, operands) ? kNever : operands;
    if (eligible(w, s, t)) {
      execute(s, slot, second, t);
      cost = std::max(cost, second.issue_cycles);
      same_warp = std::max(same_warp, second.same_warp_latency);
    }
  }
  if (w.resident && !w.at_barrier) w.next_issue = std::max(w.next_issue, t + same_warp);
  refresh_ready(slot);
  s.busy_until = t + cost * cycles_per_issue_;
}

void Sm::log_issue(const Scheduler& s, uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  const Warp& w = warps_[slot];
  stats_.issues.push_back({t, static_cast<uint32_t>(setup_.index), static_cast<uint32_t>(&s - schedulers_.data()),
                           static_cast<uint32_t>(w.block_id), w.warp_in_block, static_cast<uint32_t>(&d - code_)});
}

// The issue log's idle slots are the stall accounting's own runs (charge()), so the two agree slot
// for slot; a run of Issued slots is the issue records and their issue cost. A run that goes on
// for the same reason after a retry that issued nothing extends the record before.
void Sm::log_idle(Scheduler& s, uint64_t from, uint64_t to) {
  if (s.reason == StallReason::Issued || to <= from) return;
  const auto reason = static_cast<uint8_t>(static_cast<size_t>(s.reason) - 1);
  if (s.last_idle < stats_.idle.size()) {
    device::IdleRecord& last = stats_.idle[s.last_idle];
    if (last.reason == reason && last.cycle + last.cycles == from) {
      last.cycles += to - from;
      return;
    }
  }
  s.last_idle = stats_.idle.size();
  stats_.idle.push_back({from, to - from, static_cast<uint32_t>(setup_.index), static_cast<uint32_t>(&s - schedulers_.data()), reason});
}

void Sm::execute(Scheduler& s, uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  // A run that logs its issues takes this path for every instruction (Device clears plain_issue),
  // so the hot path of the others carries no logging.
  if (setup_.record_issues) log_issue(s, slot, d, t);
  if (d.cls == OpClass::Barrier) {
    stats_.work.instructions[isa::index(d.cls)]++;
    stats_.issued_by_pc[static_cast<size_t>(&d - code_)]++;
    advance_pc(slot);
    arrive_at_barrier(slot, t);
  } else if (d.cls == OpClass::Control && d.is_exit) {
    stats_.work.instructions[isa::index(d.cls)]++;
    stats_.issued_by_pc[static_cast<size_t>(&d - code_)]++;
    exit_warp(slot, t);
    // The run spans the EXIT's issue slot too (it ended at the slot's start, one slot short: a
    // short kernel's IPC exceeded the issue bound, 88 instructions in 21 cycles on 4 single-issue
    // schedulers). The warp itself leaves at t, when its slot is free for the next block.
    stats_.last_end = std::max(stats_.last_end, t + static_cast<uint64_t>(d.issue_cycles) * cycles_per_issue_);
  } else {
    execute_plain(s, slot, d, t);
  }
}

void Sm::finish(uint64_t end) {
  for (auto& s : schedulers_) {
    if (s.reason == StallReason::Issued) {  // the run of issues ends with the last one
      charge(s, s.last_issue);
      s.reason = StallReason::NoWarp;
    }
    charge(s, end);
  }
  // A run stopped once steady ends with warps resident: their time so far is in the occupancy
  // integral, so Little's law counts it on the latency side too (collect.cpp).
  for (const auto& w : warps_)
    if (w.resident) stats_.resident_age_sum += end - w.start;
  occupancy_changed(end, 0);
}

}  // namespace warpsim::sm
