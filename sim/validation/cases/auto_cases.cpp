#include "validation/cases/auto_cases.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "common/text.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "isa/workloads.h"
#include "validation/measurements/measurement_vocabulary.h"

namespace warpsim::validation {
namespace {

const std::vector<std::string> kThroughputUnits{"ops_per_cycle_per_scheduler", "ipc_per_sm", "adds_per_cycle_per_sm", "gbps"};

struct Derived {
  Quantity q;
  Tolerance tol;
  std::string reason;
};

// The row's workload parameters (the keys its workload declares); the rest are measurement
// conditions, and `unknown` gets those the README does not name either (a typo: `treshold=90`
// would otherwise leave the case at its default 99%). A workload warpsim does not have, or
// parameters it rejects, make the row bad input: a UserError at its workload or params column.
void split_params(const Measurement& m, ParamSet& workload_params, std::vector<std::string>& unknown) {
  // The workload loader's own place ("<cli>: --workload", "<--param>") is the row's here.
  const auto bad = [&m](const char* column, const UserError& e) {
    std::string why;
    for (const Diagnostic& d : e.diagnostics()) {
      if (!why.empty()) why += "; ";
      if (d.file.empty() || d.file.front() != '<')
        why += d.to_string();
      else
        why += d.key.empty() || d.key.front() == '-' ? d.message : d.key + ": " + d.message;
    }
    return UserError(Diagnostic{m.file, m.line, 0, column, fmt::format("{}: workload '{}': {}", m.id, m.workload, why)});
  };
  isa::Kernel defaults;
  try {
    defaults = isa::load_workload(m.workload);
  } catch (const UserError& e) {
    throw bad("workload", e);
  }
  const std::vector<std::string>& conditions = measurement_condition_keys();
  for (const auto& [k, v] : m.params) {
    if (defaults.params.count(k))
      workload_params[k] = v;
    else if (std::find(conditions.begin(), conditions.end(), k) == conditions.end())
      unknown.push_back(k);
  }
  try {
    isa::load_workload(m.workload, workload_params);
  } catch (const UserError& e) {
    throw bad("params", e);
  }
}

// Whether the row's sample ran the warpsim CUDA suite's occupancy plan, its blocks filling the SM's
// shared memory (validation/microbench, microbench_occupancy.cpp): a sample's note names the
// allocation ("..., 13568 B dynamic smem, ..."), zero where the experiment left the whole array to
// the L1 (the cache bandwidth sweeps); the suite's rows read off its sweeps (peaks, latencies)
// name none and ran the plan.
bool ran_suite_plan(const Measurement& m) {
  static const std::string kAllocation = " B dynamic smem";
  if (const auto at = m.note.find(kAllocation); at != std::string::npos) {
    size_t start = at;
    while (start > 0 && m.note[start - 1] >= '0' && m.note[start - 1] <= '9') --start;
    const auto bytes = parse_int(m.note.substr(start, at - start));
    return bytes && *bytes > 0;
  }
  return m.source.rfind("measured: warpsim microbench", 0) == 0;
}

std::optional<Derived> derive(const Measurement& m, const config::HwConfig& cfg, std::string& why) {
  Derived d;
  Extract& e = d.q.extract;
  const auto warps = m.warps_per_sm;
  const std::string kind = m.params.count("kind") ? m.params.at("kind") : "";
  const double per_scheduler = cfg.scheduler.count;
  if (m.quantity == "throughput") {
    if (std::find(kThroughputUnits.begin(), kThroughputUnits.end(), m.unit) == kThroughputUnits.end())
      return why = "unit " + m.unit + " is not simulated", std::nullopt;
    e.kind = warps ? ExtractKind::ThroughputAt : ExtractKind::Peak;
    e.metric = m.unit;
    d.tol = {true, 0.10, ""};
    d.reason = "derived case: ±10% covers the few-percent run-to-run scatter of one GPU's samples and the simulator's ±5% target";
  } else if (m.quantity == "latency" || m.quantity == "latency_percentile") {
    if (m.unit != "cycles") return why = "latency in " + m.unit + " (only cycles are compared)", std::nullopt;
    if (!kind.empty()) return why = "kind=" + kind + " is not a dependent-instruction latency of the workload", std::nullopt;
    if (m.quantity == "latency_percentile") {
      const std::string p = m.params.count("percentile") ? m.params.at("percentile") : "";
      const std::map<std::string, std::string> names{{"0", "min"},  {"5", "p5"},   {"25", "p25"}, {"50", "p50"},
                                                     {"75", "p75"}, {"95", "p95"}, {"100", "max"}};
      // At an occupancy, or at a level of memory throughput (gbps=X, as §6.6 reports them): the
      // smallest simulated occupancy reaching it.
      const std::optional<double> level = m.params.count("gbps") ? parse_double(m.params.at("gbps")) : std::nullopt;
      if (m.params.count("gbps") && !level) return why = "gbps is not a number", std::nullopt;
      if (!names.count(p) || (!warps && !level))
        return why = "latency_percentile needs warps_per_sm or gbps=, and percentile= 0, 5, 25, 50, 75, 95 or 100", std::nullopt;
      e.kind = ExtractKind::ThroughputAt;
      e.metric = "access_latency_" + names.at(p);
      if (!warps) e.at_metric = "gbps", e.at_value = *level;
      d.tol = {true, 0.15, ""};
      d.reason = "derived case: ±15%, a percentile of individual latencies is noisier than a mean (Volkov 2016 §6.6)";
      // `fixed` gives every load at one load level the same latency (a constant plus one FIFO
      // wait): it has no distribution to take a percentile of. `queue` spreads latencies by DRAM
      // bank, bus and refresh contention (docs/memory-model.md). A --set memory.model given to
      // validate still wins: its sets apply after a case's (SimulationCache::config).
      if (cfg.memory.model == config::MemoryModelKind::Fixed) {
        d.q.run.sets.push_back("memory.model=queue");
        d.reason += "; simulated with the `queue` memory model, as `fixed` gives one latency per load level";
      }
    } else {
      e.kind = ExtractKind::Latency;
      d.tol = {true, 0.10, ""};
      d.reason = "derived case: ±10% covers loop overhead and clock-read cost in the measured per-instruction latency";
    }
  } else if (m.quantity == "warps_needed" || m.quantity == "pct_peak") {
    e.metric = "warp_throughput_per_sm";  // every throughput of one kernel is proportional to it
    if (m.quantity == "pct_peak") {
      if (!warps) return why = "pct_peak needs warps_per_sm", std::nullopt;
      e.kind = ExtractKind::PctPeak;
      d.tol = {false, 5, "percent"};
      d.reason = "derived case: ±5 percentage points, one sample's scatter near saturation";
    } else {
      const std::map<std::string, OccupancyUnit> units{{"warps_per_sm", OccupancyUnit::WarpsPerSm},
                                                       {"warps_per_scheduler", OccupancyUnit::WarpsPerScheduler},
                                                       {"percent_occupancy", OccupancyUnit::PercentOccupancy}};
      if (!units.count(m.unit)) return why = "warps_needed in " + m.unit + " is not simulated", std::nullopt;
      e.kind = ExtractKind::OccupancyAt;
      e.unit = units.at(m.unit);
      const auto number = [&](const char* key) { return m.params.count(key) ? parse_double(m.params.at(key)) : std::nullopt; };
      if (m.params.count("target_gbps")) {
        if (!number("target_gbps")) return why = "target_gbps is not a number", std::nullopt;
        e.metric = "gbps", e.value = *number("target_gbps");
      } else if (m.params.count("threshold")) {
        if (!number("threshold")) return why = "threshold is not a number", std::nullopt;
        e.fraction = *number("threshold") / 100;
      } else {
        e.fraction = 0.99;  // "attaining the peak": within 1% (Volkov 2016 §6.1 "over 99%")
      }
      const double step = m.unit == "warps_per_sm"          ? per_scheduler
                          : m.unit == "warps_per_scheduler" ? 1
                                                            : 100 * per_scheduler / cfg.sm.max_warps;
      d.tol = {false, step, m.unit};
      d.reason = "derived case: ± one warp per scheduler, the step of the occupancy grid (Volkov 2016 §5.8)";
    }
  } else {
    return why = "no automatic case for quantity " + m.quantity, std::nullopt;
  }
  // The grid the GPU ran (blocks=), shared out as the SMs are: a grid larger than the L2 writes back
  // what a smaller one would leave dirty in it (stores, copies).
  if (const auto g = m.params.find("blocks"); g != m.params.end()) {
    const auto blocks = parse_int(g->second);
    if (!blocks || *blocks < 1) return why = "blocks is not a positive integer", std::nullopt;
    d.q.run.device_blocks = *blocks;
  }
  // Or its grid as waves of the resident blocks at every occupancy (the suite's --waves, §5.9; 1:
  // persistent threads, each block doing several blocks' work): the cold misses of a cache that
  // starts empty are the misses of that many waves' accesses, and a persistent grid covers the array
  // as the GPU's did.
  d.q.run.fill_shared_memory = ran_suite_plan(m);
  if (const auto w = m.params.find("waves"); w != m.params.end()) {
    const auto waves = parse_int(w->second);
    if (!waves || *waves < 1 || *waves > 1000) return why = "waves is not an integer from 1 to 1000", std::nullopt;
    d.q.run.waves = static_cast<int>(*waves);
  }
  if (warps && e.kind != ExtractKind::OccupancyAt) {
    // A whole number of resident warps the GPU can hold (0 would mean "as many as fit").
    if (!(*warps >= 1 && *warps <= cfg.sm.max_warps && *warps == std::floor(*warps)))
      return why = fmt::format("warps_per_sm {} is not a whole number from 1 to the GPU's {} (sm.max_warps)", *warps, cfg.sm.max_warps),
             std::nullopt;
    int n = static_cast<int>(*warps);
    // A sample below its target occupancy (validation/microbench's FLAG rows) may have attained no
    // whole number of its blocks, e.g. 47 warps/SM with 4-warp blocks: no launch realises that
    // (§5.7). The row then names the launch the GPU ran (block_warps x blocks_per_sm), simulated instead.
    const auto bw = m.params.find("block_warps");
    const auto bps = m.params.find("blocks_per_sm");
    if (bw != m.params.end() && bps != m.params.end()) {
      const auto b = parse_int(bw->second), per = parse_int(bps->second);
      if (b && per && *b > 0 && n % *b != 0) {
        n = static_cast<int>(*b * *per);
        if (n < 1 || n > cfg.sm.max_warps)
          return why = fmt::format("the launch's {} blocks of {} warps exceed the GPU's {} warps/SM", *per, *b, cfg.sm.max_warps),
                 std::nullopt;
        d.reason += fmt::format(
            "; simulated at the launch the GPU ran, {} blocks of {} warps per SM ({} warps attained, not a whole number of blocks)", *per,
            *b, *warps);
      }
    }
    e.warps = n;
    e.unit = OccupancyUnit::WarpsPerSm;
    d.q.run.warps = {n};
    // Random loads at 1-2 warps/SM are latency-bound, and a one-SM share misstates that latency:
    // its one DRAM channel takes a warp's 32 sector reads one after another, where the device
    // spreads them over 32 channels among the other SMs' reads (§6.7's random throughput is that of
    // every SM's warps at once). The whole device then holds only 1-2 warps per SM: cheap.
    if (n <= 2 && m.params.count("op") && m.params.at("op") == "random") {
      d.q.run.sms = 0;
      d.reason += "; simulated on the whole device (a one-SM share queues a warp's random sectors in one channel)";
    }
    if (e.kind == ExtractKind::PctPeak) {  // the peak needs the whole grid, plus the row's occupancy
      for (int k = cfg.scheduler.count; k <= cfg.sm.max_warps; k += cfg.scheduler.count)
        if (k != n) d.q.run.warps.push_back(k);
      std::sort(d.q.run.warps.begin(), d.q.run.warps.end());
    }
  } else if (e.kind == ExtractKind::Latency && m.params.count("warps_per_device")) {
    // Measured with one warp on the whole device (§6.7's random loads: their throughput is so low
    // that one warp per SM already loads the memory): a grid of one one-warp block. (A grid of one
    // block of N > 1 warps would get the block size the occupancy realisation picks for N per SM.)
    if (parse_double(m.params.at("warps_per_device")) != 1.0)
      return why = "warps_per_device: only 1 (one warp on the whole device, §6.7) is simulated", std::nullopt;
    d.q.run.sms = 0;
    d.q.run.blocks = 1;
    d.q.run.warps = {1};
  } else if (e.kind == ExtractKind::Latency) {
    d.q.run.warps = {1, cfg.scheduler.count};  // the smallest occupancies: latency without contention (§6.1)
  }
  return d;
}

}  // namespace

DerivedCases derive_cases(const MeasurementSet& ms, const std::vector<size_t>& files, const std::string& gpu_arg,
                          const std::string& gpu_name, SimulationCache& sims, const std::vector<NotCompared>& not_compared) {
  DerivedCases out;
  for (size_t f : files) {
    const MeasurementFile& file = ms.files()[f];
    for (size_t i = file.first_row; i < file.first_row + file.row_count; ++i) {
      const Measurement& m = ms.rows()[i];
      const auto skip = [&](const std::string& why) { out.skipped.push_back(fmt::format("{}:{} {}: {}", m.file, m.line, m.id, why)); };
      if (!gpu_arg.empty() && !m.applies_to(gpu_name)) continue;
      if (const NotCompared* n = not_compared_reason(not_compared, m)) {
        skip("not compared: " + n->why);
        continue;
      }
      if (m.workload.empty()) {
        skip("no workload to simulate");
        continue;
      }
      for (const std::string& gpu : gpu_arg.empty() ? m.gpus : std::vector<std::string>{gpu_name}) {
        const std::string config_arg = gpu_arg.empty() ? gpu : gpu_arg;
        std::string why;
        // A GPU without a config is skipped; a config or --set that is bad input is an error (it
        // was skipped too, and the run then said only that no case matched).
        if (!config::hw_config_exists(config_arg)) {
          skip(fmt::format("no config for GPU '{}' (pass --gpu with its config)", gpu));
          continue;
        }
        // One load per GPU, not per row (~1,500 rows of one GPU in a file; a load per row took 1.1 s
        // of the H100 file's 45 s `validate`), and the same config the case's simulations then use.
        const config::HwConfig& cfg = *sims.config(config_arg, {});
        ParamSet params;
        std::vector<std::string> unknown;
        split_params(m, params, unknown);
        auto d = derive(m, cfg, why);
        if (!d) {
          skip(why);
          continue;
        }
        for (const std::string& k : unknown)  // the same for each GPU of a row: run_validate says each once
          out.warnings.push_back(
              fmt::format("{}:{}: {}: params key '{}' is neither a parameter of workload '{}' nor a measurement condition "
                          "(validation/measurements/README.md, \"Parameter keys\"); the case ignores it",
                          m.file, m.line, m.id, k, m.workload));
        // The measurement's thread-block size (README: block_warps=N) is the case's, as in case files.
        if (const auto bw = m.params.find("block_warps"); bw != m.params.end()) params["block_warps"] = bw->second;
        CaseSpec c;
        c.id = "auto." + m.id + (m.gpus.size() > 1 ? "." + gpu : "");
        c.gpu = gpu;
        c.description = fmt::format("{} of {} {} ({})", m.quantity, m.workload, m.params_text, m.source);
        c.quantity = d->q;
        c.quantity.run.gpu = config_arg;
        c.quantity.run.workload = m.workload;
        c.quantity.run.params = params;
        c.compare.measurements = {m.id};
        c.models = {"volkov", "volkov_refined"};
        c.tolerance = d->tol;
        c.tolerance_reason = d->reason;
        c.file = m.file;
        c.line = m.line;
        c.derived = true;
        out.cases.push_back(std::move(c));
      }
    }
  }
  return out;
}

}  // namespace warpsim::validation
