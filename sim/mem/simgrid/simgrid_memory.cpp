#include "mem/simgrid/simgrid_memory.h"

#include <fmt/format.h>
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cmath>
#include <functional>

#include "common/bit_mix.h"
#include "common/user_error.h"

namespace sg4 = ::simgrid::s4u;

namespace warpsim::mem::simgrid {

namespace {

// Float noise allowed when a SimGrid date becomes a cycle: dates are exact to ~1.4e-5 cycle at
// 1 GHz (the ulp of the epoch binade), so a flow ending "at" cycle c is not pushed into c + 1.
constexpr double kCycleTolerance = 1e-4;

// Consecutive bytes on one channel before the next (GPGPU-Sim's GTX 480 config takes the memory
// partition from address bit 8), and the rows (2 KB per channel) whose hash rotates the order.
constexpr uint64_t kInterleaveBytes = 256;
constexpr uint64_t kChunksPerRow = 2048 / kInterleaveBytes;

}  // namespace

SimGridMemory::SimGridMemory(const MemorySystemSpec& spec)
    : world_(SimGridWorld::get()), spec_(make_platform_spec(*spec.config, spec.simulated_sms)), latencies_(spec.records_latencies) {
  platform_ = world_.claim(spec_, [this](const sg4::Activity& a) { on_done(a); });
  epoch_ = world_.epoch();
  for (int sm = 0; sm < spec_.sms; ++sm)
    for (int ch = 0; ch < spec_.channels; ++ch) {
      // A read's data moves from the channel to the SM, a write's the other way.
      connections_.push_back(Connection{platform_.channel_hosts[ch], platform_.sm_hosts[sm], nullptr});
      connections_.push_back(Connection{platform_.sm_hosts[sm], platform_.channel_hosts[ch], nullptr});
    }
}

SimGridMemory::~SimGridMemory() {
  world_.release();  // no more completion callbacks into this object
  // Flows still moving (a closed loop stopped mid-flight, as `memloop` does) end inside SimGrid
  // while their comms are alive. Cancelled and dropped here, a comm left its action for the next
  // claim() to handle on a freed object: `memloop` over two occupancies crashed.
  for (double d = world_.next_event_date(); d >= 0; d = world_.next_event_date()) world_.run_until(d);
  connections_.clear();
}

double SimGridMemory::date_of(uint64_t cycle) const { return epoch_ + static_cast<double>(cycle) / spec_.clock_hz; }

uint64_t SimGridMemory::cycle_of(double date) const {
  const double cycles = (date - epoch_) * spec_.clock_hz;  // date - epoch_ is exact (same binade)
  return static_cast<uint64_t>(std::max(0.0, std::ceil(cycles - kCycleTolerance)));
}

uint32_t SimGridMemory::channel_of(uint64_t address) const {
  // Every round of `channels` consecutive chunks covers each channel once, rotated by a hash of
  // the row: sequential data spreads evenly and far-apart streams do not march in step.
  const uint64_t channels = static_cast<uint64_t>(spec_.channels);
  const uint64_t chunk = address / kInterleaveBytes;
  return static_cast<uint32_t>((chunk + mix64(chunk / channels / kChunksPerRow)) % channels);
}

uint32_t SimGridMemory::alloc_slot() {
  if (free_slots_.empty()) {
    flows_.emplace_back();
    return static_cast<uint32_t>(flows_.size() - 1);
  }
  const uint32_t slot = free_slots_.back();
  free_slots_.pop_back();
  return slot;
}

void SimGridMemory::submit(const Transaction& t, uint64_t now) {
  WARPSIM_ASSERT(t.sm < platform_.sm_hosts.size(), "transaction from an SM outside the simgrid platform");
  WARPSIM_ASSERT(now >= now_, "submit() in the past");
  now_ = now;
  const uint32_t slot = alloc_slot();
  flows_[slot] = Flow{now, seq_++, t.tag, t.bytes, kNone, t.sm};
  const uint32_t connection = (static_cast<uint32_t>(t.sm) * spec_.channels + channel_of(t.address)) * 2 + (t.write ? 1 : 0);
  arrivals_.push_back(Arrival{date_of(now) + spec_.request_s, slot, connection});
  next_dirty_ = true;
}

void SimGridMemory::start_next(uint32_t connection) {
  Connection& c = connections_[connection];
  if (c.comm || c.head == kNone) return;
  c.active = c.head;
  c.head = flows_[c.active].next;
  if (c.head == kNone) c.tail = kNone;
  c.comm = sg4::Comm::sendto_async(c.from, c.to, flows_[c.active].bytes);
  connection_of_[c.comm.get()] = connection;
}

void SimGridMemory::on_done(const sg4::Activity& a) {
  const auto it = connection_of_.find(&a);
  if (it == connection_of_.end() || a.get_state() != sg4::Activity::State::FINISHED) return;
  const uint32_t connection = it->second;
  connection_of_.erase(it);
  const uint32_t slot = connections_[connection].active;
  const Flow& f = flows_[slot];
  const uint64_t cycle = std::max(cycle_of(a.get_finish_time() + spec_.return_s), f.submit_cycle + 1);
  latencies_.record(cycle - f.submit_cycle);
  finished_.push_back(Finished{cycle, f.seq, slot});
  std::push_heap(finished_.begin(), finished_.end(), std::greater<>());
  just_done_.push_back(connection);  // the comm may not be dropped inside SimGrid's callback
}

void SimGridMemory::catch_up(uint64_t cycle) {
  constexpr double kNone_ = -1.0;
  int idle_steps = 0;  // steps in a row that moved neither SimGrid's clock nor any flow
  while (true) {
    const double a = arrivals_.empty() ? kNone_ : arrivals_.front().date;
    const double d = world_.next_event_date();
    const double next = (a < 0) ? d : (d < 0 ? a : std::min(a, d));
    if (next < 0 || cycle_of(next) > cycle) break;
    // next_event_date() is always past the clock, so each step moves time, completes a flow or
    // takes an arrival; a loop that does none of these 1,000 times over is a bug, not a wait.
    const double now = world_.clock();
    const bool arrival_due = a >= 0 && a <= next;
    world_.run_until(next);
    idle_steps = world_.clock() == now && just_done_.empty() && !arrival_due ? idle_steps + 1 : 0;
    WARPSIM_ASSERT(idle_steps < 1000, fmt::format("SimGrid made no progress at cycle {} (livelock)", cycle));
    for (uint32_t c : just_done_) {  // the connection's next transaction starts at once
      connections_[c].comm = nullptr;
      connections_[c].active = kNone;
      start_next(c);
    }
    just_done_.clear();
    while (!arrivals_.empty() && arrivals_.front().date <= next) {
      const Arrival arr = arrivals_.front();
      arrivals_.pop_front();
      Connection& c = connections_[arr.connection];
      (c.tail == kNone ? c.head : flows_[c.tail].next) = arr.slot;
      c.tail = arr.slot;
      start_next(arr.connection);
    }
  }
  world_.run_until(date_of(cycle));
  next_dirty_ = true;
}

uint64_t SimGridMemory::next_event_time() const {
  if (next_dirty_) {
    uint64_t t = finished_.empty() ? kNever : finished_.front().cycle;
    if (!arrivals_.empty()) t = std::min(t, cycle_of(arrivals_.front().date));
    const double d = world_.next_event_date();
    if (d >= 0) t = std::min(t, std::max(cycle_of(d), now_ + 1));
    next_cached_ = t;
    next_dirty_ = false;
  }
  return next_cached_;
}

void SimGridMemory::advance(uint64_t t, std::vector<Completion>& done) {
  if (t >= now_) {
    catch_up(t);
    now_ = t;
  }
  while (!finished_.empty() && finished_.front().cycle <= t) {
    std::pop_heap(finished_.begin(), finished_.end(), std::greater<>());
    const Finished fin = finished_.back();
    finished_.pop_back();
    const Flow& f = flows_[fin.slot];
    done.push_back(Completion{fin.cycle, f.tag, f.sm});
    free_slots_.push_back(fin.slot);
  }
  next_dirty_ = true;
}

}  // namespace warpsim::mem::simgrid
