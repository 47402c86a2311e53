// Thread blocks on an SM: launch into free warp slots, barriers (BAR), warp exit, block
// completion, and the occupancy the SM tracks from warp start and end times (Volkov §5.5-5.6).
#include <algorithm>

#include "common/user_error.h"
#include "sm/sm.h"
#include "sm/sm_hot.h"

using warpsim::mem::kNever;

namespace warpsim::sm {

void Sm::launch_block(uint64_t block_id, uint64_t t) {
  WARPSIM_ASSERT(free_block_slots_ > 0, "launch_block without a free block slot");
  auto b = std::find_if(blocks_.begin(), blocks_.end(), [](const BlockSlot& x) { return !x.active; });
  b->active = true;
  b->id = block_id;
  b->alive = static_cast<uint32_t>(setup_.block_warps);
  b->arrived = 0;
  b->warps.clear();
  --free_block_slots_;
  // Warps take the lowest free slots; slot s is scheduled by scheduler s % count (§5.8).
  for (uint32_t slot = 0; slot < warps_.size() && b->warps.size() < static_cast<size_t>(setup_.block_warps); ++slot) {
    Warp& w = warps_[slot];
    if (w.resident) continue;
    w = Warp{};
    w.resident = true;
    w.block_slot = static_cast<uint32_t>(b - blocks_.begin());
    w.warp_in_block = static_cast<uint32_t>(b->warps.size());
    w.block_id = block_id;
    w.next_issue = t;
    w.start = t;
    w.age = age_counter_++;
    std::fill_n(scoreboard_.begin() + slot * regs_, regs_, RegReady{});
    std::fill_n(loop_iter_.begin() + slot * loops_stride_, loops_stride_, 0);
    std::fill_n(executions_.begin() + slot * accesses_stride_, accesses_stride_, 0);
    b->warps.push_back(slot);
    w.unit = code_[0].unit;
    scheduler_of(slot).resident |= slot_bit(slot);
    set_ready(slot, t);
    schedulers_[slot % schedulers_.size()].order.push_back(slot);
    wake_scheduler_of(slot, t);
  }
  WARPSIM_ASSERT(b->warps.size() == static_cast<size_t>(setup_.block_warps), "not enough free warp slots for a block");
  stats_.first_start = std::min(stats_.first_start, t);
  occupancy_changed(t, setup_.block_warps);
}

void Sm::arrive_at_barrier(uint32_t slot, uint64_t t) {
  Warp& w = warps_[slot];
  BlockSlot& b = blocks_[w.block_slot];
  w.at_barrier = true;
  scheduler_of(slot).barrier |= slot_bit(slot);
  set_ready(slot, kNever);
  if (++b.arrived == b.alive) release_barrier(b, t);
}

void Sm::release_barrier(BlockSlot& b, uint64_t t) {
  const uint64_t go = t + static_cast<uint64_t>(cfg_.sm.barrier_latency_cycles);
  for (uint32_t slot : b.warps) {
    Warp& w = warps_[slot];
    if (!w.resident || !w.at_barrier) continue;
    w.at_barrier = false;
    scheduler_of(slot).barrier &= ~slot_bit(slot);
    w.next_issue = std::max(w.next_issue, go);
    refresh_ready(slot);
    wake_scheduler_of(slot, w.next_issue);
  }
  b.arrived = 0;
}

void Sm::exit_warp(uint32_t slot, uint64_t t) {
  Warp& w = warps_[slot];
  w.resident = false;
  scheduler_of(slot).resident &= ~slot_bit(slot);
  set_ready(slot, kNever);
  auto& order = schedulers_[slot % schedulers_.size()].order;
  order.erase(std::find(order.begin(), order.end(), slot));
  BlockSlot& b = blocks_[w.block_slot];
  stats_.work.warps_executed++;
  stats_.warp_latency_sum += t - w.start;  // the run's end (last_end) is the EXIT slot's, set by Sm::execute
  if (setup_.record_warps)
    stats_.warp_records.push_back({static_cast<uint32_t>(setup_.index), static_cast<uint32_t>(w.block_id), w.warp_in_block, w.start, t});
  occupancy_changed(t, -1);
  --b.alive;
  if (b.alive > 0 && b.arrived == b.alive) release_barrier(b, t);
  if (b.alive == 0) {
    b.active = false;
    ++free_block_slots_;
    finished_blocks_.push_back(w.block_slot);
  }
}

void Sm::occupancy_changed(uint64_t t, int delta) {
  stats_.occupancy_area += static_cast<long double>(stats_.resident) * static_cast<long double>(t - stats_.occupancy_since);
  stats_.occupancy_since = t;
  stats_.resident = static_cast<uint32_t>(static_cast<int>(stats_.resident) + delta);
  resident_warps_ = stats_.resident;
  stats_.max_resident = std::max(stats_.max_resident, stats_.resident);
  if (setup_.record_occupancy && delta != 0) {
    if (!stats_.occupancy.empty() && stats_.occupancy.back().time == t)
      stats_.occupancy.back().warps = stats_.resident;
    else
      stats_.occupancy.push_back({t, stats_.resident});
  }
}

std::vector<uint32_t> Sm::take_finished_blocks() {
  std::vector<uint32_t> out;
  out.swap(finished_blocks_);
  return out;
}

}  // namespace warpsim::sm
