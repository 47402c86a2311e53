#include "report/result_table.h"

namespace warpsim::report {

std::string params_text(const std::map<std::string, std::string>& params) {
  std::string out;
  for (const auto& [k, v] : params) {
    if (!out.empty()) out += ' ';
    out += k + "=" + v;
  }
  return out;
}

std::vector<Column> result_columns() {
  return {{"gpu"},
          {"workload"},
          {"params"},
          {"warps_per_sm"},
          {"block_threads"},
          {"blocks_per_sm"},
          {"cycles"},
          {"warp_instructions"},
          {"ipc_per_sm", 5},
          {"mem_ipc_per_sm", 5},
          {"ops_per_cycle_per_scheduler", 5},
          {"adds_per_cycle_per_sm", 5},
          {"gbps", 5},
          {"dram_gbps", 5},
          {"warp_throughput_per_sm", 5},
          {"mean_warp_latency", 6},
          {"mean_occupancy", 5},
          {"max_occupancy"},
          {"little_law_error", 3},
          {"access_latency_mean", 5},
          // The per-load latency distribution as §6.6 summarises it (min, percentiles, max).
          {"access_latency_min"},
          {"access_latency_p5"},
          {"access_latency_p25"},
          {"access_latency_p50"},
          {"access_latency_p75"},
          {"access_latency_p95"},
          {"access_latency_max"},
          {"stall_dependency", 4},
          {"stall_memory", 4},
          {"stall_pipe_busy", 4},
          {"stall_issue_limit", 4},
          {"stall_barrier", 4},
          {"stall_no_warp", 4},
          {"issue_utilization", 4},
          // DRAM activity over the whole run (blank for a model without DRAM banks).
          {"dram_activations"},
          {"dram_row_hit_rate", 4},
          {"dram_bank_busy", 4},
          {"dram_bus_busy", 4},
          // Cache activity in 32-byte sectors of loads (blank for a level not simulated).
          {"l1_hit_sectors"},
          {"l1_miss_sectors"},
          {"l1_hit_rate", 4},
          {"l2_hit_sectors"},
          {"l2_miss_sectors"},
          {"l2_hit_rate", 4}};
}

namespace {

// Blank where no load reached the level.
Cell hit_rate(uint64_t hits, uint64_t misses) {
  return hits + misses > 0 ? Cell{static_cast<double>(hits) / static_cast<double>(hits + misses)} : Cell{};
}

}  // namespace

std::vector<Cell> result_row(const device::Result& r) {
  const double slots = static_cast<double>(std::max<uint64_t>(1, r.stalls.total()));
  auto frac = [&](uint64_t v) { return Cell{static_cast<double>(v) / slots}; };
  // A run without global loads (or none sampled) has no load latency: blank, not 0.
  const bool sampled = r.access_latency.count > 0;
  const auto cycles = [sampled](uint64_t v) { return sampled ? Cell{static_cast<int64_t>(v)} : Cell{}; };
  return {r.gpu,
          r.workload,
          params_text(r.params),
          int64_t{r.launch.warps_per_sm},
          int64_t{r.launch.block_threads},
          int64_t{r.launch.blocks_per_sm},
          static_cast<int64_t>(r.cycles),
          static_cast<int64_t>(r.warp_instructions),
          r.ipc_per_sm,
          r.mem_ipc_per_sm,
          r.ops_per_cycle_per_scheduler,
          r.adds_per_cycle_per_sm,
          r.gbps,
          r.dram_gbps,
          r.warp_throughput_per_sm,
          r.mean_warp_latency,
          r.mean_occupancy,
          int64_t{r.max_occupancy},
          r.little_law_error,
          sampled ? Cell{r.access_latency.mean} : Cell{},
          cycles(r.access_latency.min),
          cycles(r.access_latency.p5),
          cycles(r.access_latency.p25),
          cycles(r.access_latency.p50),
          cycles(r.access_latency.p75),
          cycles(r.access_latency.p95),
          cycles(r.access_latency.max),
          frac(r.stalls.dependency),
          frac(r.stalls.memory),
          frac(r.stalls.pipe_busy),
          frac(r.stalls.issue_limit),
          frac(r.stalls.barrier),
          frac(r.stalls.no_warp),
          frac(r.stalls.issued),
          r.has_dram ? Cell{static_cast<int64_t>(r.dram_activations)} : Cell{},
          r.has_dram ? Cell{r.dram_row_hit_rate} : Cell{},
          r.has_dram ? Cell{r.dram_bank_busy} : Cell{},
          r.has_dram ? Cell{r.dram_bus_busy} : Cell{},
          r.caches.l1 ? Cell{static_cast<int64_t>(r.caches.l1_hit_sectors)} : Cell{},
          r.caches.l1 ? Cell{static_cast<int64_t>(r.caches.l1_miss_sectors)} : Cell{},
          r.caches.l1 ? hit_rate(r.caches.l1_hit_sectors, r.caches.l1_miss_sectors) : Cell{},
          r.caches.l2 ? Cell{static_cast<int64_t>(r.caches.l2_hit_sectors)} : Cell{},
          r.caches.l2 ? Cell{static_cast<int64_t>(r.caches.l2_miss_sectors)} : Cell{},
          r.caches.l2 ? hit_rate(r.caches.l2_hit_sectors, r.caches.l2_miss_sectors) : Cell{}};
}

Table results_table(const std::vector<device::Result>& results, bool steady) {
  std::vector<Column> columns = result_columns();
  if (steady)
    for (auto& c : steady_columns()) columns.push_back(c);
  Table t(columns);
  for (const auto& r : results) {
    std::vector<Cell> row = result_row(r);
    if (steady)
      for (auto& c : steady_row(r)) row.push_back(std::move(c));
    t.add_row(std::move(row));
  }
  return t;
}

std::vector<Column> steady_columns() { return {{"steady_stopped"}, {"steady_half_width", 3}, {"total_cycles"}}; }

std::vector<Cell> steady_row(const device::Result& r) {
  std::vector<Cell> row(3);
  row[0] = int64_t{r.steady_stopped ? 1 : 0};
  if (r.steady_stopped) row[1] = r.steady_half_width;  // empty when the run went to the end
  row[2] = static_cast<int64_t>(r.total_cycles);
  return row;
}

}  // namespace warpsim::report
