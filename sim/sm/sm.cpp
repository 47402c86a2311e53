// Instruction issue: eligibility, warp selection policies, dual issue, stall accounting.
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
       mem::MemorySystem& memory)
    : setup_(setup),
      cfg_(cfg),
      kernel_(kernel),
      code_(kernel.code.data()),
      addresses_(addresses),
      memory_(memory),
      cycles_per_issue_(static_cast<uint64_t>(cfg.scheduler.cycles_per_issue)),
      issue_shift_(std::has_single_bit(cycles_per_issue_) ? std::countr_zero(cycles_per_issue_) : -1),
      width_(cfg.scheduler.width),
      regs_(std::max(1, kernel.registers)),
      max_outstanding_loads_(cfg.lsu.max_outstanding_loads_per_warp > 0 ? static_cast<uint32_t>(cfg.lsu.max_outstanding_loads_per_warp)
                                                                         : ~uint32_t{0}),
      any_warp_dual_issue_(cfg.scheduler.dual_issue == config::DualIssue::AnyWarp),
      policy_(cfg.scheduler.policy),
      coalescing_(kernel.accesses) {
  const int slots = cfg.sm.max_warps;
  warps_.resize(slots);
  scoreboard_.assign(static_cast<size_t>(slots) * regs_, RegReady{});
  loops_stride_ = static_cast<uint32_t>(std::max(1, kernel.loops));
  accesses_stride_ = static_cast<uint32_t>(std::max(1, kernel.accesses));
  loop_iter_.assign(static_cast<size_t>(slots) * loops_stride_, 0);
  executions_.assign(static_cast<size_t>(slots) * accesses_stride_, 0);
  schedulers_.resize(cfg.scheduler.count);
  for (auto& s : schedulers_) {
    s.alu = RatePipe(cfg.alu.ops_per_cycle, cfg.scheduler.cycles_per_issue);
    s.sfu = RatePipe(cfg.sfu.ops_per_cycle, cfg.scheduler.cycles_per_issue);
    s.next_slot = kNever;  // nothing to issue until a block arrives
  }
  for (auto& s : schedulers_) s.unit = {&s.alu, &s.sfu, &smem_unit_};
  for (int slot = 0; slot < slots; ++slot) {
    Scheduler& s = schedulers_[slot % cfg.scheduler.count];
    slot_scheduler_.push_back(static_cast<uint32_t>(slot % cfg.scheduler.count));
    slot_index_.push_back(static_cast<uint32_t>(s.slots.size()));
    s.slots.push_back(static_cast<uint32_t>(slot));
  }
  WARPSIM_ASSERT(schedulers_[0].slots.size() <= 64, "more than 64 warp slots per scheduler");
  blocks_.resize(setup.blocks_per_sm);
  free_block_slots_ = static_cast<uint32_t>(setup.blocks_per_sm);
  smem_unit_ = RatePipe(1.0, cfg.scheduler.cycles_per_issue);  // busy for smem_unit_cycles per access
  for (size_t j = 0; j < departure_offset_.size(); ++j)
    departure_offset_[j] = static_cast<uint64_t>(std::llround(static_cast<double>(j) * cfg.lsu.transaction_issue_cycles));
}

uint64_t Sm::next_wake() const {
  uint64_t t = lsu_.next_departure();
  for (const auto& s : schedulers_) t = std::min(t, s.next_slot);
  return t;
}

void Sm::tick(uint64_t t) {
  lsu_.submit_due(t, memory_);
  // Schedulers share the shared-memory unit: arbitrate round-robin, starting with a different
  // scheduler each cycle, so no scheduler's warps are systematically starved.
  const uint32_t n = static_cast<uint32_t>(schedulers_.size());
  uint32_t k = arbitration_start_;
  for (uint32_t i = 0; i < n; ++i) {
    Scheduler& s = schedulers_[k];
    if (s.next_slot <= t) attempt(s, t);
    if (++k == n) k = 0;
  }
  if (++arbitration_start_ == n) arbitration_start_ = 0;
}

// --- eligibility ------------------------------------------------------------------------------




// Cycle at which the warp's next instruction could issue, ignoring other warps; kNever when it
// waits on an event (memory, barrier).
uint64_t Sm::wake_time(const Warp& w, uint32_t slot, const Scheduler& s, uint64_t t) const {
  (void)slot;
  if (!w.resident || w.ready_at == kNever) return kNever;
  const DecodedInstruction& d = code_[w.pc];
  uint64_t at = std::max(t, w.ready_at);
  if (d.cls == OpClass::Alu) at = s.alu.next_accept(at);
  else if (d.cls == OpClass::Sfu) at = s.sfu.next_accept(at);
  else if (d.cls == OpClass::Smem) at = smem_unit_.next_accept(at);
  return at;
}



// The reason charged when warps block for different reasons: the one closest to issuing.
int stall_rank(StallReason r) {
  switch (r) {
    case StallReason::PipeBusy: return 5;
    case StallReason::IssueLimit: return 4;
    case StallReason::Dependency: return 3;
    case StallReason::Memory: return 2;
    case StallReason::Barrier: return 1;
    default: return 0;
  }
}

// --- selection --------------------------------------------------------------------------------

int Sm::pick(Scheduler& s, uint64_t t) {
  switch (policy_) {
    case config::SchedulerPolicy::Lrr: {
      // Round-robin from the warp after the last issued: live warps above `last`, then the rest.
      const uint64_t upto_last = s.last >= 63 ? ~uint64_t{0} : (uint64_t{2} << s.last) - 1;
      for (uint64_t m = s.live & ~upto_last; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        if (eligible(warps_[s.slots[k]], s.slots[k], s, t)) return k;
      }
      for (uint64_t m = s.live & upto_last; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        if (eligible(warps_[s.slots[k]], s.slots[k], s, t)) return k;
      }
      return -1;
    }
    case config::SchedulerPolicy::Gto:
      if (eligible(warps_[s.slots[s.last]], s.slots[s.last], s, t)) return static_cast<int>(s.last);
      [[fallthrough]];
    case config::SchedulerPolicy::Oldest: {
      int best = -1;
      for (uint64_t m = s.live; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        const Warp& w = warps_[s.slots[k]];
        if (eligible(w, s.slots[k], s, t) && (best < 0 || w.age < warps_[s.slots[best]].age)) best = static_cast<int>(k);
      }
      return best;
    }
    case config::SchedulerPolicy::TwoLevel: {
      // Round-robin within the active set (the front of `order`, resident warps in launch order);
      // a warp that issues a global load is demoted to the back, admitting the next pending warp.
      const size_t active = std::min<size_t>(s.order.size(), static_cast<size_t>(cfg_.scheduler.two_level_active_warps));
      for (size_t i = 0; i < active; ++i) {
        const uint32_t slot = s.order[i];
        if (eligible(warps_[slot], slot, s, t))
          return static_cast<int>(std::find(s.slots.begin(), s.slots.end(), slot) - s.slots.begin());
      }
      return -1;
    }
  }
  return -1;
}


void Sm::attempt(Scheduler& s, uint64_t t) {
  charge(s, t);
  const bool any_warp = any_warp_dual_issue_;
  int k = pick(s, t);
  if (k >= 0) {
    uint64_t busy = t;
    for (int issued = 0; k >= 0 && issued < (any_warp ? width_ : 1); ++issued) {
      s.last = static_cast<uint32_t>(k);
      issue(s, s.slots[k], t, !any_warp);  // the issued warp is no longer eligible this cycle
      busy = std::max(busy, s.busy_until);
      if (issued + 1 < width_ && any_warp) k = pick(s, t);
    }
    s.busy_until = busy;
    s.reason = StallReason::Issued;
    s.next_slot = s.busy_until;
    return;
  }
  // Nothing can issue: sleep until the earliest warp could, and remember why (for accounting).
  // Only live warps can wake by themselves, and their reasons outrank memory and barrier waits.
  uint64_t wake = kNever;
  StallReason why = StallReason::NoWarp;
  for (uint64_t m = s.live; m; m &= m - 1) {
    const uint32_t slot = s.slots[std::countr_zero(m)];
    const Warp& w = warps_[slot];
    wake = std::min(wake, wake_time(w, slot, s, t));
    const StallReason r = live_blocker(w, slot, t);
    if (stall_rank(r) > stall_rank(why)) why = r;
  }
  if (s.live == 0) {
    if (s.resident & ~s.barrier) why = StallReason::Memory;
    else if (s.resident & s.barrier) why = StallReason::Barrier;
  }
  s.reason = why;
  s.next_slot = wake == kNever ? kNever : align(std::max(wake, t + 1));
}


void Sm::wake_scheduler_of(uint32_t slot, uint64_t t) {
  Scheduler& s = schedulers_[slot % schedulers_.size()];
  const uint64_t at = std::max(align(t), s.busy_until);
  if (at < s.next_slot) s.next_slot = at;
}

// --- issue ------------------------------------------------------------------------------------

void Sm::issue(Scheduler& s, uint32_t slot, uint64_t t, bool pair_same_warp) {
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
    if (eligible(w, slot, s, t)) {
      execute(s, slot, second, t);
      cost = std::max(cost, second.issue_cycles);
      same_warp = std::max(same_warp, second.same_warp_latency);
    }
  }
  if (w.resident && !w.at_barrier) w.next_issue = std::max(w.next_issue, t + same_warp);
  refresh_ready(slot);
  s.busy_until = t + cost * cycles_per_issue_;
  if (policy_ == config::SchedulerPolicy::TwoLevel && first.cls == OpClass::Load) {
    auto it = std::find(s.order.begin(), s.order.end(), slot);
    if (it != s.order.end()) std::rotate(it, it + 1, s.order.end());
  }
}

// Inlined into issue(): it runs once per warp instruction.
[[gnu::always_inline]] inline void Sm::execute(Scheduler& s, uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  // Global loads and stores count when they complete (Sm::on_completion).
  if (d.cls != OpClass::Load && d.cls != OpClass::Store) stats_.work.instructions[isa::index(d.cls)]++;
  switch (d.cls) {
    case OpClass::Alu:
      s.alu.accept(t, d.ops);
      stats_.work.thread_ops_alu += d.thread_ops;
      break;
    case OpClass::Sfu: s.sfu.accept(t, d.ops); break;
    case OpClass::Smem: issue_smem(slot, d, t); break;
    case OpClass::Load: issue_load(slot, d, t); break;
    case OpClass::Store: issue_store(slot, d, t); break;
    case OpClass::Barrier:
      advance_pc(slot);
      arrive_at_barrier(slot, t);
      return;
    case OpClass::Control:
      if (d.is_exit) {
        exit_warp(slot, t);
        return;
      }
      break;
  }
  if (d.cls != OpClass::Load) {
    for (int i = 0; i < d.ndst; ++i) reg(slot, d.dst[i]) = RegReady{t + d.latency_to_alu, t + d.latency_to_other};
  }
  advance_pc(slot);
}


void Sm::finish(uint64_t end) {
  for (auto& s : schedulers_) {
    if (s.reason == StallReason::Issued) s.reason = StallReason::NoWarp;
    charge(s, end);
  }
  occupancy_changed(end, 0);
}

}  // namespace warpsim::sm
