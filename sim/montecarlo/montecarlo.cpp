#include "montecarlo/montecarlo.h"

#include <atomic>
#include <cmath>
#include <memory>
#include <thread>

#include "montecarlo/trial.h"

namespace warpsim::montecarlo {
namespace {

constexpr int kChunk = 8;  // trials run before the stopping rule is looked at again

Spread spread(const std::vector<double>& v) {
  Spread s;
  if (v.empty()) return s;
  // Summed as offsets from the first trial: equal trials give their value and a spread of exactly 0
  // (a plain sum of 20 equal ratios rounds to a mean one ulp off and a spread of 2e-16).
  double offsets = 0;
  for (double x : v) offsets += x - v.front();
  s.mean = v.front() + offsets / static_cast<double>(v.size());
  if (v.size() < 2) return s;
  double ss = 0;
  for (double x : v) ss += (x - s.mean) * (x - s.mean);
  s.sd = std::sqrt(ss / static_cast<double>(v.size() - 1));
  return s;
}

const HitCount& level_count(const CacheTally& t, int level) { return level == 0 ? t.l1_read : level == 1 ? t.l2_read : t.l2_write; }

// Whether σ over the first n trials is within the tolerance of σ over n - window, every level.
bool settled(const MonteCarloResult& r, const MonteCarloOptions& o, size_t n) {
  if (n < static_cast<size_t>(o.min_trials) || n <= static_cast<size_t>(o.window) + 1) return false;
  for (int l = 0; l < kLevels; ++l)
    if (r.measured[l] && std::abs(r.sd_after[n - 1][l] - r.sd_after[n - 1 - static_cast<size_t>(o.window)][l]) > o.tolerance) return false;
  return true;
}

}  // namespace

const char* level_name(Level l) {
  switch (l) {
    case Level::L1Read:
      return "l1_read";
    case Level::L2Read:
      return "l2_read";
    case Level::L2Write:
      return "l2_write";
  }
  return "";
}

TrialBatch local_trials(const trace::MemoryTrace& t, const config::HwConfig& cfg, const ScheduleDeviation& d, uint64_t seed, int jobs) {
  auto index = std::make_shared<const SequenceIndex>(t);
  return [&t, &cfg, d, seed, jobs, index](const std::vector<uint64_t>& trials) {
    std::vector<CacheTally> out(trials.size());
    std::atomic<size_t> next{0};
    auto work = [&] {
      for (size_t i; (i = next++) < trials.size();) out[i] = run_trial(t, *index, cfg, d, trial_seed(seed, trials[i]));
    };
    std::vector<std::thread> pool;
    for (int j = 1; j < std::min<int>(jobs, static_cast<int>(trials.size())); ++j) pool.emplace_back(work);
    work();
    for (std::thread& th : pool) th.join();
    return out;
  };
}

MonteCarloResult run_montecarlo(const trace::MemoryTrace& t, const config::HwConfig& cfg, const MonteCarloOptions& o,
                                const TrialBatch& batch) {
  MonteCarloResult r;
  r.t1 = cfg.memory.l1.bytes > 0 ? cfg.memory.l1.hit_latency_cycles : 0;
  r.t2 = cfg.memory.l2.hit_latency_cycles;
  r.tm = cfg.memory.latency_cycles;
  std::vector<CacheTally> kept;
  std::array<std::vector<double>, kLevels> samples;
  while (kept.size() < static_cast<size_t>(o.max_trials) && !r.converged) {
    std::vector<uint64_t> numbers;
    for (size_t i = kept.size(); i < kept.size() + kChunk && i < static_cast<size_t>(o.max_trials); ++i) numbers.push_back(i);
    for (CacheTally& tally : batch(numbers)) {
      if (kept.empty())
        for (int l = 0; l < kLevels; ++l) r.measured[l] = level_count(tally, l).accesses > 0;
      std::array<double, kLevels> ratios{}, sds{};
      for (int l = 0; l < kLevels; ++l) {
        ratios[l] = level_count(tally, l).ratio();
        samples[l].push_back(ratios[l]);
        sds[l] = spread(samples[l]).sd;
      }
      r.trials.push_back(ratios);
      r.sd_after.push_back(sds);
      kept.push_back(std::move(tally));
      if (settled(r, o, kept.size())) {
        r.converged = true;
        break;
      }
    }
  }
  for (int l = 0; l < kLevels; ++l) r.levels[l] = spread(samples[l]);
  for (size_t a = 0; a < t.statics.size(); ++a) {
    if (t.statics[a].store) continue;
    std::vector<double> h1, h2, x;
    for (const CacheTally& k : kept) {
      const double l1 = k.l1_read_by_access[a].ratio(), l2 = k.l2_read_by_access[a].ratio();
      h1.push_back(l1);
      h2.push_back(l2);
      x.push_back(l1 * r.t1 + (1 - l1) * (l2 * r.t2 + (1 - l2) * r.tm));
    }
    r.loads.push_back({a, spread(h1), spread(h2), spread(x)});
  }
  return r;
}

}  // namespace warpsim::montecarlo
