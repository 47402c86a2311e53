// Tables of memory_model_comparison.h.
#include <map>

#include "validation/memory_models/memory_model_comparison.h"

namespace warpsim::validation {

namespace {

report::Cell number_or_empty(double v) { return v > 0 ? report::Cell{v} : report::Cell{}; }

const MemorySweepPoint* point_at(const MemoryModelSummary& s, int warps) {
  for (const auto& p : s.points)
    if (p.warps_per_sm == warps) return &p;
  return nullptr;
}

}  // namespace

report::Table memory_model_summary_table(const std::vector<MemoryModelSummary>& summaries, const MeasurementSet* seed) {
  report::Table t({{"gpu"},
                   {"memory_model"},
                   {"peak_gbps"},
                   {"warps_per_sm_at_90"},
                   {"warps_per_sm_at_95"},
                   {"warps_per_scheduler_at_90"},
                   {"warps_per_scheduler_at_95"},
                   {"access_latency_at_90"},
                   {"transaction_latency_p5_at_90"},
                   {"transaction_latency_p50_at_90"},
                   {"transaction_latency_p95_at_90"},
                   {"simulated_sms"}});
  std::map<std::string, int> schedulers, device_sms;
  std::vector<std::string> gpus;  // in first-seen order
  for (const auto& s : summaries) {
    const MemorySweepPoint* p90 = point_at(s, s.warps_at_90);
    std::vector<report::Cell> row{s.gpu,
                                  s.model,
                                  s.peak_gbps,
                                  number_or_empty(s.warps_at_90),
                                  number_or_empty(s.warps_at_95),
                                  number_or_empty(static_cast<double>(s.warps_at_90) / s.schedulers),
                                  number_or_empty(static_cast<double>(s.warps_at_95) / s.schedulers)};
    if (p90) {
      row.insert(row.end(), {p90->access_latency_mean, static_cast<int64_t>(p90->transaction_latency.p5),
                             static_cast<int64_t>(p90->transaction_latency.p50), static_cast<int64_t>(p90->transaction_latency.p95)});
    } else {
      row.insert(row.end(), {report::Cell{}, report::Cell{}, report::Cell{}, report::Cell{}});
    }
    const report::Cell sms{static_cast<int64_t>(s.sms)};
    row.push_back(sms);
    t.add_row(std::move(row));
    if (!schedulers.count(s.gpu)) gpus.push_back(s.gpu);
    schedulers[s.gpu] = s.schedulers;
    device_sms[s.gpu] = s.device_sms;
  }
  if (!seed) return t;
  for (const auto& gpu : gpus) {  // Volkov 2016 Table 6.4: warps per scheduler, times schedulers
    const Measurement* peak = seed->find("volkov.t6_4." + gpu + ".peak");
    const Measurement* w90 = seed->find("volkov.t6_4." + gpu + ".warps_90");
    const Measurement* w95 = seed->find("volkov.t6_4." + gpu + ".warps_95");
    if (!peak || !w90 || !w95) continue;
    const double n = schedulers[gpu];
    t.add_row({gpu, std::string("volkov2016"), peak->value, w90->value * n, w95->value * n, w90->value, w95->value, report::Cell{},
               report::Cell{}, report::Cell{}, report::Cell{}, static_cast<int64_t>(device_sms[gpu])});
  }
  return t;
}

report::Table memory_model_points_table(const std::vector<MemoryModelSummary>& summaries) {
  report::Table t({{"gpu"},
                   {"memory_model"},
                   {"warps_per_sm"},
                   {"gbps"},
                   {"pct_of_peak"},
                   {"access_latency_mean"},
                   {"transaction_latency_p5"},
                   {"transaction_latency_p50"},
                   {"transaction_latency_p95"},
                   {"simulated_sms"}});
  for (const auto& s : summaries)
    for (const auto& p : s.points)
      t.add_row({s.gpu, s.model, static_cast<int64_t>(p.warps_per_sm), p.gbps, 100.0 * p.gbps / s.peak_gbps, p.access_latency_mean,
                 static_cast<int64_t>(p.transaction_latency.p5), static_cast<int64_t>(p.transaction_latency.p50),
                 static_cast<int64_t>(p.transaction_latency.p95), static_cast<int64_t>(s.sms)});
  return t;
}

}  // namespace warpsim::validation
