// The SM's per-instruction helpers, inlined into the issue loop (sm_issue.cpp), the general issue
// path (sm_scheduling.cpp) and the memory and block paths (sm_memory.cpp, sm_blocks.cpp): they run for every
// simulated instruction.
#pragma once

#include "sm/sm.h"

namespace warpsim::sm {

#define WARPSIM_HOT [[gnu::always_inline]] inline

WARPSIM_HOT uint64_t Sm::operands_ready(const DecodedInstruction& d, uint32_t slot) const {
  uint64_t ready = 0;
  const RegReady* regs = &scoreboard_[slot * regs_];
  // Write-after-write: a destination still being produced (e.g. by a load) must land first, as
  // this consumer sees it land: FADD R1, R1, R2 after an LDS to R1 waits §4.7's 22 cycles on
  // Maxwell, not the 24 an LDS consumer would (its own write comes later still).
  if (d.cls == isa::OpClass::Alu) {
    for (int i = 0; i < d.nsrc; ++i) ready = std::max(ready, regs[d.src[i]].alu);
    for (int i = 0; i < d.ndst; ++i) ready = std::max(ready, regs[d.dst[i]].alu);
  } else {
    for (int i = 0; i < d.nsrc; ++i) ready = std::max(ready, regs[d.src[i]].other);
    for (int i = 0; i < d.ndst; ++i) ready = std::max(ready, regs[d.dst[i]].other);
  }
  if (d.is_exit)  // a warp terminates once every result it produced has landed
    for (int r = 0; r < regs_; ++r) ready = std::max(ready, regs[r].other);
  return ready;
}

// Whether the warp waits on memory, given its instruction's operands_ready(): load limit, an
// EXIT waiting for its loads, or an operand of a load in flight.
WARPSIM_HOT bool Sm::waits_on_memory(const Warp& w, const DecodedInstruction& d, uint64_t operands) const {
  if (d.cls == isa::OpClass::Load && w.outstanding_loads >= max_outstanding_loads_) return true;
  if (d.is_exit && w.outstanding_loads > 0) return true;
  return operands == mem::kNever;
}

WARPSIM_HOT void Sm::set_ready(uint32_t slot, uint64_t at) {
  warps_[slot].ready_at = at;
  Scheduler& s = scheduler_of(slot);
  s.earliest_valid = false;
  if (at == mem::kNever)
    s.live &= ~slot_bit(slot);
  else
    s.live |= slot_bit(slot);
}

WARPSIM_HOT void Sm::refresh_ready(uint32_t slot) {
  Warp& w = warps_[slot];
  if (!w.resident || w.at_barrier) {
    set_ready(slot, mem::kNever);
    return;
  }
  const DecodedInstruction& d = code_[w.pc];
  w.unit = d.unit;
  const uint64_t operands = operands_ready(d, slot);
  set_ready(slot, waits_on_memory(w, d, operands) ? mem::kNever : std::max(w.next_issue, operands));
}

// refresh_ready() of a warp that just issued: the issue loop knows its scheduler and bit, and that
// it is resident and not at a barrier, so none of those is looked up again.
WARPSIM_HOT void Sm::refresh_issued(Scheduler& s, uint32_t k, uint32_t slot) {
  Warp& w = warps_[slot];
  const DecodedInstruction& d = code_[w.pc];
  w.unit = d.unit;
  const uint64_t operands = operands_ready(d, slot);
  const bool waits = waits_on_memory(w, d, operands);
  w.ready_at = waits ? mem::kNever : std::max(w.next_issue, operands);
  s.earliest_valid = false;
  if (waits)
    s.live &= ~(uint64_t{1} << k);
  else
    s.live |= uint64_t{1} << k;
}

// With wait_for_warps' per-unit earliest ready_at still valid: whether any warp is ready by t on a
// unit that can accept it (eligible() of some live warp), without visiting the warps.
WARPSIM_HOT bool Sm::may_issue(const Scheduler& s, uint64_t t) const {
  if (!s.earliest_valid) return true;
  for (size_t u = 0; u < kUnitCount; ++u)
    if (s.earliest[u] <= t && s.unit[u]->can_accept(t)) return true;
  if (fmul_on_sfu_ && s.earliest[0] <= t && s.sfu.can_accept(t)) return true;  // perhaps an FMUL the SFUs take
  return s.earliest[kNoUnit] <= t;
}

WARPSIM_HOT bool Sm::sfu_takes(const Warp& w, const Scheduler& s, uint64_t t) const {
  return fmul_on_sfu_ && w.unit == 0 && code_[w.pc].sfu_may_take && s.sfu.can_accept(t);
}

WARPSIM_HOT bool Sm::eligible(const Warp& w, const Scheduler& s, uint64_t t) const {
  // A warp not resident has ready_at == kNever.
  return w.ready_at <= t && (w.unit == kNoUnit || s.unit[w.unit]->can_accept(t) || sfu_takes(w, s, t));
}

WARPSIM_HOT void Sm::charge(Scheduler& s, uint64_t until) {
  if (until <= s.charged_to) return;
  const uint64_t to = align(until);
  stats_.stall_slots[static_cast<size_t>(s.reason)] += slots_between(s.charged_to, to);
  if (setup_.record_issues) [[unlikely]]
    log_idle(s, s.charged_to, to);
  s.charged_to = to;
}

WARPSIM_HOT void Sm::advance_pc(uint32_t slot) {
  Warp& w = warps_[slot];
  const DecodedInstruction& d = code_[w.pc];
  for (uint32_t i = 0; i < d.loops_ending_count; ++i) {
    const DecodedLoop& l = loops_ending_[d.loops_ending_first + i];
    int64_t& iter = loop_iter_[slot * loops_stride_ + l.index];
    if (++iter < l.count) {
      w.pc = l.begin;
      return;
    }
    iter = 0;  // loop done: fall through to the enclosing loop's end, if it ends here too
  }
  ++w.pc;
}

// Executes an instruction with DecodedInstruction::plain_issue set (and the rest of the general
// path's, except barriers and EXIT): its unit, its counters, its results' ready times, the next pc.
WARPSIM_HOT void Sm::execute_plain(Scheduler& s, uint32_t slot, const DecodedInstruction& d, uint64_t t) {
  using isa::OpClass;
  // Global loads and stores count when they complete (Sm::on_completion).
  if (d.cls != OpClass::Load && d.cls != OpClass::Store) stats_.work.instructions[isa::index(d.cls)]++;
  stats_.issued_by_pc[static_cast<size_t>(&d - code_)]++;
  uint64_t from = t;  // results' latency counts from here
  switch (d.cls) {
    case OpClass::Alu:
      if (d.sfu_may_take && !s.alu.can_accept(t)) [[unlikely]]
        s.sfu.accept(t, d.sfu_ops);  // eligible, so the SFUs accept it
      else
        s.alu.accept(t, d.ops);
      stats_.work.thread_ops_alu += d.thread_ops;
      break;
    case OpClass::Sfu:
      s.sfu.accept(t, d.ops);
      break;
    case OpClass::Dp:
      s.dp.accept(t, d.ops);
      break;
    case OpClass::Smem:
      from = issue_smem(slot, d, t);
      break;
    case OpClass::Load:
      issue_load(slot, d, t);
      break;
    case OpClass::Store:
      issue_store(slot, d, t);
      break;
    default:
      break;  // control flow other than EXIT: nothing to execute
  }
  if (d.cls != OpClass::Load) {
    for (int i = 0; i < d.ndst; ++i) reg(slot, d.dst[i]) = RegReady{from + d.latency_to_alu, from + d.latency_to_other};
  }
  advance_pc(slot);
}

WARPSIM_HOT bool Sm::pairs_with(uint32_t first_pc, uint32_t next_pc) const {
  const DecodedInstruction& d = code_[first_pc];
  return next_pc == first_pc + 1 ? d.pairs_with_next : next_pc != first_pc && d.pairs_with_loop_begin;
}

#undef WARPSIM_HOT

}  // namespace warpsim::sm
