#include "device/device.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/bit_mix.h"
#include "common/user_error.h"
#include "device/occupancy.h"
#include "mem/memory_factory.h"

namespace warpsim::device {

using mem::kNever;

namespace {

// The grid the run launches, the whole device's (a share, `--sms`, runs its part of a grid sized
// per SM), and the blocks resident at once.
sm::GridShape grid_shape(const config::HwConfig& cfg, const isa::Kernel& kernel, const LaunchRealization& launch, int sms) {
  const auto blocks = static_cast<uint64_t>(launch.total_blocks);
  const uint64_t device =
      kernel.launch.grid == isa::GridKind::Fixed ? blocks : blocks / static_cast<uint64_t>(sms) * static_cast<uint64_t>(cfg.device.sms);
  return {blocks, device, static_cast<uint64_t>(launch.block_threads),
          static_cast<uint64_t>(launch.blocks_per_sm) * static_cast<uint64_t>(sms)};
}

// The memory system's spec, with the shared memory the launch's resident blocks reserve per SM.
mem::MemorySystemSpec memory_spec(const config::HwConfig& cfg, const LaunchRealization& launch, int sms, uint64_t seed,
                                  std::vector<mem::AddressRange> shared_arrays) {
  mem::MemorySystemSpec spec{&cfg, sms, seed, std::move(shared_arrays)};
  spec.shared_memory_per_sm = shared_memory_reserved_per_sm(cfg, launch);
  return spec;
}

}  // namespace

Device::Device(const config::HwConfig& cfg, const isa::Kernel& kernel, const RunOptions& opts)
    : cfg_(cfg),
      kernel_(kernel),
      opts_(opts),
      sms_(simulated_sms(cfg, opts.sms)),
      launch_(realize_launch(cfg, kernel, opts.warps_per_sm, sms_)),
      decoded_(sm::decode(kernel, cfg)),
      addresses_(kernel, cfg, opts.seed, grid_shape(cfg, kernel, launch_, sms_)),
      memory_(mem::make_memory_system(memory_spec(cfg, launch_, sms_, opts.seed, addresses_.shared_arrays()))),
      port_(*memory_, sms_) {
  check_work_is_feasible();
  sm::SmSetup setup;
  setup.block_warps = launch_.block_threads / cfg.sm.warp_size;
  setup.blocks_per_sm = launch_.blocks_per_sm;
  setup.block_threads = launch_.block_threads;
  setup.access_sample_every = std::max(1, opts.access_sample_every);
  setup.record_warps = opts.record_warps;
  setup.record_occupancy = opts.record_occupancy;
  setup.record_issues = opts.record_issues;
  // Logging issues goes through Sm::execute, the general path: the plain one stays as fast without it.
  if (opts.record_issues)
    for (auto& d : decoded_.code) d.plain_issue = false;
  for (int i = 0; i < sms_; ++i) {
    setup.index = i;
    setup.access_sample_phase = mix64(opts.seed ^ mix64(static_cast<uint64_t>(i) + 1)) % static_cast<uint64_t>(setup.access_sample_every);
    sm_.push_back(std::make_unique<sm::Sm>(setup, cfg, decoded_, addresses_, port_, departures_));
  }
  wake_.assign(sms_, kNever);
  pending_.resize(sms_);
  if (opts.stop_when_steady) steady_ = std::make_unique<SteadyStateMonitor>(opts.steady_tolerance, int64_t{launch_.blocks_per_sm} * sms_);
}

double Device::grid_instructions() const { return std::max(1.0, device::grid_instructions(cfg_, kernel_, launch_)); }

void Device::check_work_is_feasible() const { device::check_work_is_feasible(cfg_, kernel_, launch_); }

void Device::reschedule(uint32_t i, uint64_t now) {
  // A model may report a completion after its time (e.g. a co-simulated one polled at `now`):
  // the SM then acts at `now`, never in the past.
  const uint64_t w = std::max(sm_[i]->next_wake(), now);
  if (w < wake_[i]) {
    wake_[i] = w;
    queue_.push(w, kTick, i);
  }
}

void Device::dispatch_finished_blocks(uint32_t i, uint64_t t) {
  for (uint32_t slot : sm_[i]->take_finished_blocks()) {
    (void)slot;
    if (next_block_ >= launch_.total_blocks) {
      // Only grids that refill slots (more blocks than one wave) have a steady state to measure.
      const bool refilled = launch_.total_blocks > int64_t{launch_.blocks_per_sm} * sms_;
      if (refilled && window_end_ == kNever) {
        // The window holds the work issued by t, the EXIT just issued included: it ends with that
        // EXIT's issue slot (Sm's last_end), not at its start (one slot short, a short kernel's IPC
        // exceeded the issue bound).
        window_end_ = std::max(t, sm_[i]->stats().last_end);
        for (int k = 0; k < sms_; ++k) sm_[k]->close_window(t);
      }
      continue;
    }
    if (steady_) steady_->on_block_refilled(t, sm_);
    pending_[i].push_back(static_cast<uint64_t>(next_block_++));
    queue_.push(t + static_cast<uint64_t>(cfg_.sm.block_launch_latency_cycles), kBlockStart, i);
  }
}

void Device::deliver_completions(uint64_t t) {
  completions_.clear();
  port_.advance(t, completions_);
  for (const auto& c : completions_) sm_[c.sm]->on_completion(c.tag, c.time, c.transactions, c.from_cache);
  // Rescheduling an SM twice in a row changes nothing the second time: skip repeats.
  uint32_t last = ~0u;
  for (const auto& c : completions_) {
    if (c.sm != last) reschedule(c.sm, t);
    last = c.sm;
  }
}

Result Device::run() {
  // Initial wave: blocks go to SMs breadth-first, as the hardware dispatcher does.
  for (int round = 0; round < launch_.blocks_per_sm; ++round)
    for (int i = 0; i < sms_ && next_block_ < launch_.total_blocks; ++i) sm_[i]->launch_block(static_cast<uint64_t>(next_block_++), 0);
  for (int i = 0; i < sms_; ++i) reschedule(static_cast<uint32_t>(i), 0);
  const uint64_t limit = opts_.max_cycles ? opts_.max_cycles : uint64_t{1} << 50;
  uint64_t same_time_steps = 0, last_t = 0, iterations = 0, progress_mark = 0, progress_t = 0;
  while (true) {
    const uint64_t t_mem = port_.next_event_time();
    const uint64_t t_q = queue_.empty() ? kNever : queue_.top().time;
    const uint64_t t_dep = departures_.next_time();
    uint64_t t = std::min({t_mem, t_q, t_dep});
    if (t == kNever) break;
    if (t > limit)
      throw UserError(Diagnostic{"<cli>", 0, 0, "--max-cycles",
                                 fmt::format("the run at {} warps/SM passed cycle {} before its grid finished: stopped (raise "
                                             "--max-cycles or shorten the workload)",
                                             launch_.warps_per_sm, limit)});
    same_time_steps = t == last_t ? same_time_steps + 1 : 0;
    last_t = t;
    WARPSIM_ASSERT(same_time_steps < 10'000'000, fmt::format("no progress at cycle {} (livelock)", t));
    // Watchdog: simulated time passing without any issue (a scheduler polling every cycle for a
    // warp it never lets issue spins here, or in the one-SM loop below, without end).
    const auto watch_progress = [&] {
      if (++iterations % 65536 != 0) return;
      uint64_t issued = 0;
      for (const auto& s : sm_) issued += s->stats().work.total_instructions();
      if (issued != progress_mark) progress_mark = issued, progress_t = t;
      if (opts_.on_progress) opts_.on_progress(std::min(1.0, static_cast<double>(issued) / grid_instructions()));
      WARPSIM_ASSERT(t - progress_t < (uint64_t{1} << 24), fmt::format("no instruction issued since cycle {} (livelock)", progress_t));
    };
    watch_progress();
    if (t_mem <= t) deliver_completions(t);
    // Departures at t go before the SMs' issues at t: every submission of a cycle that was
    // queued earlier precedes those made in it.
    if (t_dep <= t) departures_.submit_due(t, port_);
    while (!queue_.empty() && queue_.top().time == t) {
      const engine::Event e = queue_.pop();
      ++events_;
      if (e.kind == kBlockStart) {  // same latency for every block: the FIFO matches event order
        sm_[e.target]->launch_block(pending_[e.target].front(), t);
        pending_[e.target].erase(pending_[e.target].begin());
      } else {
        if (wake_[e.target] != t) continue;  // superseded by an earlier wake-up
        wake_[e.target] = kNever;
        sm::Sm& sm = *sm_[e.target];
        sm.tick(t);
        if (sm.has_finished_blocks()) dispatch_finished_blocks(e.target, t);
        // While this SM's next wake-up precedes every other event, run it without the heap: the
        // order of events is unchanged, only the bookkeeping is skipped.
        for (uint64_t w = sm.next_wake();
             w < limit && (queue_.empty() || w < queue_.top().time) && w < port_.next_event_time() && w < departures_.next_time();
             w = sm.next_wake()) {
          t = w;
          ++events_;
          watch_progress();
          sm.tick(t);
          if (sm.has_finished_blocks()) dispatch_finished_blocks(e.target, t);
        }
      }
      reschedule(e.target, t);
    }
    if (steady_ && steady_->converged()) {  // steady-state stopping: the rest changes nothing
      stopped_at_ = t;
      break;
    }
  }
  const bool stopped = stopped_at_ != kNever;
  for (const auto& s : sm_) {
    WARPSIM_ASSERT(stopped || !s->busy(), "simulation ended with resident warps (deadlock)");
    s->finish(stopped ? stopped_at_ : s->stats().last_end);
  }
  WARPSIM_ASSERT(stopped || next_block_ == launch_.total_blocks, "simulation ended before every block ran");
  return collect();
}

}  // namespace warpsim::device
