// Folding the SMs' counters into a Result, with throughputs in the seeds' units (Volkov 2016
// §5.5: per-SM time from first warp start to last warp end, or to its last store's landing if
// later; the largest over SMs is the run time).
#include <algorithm>
#include <cmath>
#include <tuple>

#include "common/user_error.h"
#include "device/device.h"

namespace warpsim::device {

Result Device::collect() const {
  Result r;
  r.gpu = cfg_.gpu.name;
  r.workload = kernel_.name;
  r.params = kernel_.params;
  r.memory_model = memory_->name();
  r.seed = opts_.seed;
  r.device_sms = cfg_.device.sms;
  r.simulated_sms = sms_;
  r.launch = launch_;
  r.simulated_events = events_;
  // The SMs' access latencies: one SM's own recorder when only one ran, else their merge (a copy
  // is a few KB at the run's peak of memory, which a one-SM run divides over 64 warps).
  const mem::LatencyRecorder* access = nullptr;
  mem::LatencyRecorder merged;
  mem::LatencyRecorder from_cache;  // the sampled loads whose data all came from a cache
  long double area = 0, busy_time = 0;
  uint64_t latency_sum = 0, warps_total = 0, resident_age = 0, instructions_total = 0;
  // Steady-state stopping (steady_state.h): the converged windows are the timed interval.
  const bool stopped = stopped_at_ != mem::kNever;
  r.steady_stopped = stopped;
  r.steady_half_width = stopped ? steady_->half_width() : 0;
  r.steady_state_window = window_end_ != mem::kNever || stopped;
  const uint64_t writes_landed = memory_->writes_landed_by();
  for (size_t i = 0; i < sm_.size(); ++i) {
    const sm::SmStats& st = sm_[i]->stats();
    if (st.work.warps_executed == 0) continue;
    // The warps' busy interval (Little's law), and the work's: a kernel is done once its stores
    // have landed too (warps do not wait for them), so the timed interval runs to the last access.
    const uint64_t busy = (stopped ? stopped_at_ : st.last_end) - st.first_start;
    const uint64_t span = (stopped ? stopped_at_ : std::max({st.last_end, st.last_access_done, writes_landed})) - st.first_start;
    r.total_cycles = std::max(r.total_cycles, span);
    WARPSIM_ASSERT(stopped || window_end_ == mem::kNever || st.window.in_flight == 0, "a steady-state window access never completed");
    if (stopped) r.cycles = steady_->last().time - steady_->first().time;
    // The window's work is timed until it is done, memory accesses included (sm::WindowTally).
    else
      r.cycles = std::max(r.cycles, r.steady_state_window ? std::max(window_end_, st.window.done) - st.first_start : span);
    busy_time += busy;
    area += st.occupancy_area;
    latency_sum += st.warp_latency_sum;
    resident_age += st.resident_age_sum;
    warps_total += st.work.warps_executed;
    for (auto n : st.work.instructions) instructions_total += n;
    const sm::WorkCounters w = stopped                 ? work_between(steady_->first().work[i], steady_->last().work[i])
                               : r.steady_state_window ? st.window.work
                                                       : st.work;
    r.warps_executed += w.warps_executed;
    for (int c = 0; c < isa::kOpClassCount; ++c) r.warp_instructions_by_class[c] += w.instructions[c];
    if (!stopped) {
      const std::vector<uint64_t>& by_pc = r.steady_state_window ? st.window.issued_by_pc : st.issued_by_pc;
      r.warp_instructions_by_pc.resize(by_pc.size(), 0);
      for (size_t pc = 0; pc < by_pc.size(); ++pc) r.warp_instructions_by_pc[pc] += by_pc[pc];
    }
    r.thread_ops_alu += w.thread_ops_alu;
    r.bytes_requested += w.bytes_requested;
    r.bytes_transferred += w.bytes_transferred;
    r.transactions += w.transactions;
    r.max_occupancy = std::max(r.max_occupancy, st.max_resident);
    if (access == nullptr) {
      access = &st.access_latency;
    } else {
      if (access != &merged) merged = *access, access = &merged;
      merged.merge(st.access_latency);
    }
    from_cache.merge(st.access_latency_from_cache);
    const device::StallBreakdown d = st.stall_breakdown();
    r.stalls.issued += d.issued, r.stalls.dependency += d.dependency, r.stalls.memory += d.memory;
    r.stalls.pipe_busy += d.pipe_busy, r.stalls.issue_limit += d.issue_limit, r.stalls.barrier += d.barrier;
    r.stalls.no_warp += d.no_warp;
    if (opts_.record_warps) r.warp_records.insert(r.warp_records.end(), st.warp_records.begin(), st.warp_records.end());
    if (opts_.record_occupancy) r.occupancy_timeline.push_back(st.occupancy);
    if (opts_.record_issues) r.issue_log.insert(r.issue_log.end(), st.issues.begin(), st.issues.end());
    if (opts_.record_issues) r.idle_log.insert(r.idle_log.end(), st.idle.begin(), st.idle.end());
  }
  for (auto n : r.warp_instructions_by_class) r.warp_instructions += n;
  std::stable_sort(r.issue_log.begin(), r.issue_log.end(), [](const IssueRecord& a, const IssueRecord& b) { return a.cycle < b.cycle; });
  std::stable_sort(r.idle_log.begin(), r.idle_log.end(), [](const IdleRecord& a, const IdleRecord& b) {
    return std::tie(a.cycle, a.sm, a.scheduler) < std::tie(b.cycle, b.sm, b.scheduler);
  });
  if (r.cycles == 0 || warps_total == 0) return r;
  const double cyc = static_cast<double>(r.cycles), sms = sms_;
  const double scale = static_cast<double>(cfg_.device.sms) / sms_;  // device totals from our share
  using isa::OpClass;
  const uint64_t mem_instr =
      r.warp_instructions_by_class[isa::index(OpClass::Load)] + r.warp_instructions_by_class[isa::index(OpClass::Store)];
  const uint64_t flow =
      r.warp_instructions_by_class[isa::index(OpClass::Control)] + r.warp_instructions_by_class[isa::index(OpClass::Barrier)];
  r.ipc_per_sm = r.warp_instructions / cyc / sms;
  r.mem_ipc_per_sm = mem_instr / cyc / sms;
  r.ops_per_cycle_per_scheduler = 32.0 * (r.warp_instructions - flow) / cyc / sms / cfg_.scheduler.count;
  r.adds_per_cycle_per_sm = r.thread_ops_alu / cyc / sms;
  const double ns = cyc / cfg_.device.core_clock_ghz;
  r.gbps = r.bytes_requested * scale / ns;
  r.dram_gbps = r.bytes_transferred * scale / ns;
  // In a steady-state window that a grid's tail closed, the warps completed before the close
  // undercount its work: the instructions of warps still running count, the warps do not (with
  // 2 waves of 64-load warps, 21% fewer warps than the window's instructions make). There every
  // warp has completed by the run's end, so the window's instructions over the run's mean
  // instructions per warp are the warps it did (Little's law then holds with the run's latency).
  const bool whole_warps = r.steady_state_window && !stopped && instructions_total > 0;
  const double warps_done =
      whole_warps ? r.warp_instructions * (static_cast<double>(warps_total) / instructions_total) : static_cast<double>(r.warps_executed);
  r.warp_throughput_per_sm = warps_done / cyc / sms;
  r.mean_warp_latency = static_cast<double>(latency_sum) / warps_total;
  // Little's law over the SMs' whole busy intervals: occupancy from the tracked integral,
  // latency and throughput from the warps' start and end times (§3.4).
  r.mean_occupancy = static_cast<double>(area / busy_time);
  // Warps still resident at a steady-state stop count with their time so far (Sm::finish).
  const double predicted = (static_cast<double>(latency_sum) + static_cast<double>(resident_age)) / static_cast<double>(busy_time);
  r.little_law_error = r.mean_occupancy > 0 ? std::abs(r.mean_occupancy - predicted) / r.mean_occupancy : 0;
  r.access_latency = access->summary();
  r.access_latency_histogram = access->histogram(40);
  from_cache.add_from_cache(r.access_latency_histogram);
  r.transaction_latency = memory_->transaction_latencies().summary();
  r.caches = memory_->cache_counters();
  if (const mem::DramCounters d = memory_->dram_counters(); d.valid) {
    r.has_dram = true;
    r.dram_activations = d.activates;
    r.dram_row_hit_rate = d.row_hit_rate();
    const double run_ps = static_cast<double>(r.total_cycles) * 1000.0 / cfg_.device.core_clock_ghz;
    if (run_ps > 0 && d.banks > 0) r.dram_bank_busy = static_cast<double>(d.bank_busy_ps) / (run_ps * d.banks);
    if (run_ps > 0 && d.channels > 0) r.dram_bus_busy = static_cast<double>(d.bus_busy_ps) / (run_ps * d.channels);
  }
  return r;
}

}  // namespace warpsim::device
