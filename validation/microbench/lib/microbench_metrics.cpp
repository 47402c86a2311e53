#include "microbench_metrics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace warpsim::validation {

namespace {

// Occupancy steps of the warps of one SM (all of `warps` belong to it).
std::vector<OccupancyPoint> timeline_of(const std::vector<WarpTimestamp>& warps) {
  // (time, +1 start / -1 end); ends first at equal times (§5.6).
  std::vector<std::pair<uint64_t, int>> events;
  events.reserve(2 * warps.size());
  for (const auto& w : warps) {
    events.emplace_back(w.start, +1);
    events.emplace_back(w.end, -1);
  }
  std::sort(events.begin(), events.end());
  std::vector<OccupancyPoint> steps;
  int64_t resident = 0;
  for (size_t i = 0; i < events.size();) {
    const uint64_t t = events[i].first;
    for (; i < events.size() && events[i].first == t; ++i) resident += events[i].second;
    steps.push_back({t, static_cast<uint32_t>(std::max<int64_t>(resident, 0))});
  }
  return steps;
}

struct Spans {
  uint64_t cycles = 0;  // sum over SMs of cycle spans with a valid ns span
  uint64_t ns = 0;
};

SmSummary summarize_sm(uint32_t sm, const std::vector<WarpTimestamp>& warps, Spans& spans) {
  SmSummary s;
  s.sm = sm;
  s.first_start = UINT64_MAX;
  uint64_t first_ns = UINT64_MAX, last_ns = 0;
  long double busy = 0;  // sum of warp lifetimes: the area under the occupancy curve
  for (const auto& w : warps) {
    ++s.warps;
    s.first_start = std::min(s.first_start, w.start);
    s.last_end = std::max(s.last_end, w.end);
    first_ns = std::min(first_ns, w.start_ns);
    last_ns = std::max(last_ns, w.end_ns);
    busy += static_cast<long double>(w.end - w.start);
  }
  for (const auto& p : timeline_of(warps)) s.max_occupancy = std::max(s.max_occupancy, p.warps);
  const uint64_t span = s.last_end - s.first_start;
  s.mean_occupancy = span > 0 ? static_cast<double>(busy / span) : 0.0;
  if (last_ns > first_ns) {
    spans.cycles += span;
    spans.ns += last_ns - first_ns;
  }
  return s;
}

}  // namespace

std::vector<OccupancyPoint> occupancy_timeline(const std::vector<WarpTimestamp>& warps, uint32_t sm) {
  std::vector<WarpTimestamp> mine;
  for (const auto& w : warps)
    if (w.sm == sm) mine.push_back(w);
  return timeline_of(mine);
}

RunMetrics analyze_run(const std::vector<WarpTimestamp>& warps) {
  RunMetrics m;
  if (warps.empty()) return m;
  std::map<uint32_t, std::vector<WarpTimestamp>> by_sm;  // clocks are per SM (§5.5)
  long double latency_sum = 0;
  for (const auto& w : warps) {
    by_sm[w.sm].push_back(w);
    latency_sum += static_cast<long double>(w.end - w.start);
  }
  m.warps = warps.size();
  m.sms = static_cast<uint32_t>(by_sm.size());
  m.mean_warp_latency = static_cast<double>(latency_sum / m.warps);
  m.attained_occupancy = UINT32_MAX;
  Spans spans;
  double occupancy_sum = 0;
  for (const auto& [sm, mine] : by_sm) {
    SmSummary s = summarize_sm(sm, mine, spans);
    m.cycles = std::max(m.cycles, s.last_end - s.first_start);
    m.attained_occupancy = std::min(m.attained_occupancy, s.max_occupancy);
    m.peak_occupancy = std::max(m.peak_occupancy, s.max_occupancy);
    occupancy_sum += s.mean_occupancy;
    m.per_sm.push_back(s);
  }
  m.mean_occupancy = occupancy_sum / m.sms;
  m.clock_ghz = spans.ns > 0 ? static_cast<double>(spans.cycles) / static_cast<double>(spans.ns) : 0.0;
  return m;
}

double latency_per_instruction(double mean_warp_latency, double instructions_per_warp) {
  return instructions_per_warp > 0 ? mean_warp_latency / instructions_per_warp : 0.0;
}

double per_sm_rate(double count, uint64_t cycles, uint32_t sms) {
  return cycles > 0 && sms > 0 ? count / (static_cast<double>(cycles) * sms) : 0.0;
}

double ops_per_cycle_per_scheduler(double warp_instructions, uint64_t cycles, uint32_t sms, int schedulers) {
  return schedulers > 0 ? per_sm_rate(warp_instructions * 32.0, cycles, sms) / schedulers : 0.0;
}

double gbps(double bytes, uint64_t cycles, double clock_ghz) {
  if (cycles == 0 || clock_ghz <= 0) return 0.0;
  const double ns = static_cast<double>(cycles) / clock_ghz;
  return bytes / ns;  // bytes per ns = GB/s
}

std::optional<double> warps_needed(const std::vector<ThroughputSample>& samples, double fraction) {
  double best = 0;
  for (const auto& s : samples) best = std::max(best, s.throughput);
  if (best <= 0) return std::nullopt;
  std::optional<double> needed;
  for (const auto& s : samples)
    if (s.throughput >= fraction * best && (!needed || s.warps_per_sm < *needed)) needed = s.warps_per_sm;
  return needed;
}

LatencyPercentiles latency_percentiles(std::vector<uint32_t> samples) {
  LatencyPercentiles p;
  if (samples.empty()) return p;
  std::sort(samples.begin(), samples.end());
  const size_t n = samples.size();
  // Nearest rank: the smallest sample with at least q% of the samples at or below it.
  auto at = [&](double q) {
    size_t rank = static_cast<size_t>(std::ceil(q / 100.0 * static_cast<double>(n)));
    return samples[std::clamp<size_t>(rank, 1, n) - 1];
  };
  p.count = n;
  p.min = samples.front();
  p.p5 = at(5);
  p.p25 = at(25);
  p.p50 = at(50);
  p.p75 = at(75);
  p.p95 = at(95);
  p.max = samples.back();
  return p;
}

}  // namespace warpsim::validation
