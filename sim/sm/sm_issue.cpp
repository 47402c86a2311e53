// The issue loop: each cycle every scheduler whose slot has come selects a warp by its policy
// (LRR, GTO, oldest-first, two-level), issues it, and accounts the issue slot. It runs once per
// simulated warp instruction, so it is compiled once per policy (no per-attempt policy branch)
// and the common instruction, DecodedInstruction::plain_issue, takes a path with no barrier,
// EXIT or dual-issue checks.
#include <algorithm>
#include <bit>

#include "sm/sm.h"
#include "sm/sm_hot.h"

namespace warpsim::sm {

void Sm::tick(uint64_t t) {
  switch (policy_) {
    case Policy::Lrr:
      tick_schedulers<Policy::Lrr>(t);
      break;
    case Policy::Gto:
      tick_schedulers<Policy::Gto>(t);
      break;
    case Policy::Oldest:
      tick_schedulers<Policy::Oldest>(t);
      break;
    case Policy::TwoLevel:
      tick_schedulers<Policy::TwoLevel>(t);
      break;
  }
}

template <Sm::Policy P>
void Sm::tick_schedulers(uint64_t t) {
  // Schedulers share the shared-memory unit and the LSU through a round-robin arbiter: the
  // scheduler after the one last granted either is served first (Sm::granted_shared_unit), so no
  // scheduler's warps are starved or always first in the memory system's queue. (Rotating the start on every tick instead let the parity of wake-ups decide: on
  // Fermi smem2 one scheduler got 57% of the unit and its blocks' warps finished 30% earlier.)
  const uint32_t n = scheduler_count_;
  uint32_t k = arbitration_start_;
  for (uint32_t i = 0; i < n; ++i) {
    Scheduler& s = schedulers_[k];
    if (s.next_slot <= t) attempt<P>(s, t);
    if (++k == n) k = 0;
  }
}

template <Sm::Policy P>
[[gnu::always_inline]] inline void Sm::attempt(Scheduler& s, uint64_t t) {
  int k = may_issue(s, t) ? pick<P>(s, t) : -1;
  if (k < 0 || s.reason != StallReason::Issued) charge(s, t);  // a run of issues is charged when it ends
  if (k < 0) {
    wait_for_warps(s, t);
    return;
  }
  uint64_t busy = t;
  if (!any_warp_dual_issue_) {  // one warp per slot; a same-warp pair is issued inside issue()
    s.last = static_cast<uint32_t>(k);
    issue<P>(s, static_cast<uint32_t>(k), t, true);
    busy = std::max(busy, s.busy_until);
  } else {  // any-warp dual issue: pick again, the issued warp is no longer eligible this cycle
    for (int issued = 0; k >= 0 && issued < width_; ++issued) {
      s.last = static_cast<uint32_t>(k);
      issue<P>(s, static_cast<uint32_t>(k), t, false);
      busy = std::max(busy, s.busy_until);
      if (issued + 1 < width_) k = pick<P>(s, t);
    }
  }
  s.busy_until = busy;
  s.last_issue = t;
  s.reason = StallReason::Issued;
  s.next_slot = busy;
}

template <Sm::Policy P>
[[gnu::always_inline]] inline int Sm::pick(Scheduler& s, uint64_t t) {
  if constexpr (P == Policy::Lrr) {
    // Round-robin from the warp after the last issued: live warps above `last`, then the rest.
    const uint64_t upto_last = s.last >= 63 ? ~uint64_t{0} : (uint64_t{2} << s.last) - 1;
    for (uint64_t m = s.live & ~upto_last; m; m &= m - 1) {
      const int k = std::countr_zero(m);
      if (eligible(warps_[s.slots[k]], s, t)) return k;
    }
    for (uint64_t m = s.live & upto_last; m; m &= m - 1) {
      const int k = std::countr_zero(m);
      if (eligible(warps_[s.slots[k]], s, t)) return k;
    }
    return -1;
  } else if constexpr (P == Policy::Gto || P == Policy::Oldest) {
    // GTO keeps the last warp while it can issue, then falls back to oldest-first: the first
    // live, eligible warp of `order`, which holds the resident warps in launch (age) order under
    // these policies (only two-level reorders it).
    if (P == Policy::Gto && eligible(warps_[s.slots[s.last]], s, t)) return static_cast<int>(s.last);
    for (uint32_t slot : s.order) {
      const uint32_t k = slot_index_[slot];
      if ((s.live >> k & 1) && eligible(warps_[slot], s, t)) return static_cast<int>(k);
    }
    return -1;
  } else {
    // Two-level: round-robin within the active set (the front of `order`, resident warps in launch
    // order); a warp that issues a global load, or waits at a barrier, is demoted to the back,
    // admitting the next pending warp.
    const size_t active = std::min<size_t>(s.order.size(), two_level_active_);
    for (size_t i = 0; i < active; ++i) {
      const uint32_t slot = s.order[i];
      if (eligible(warps_[slot], s, t)) return static_cast<int>(std::find(s.slots.begin(), s.slots.end(), slot) - s.slots.begin());
    }
    return -1;
  }
}

template <Sm::Policy P>
[[gnu::always_inline]] inline void Sm::issue(Scheduler& s, uint32_t k, uint64_t t, bool pair_same_warp) {
  const uint32_t slot = s.slots[k];
  Warp& w = warps_[slot];
  const DecodedInstruction& d = code_[w.pc];
  if (d.plain_issue) {
    execute_plain(s, slot, d, t);
    w.next_issue = std::max(w.next_issue, t + d.same_warp_latency);
    refresh_issued(s, k, slot);
    s.busy_until = t + d.issue_cycles * cycles_per_issue_;
  } else {
    issue_general(s, slot, t, pair_same_warp);
  }
  if constexpr (P == Policy::TwoLevel) {
    // A warp left waiting at a barrier is demoted like one that issued a load: an active set
    // filled with such warps would wait for pending warps it never lets issue (a deadlock).
    if (d.cls == isa::OpClass::Load || (d.cls == isa::OpClass::Barrier && w.at_barrier)) {
      auto it = std::find(s.order.begin(), s.order.end(), slot);
      if (it != s.order.end()) std::rotate(it, it + 1, s.order.end());
    }
  }
}

}  // namespace warpsim::sm
