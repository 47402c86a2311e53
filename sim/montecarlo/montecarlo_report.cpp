#include "montecarlo/montecarlo_report.h"

#include <string>

namespace warpsim::montecarlo {
namespace {

std::optional<double> ratio(bool level, uint64_t hits, uint64_t misses, uint64_t in_flight = 0) {
  if (!level || hits + misses == 0) return std::nullopt;
  return static_cast<double>(hits + in_flight) / static_cast<double>(hits + misses);
}

bool within(const std::optional<double>& v, const Spread& s) { return v && *v >= s.low() && *v <= s.high(); }

std::vector<int> measured_levels(const MonteCarloResult& r) {
  std::vector<int> out;
  for (int l = 0; l < kLevels; ++l)
    if (r.measured[l]) out.push_back(l);
  return out;
}

}  // namespace

TimedHitRatios timed_hit_ratios(const device::Result& r) {
  const mem::CacheCounters& c = r.caches;
  TimedHitRatios t;
  t.plain = {ratio(c.l1, c.l1_hit_sectors, c.l1_miss_sectors), ratio(c.l2, c.l2_hit_sectors, c.l2_miss_sectors),
             ratio(c.l2, c.l2_write_hit_sectors, c.l2_write_miss_sectors)};
  t.in_flight = {ratio(c.l1, c.l1_hit_sectors, c.l1_miss_sectors, c.l1_in_flight_sectors),
                 ratio(c.l2, c.l2_hit_sectors, c.l2_miss_sectors, c.l2_in_flight_sectors), t.plain[2]};
  return t;
}

report::Table levels_table(const MonteCarloResult& r, const TimedHitRatios& timed) {
  report::Table t(
      {{"level"}, {"trials"}, {"converged"}, {"mean"}, {"sd"}, {"low"}, {"high"}, {"timed"}, {"timed_in_flight_as_hits"}, {"inside"}});
  for (int l : measured_levels(r)) {
    const Spread& s = r.levels[l];
    std::vector<report::Cell> row{std::string(level_name(static_cast<Level>(l))),
                                  static_cast<int64_t>(r.trials.size()),
                                  std::string(r.converged ? "yes" : "no"),
                                  s.mean,
                                  s.sd,
                                  s.low(),
                                  s.high()};
    if (timed.plain[l]) {
      row.push_back(*timed.plain[l]);
      row.push_back(*timed.in_flight[l]);
      row.push_back(std::string(within(timed.plain[l], s) ? "yes" : within(timed.in_flight[l], s) ? "in flight" : "no"));
    } else {
      row.insert(row.end(), 3, std::monostate{});
    }
    t.add_row(std::move(row));
  }
  return t;
}

report::Table loads_table(const MonteCarloResult& r, const trace::MemoryTrace& t) {
  report::Table out({{"access"},
                     {"pc"},
                     {"line"},
                     {"opcode"},
                     {"array"},
                     {"l1_hit_mean"},
                     {"l1_hit_sd"},
                     {"l2_hit_mean"},
                     {"l2_hit_sd"},
                     {"latency_mean"},
                     {"latency_sd"}});
  for (const LoadStats& s : r.loads) {
    const trace::StaticAccess& a = t.statics[s.access];
    out.add_row({static_cast<int64_t>(s.access), static_cast<int64_t>(a.pc), static_cast<int64_t>(a.line), a.opcode, a.array, s.l1.mean,
                 s.l1.sd, s.l2.mean, s.l2.sd, s.latency.mean, s.latency.sd});
  }
  return out;
}

report::Table trials_table(const MonteCarloResult& r) {
  std::vector<report::Column> columns{{"trial"}};
  for (int l : measured_levels(r)) columns.push_back({level_name(static_cast<Level>(l))});
  report::Table t(columns);
  for (size_t i = 0; i < r.trials.size(); ++i) {
    std::vector<report::Cell> row{static_cast<int64_t>(i)};
    for (int l : measured_levels(r)) row.push_back(r.trials[i][l]);
    t.add_row(std::move(row));
  }
  return t;
}

report::Table convergence_table(const MonteCarloResult& r) {
  std::vector<report::Column> columns{{"trials"}};
  for (int l : measured_levels(r)) columns.push_back({std::string("sd_") + level_name(static_cast<Level>(l))});
  report::Table t(columns);
  for (size_t i = 0; i < r.sd_after.size(); ++i) {
    std::vector<report::Cell> row{static_cast<int64_t>(i + 1)};
    for (int l : measured_levels(r)) row.push_back(r.sd_after[i][l]);
    t.add_row(std::move(row));
  }
  return t;
}

}  // namespace warpsim::montecarlo
