// Memory-system models side by side on the seed's streaming experiment (Volkov 2016 §6.3-6.4,
// Table 6.4, Figure 6.3): α = 0 (back-to-back dependent coalesced loads, `homogeneous op=stream`)
// simulated over occupancies under one memory model, summarised as the seed summarises the GPU:
// peak throughput, the smallest occupancies reaching 90% and 95% of it, and latency against
// throughput. The validation report adds one column per built model from these summaries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "mem/latency_recorder.h"
#include "report/table.h"
#include "sweep/parallel_runner.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {

class InvariantChecker;

struct MemorySweepOptions {
  std::vector<int> warps;  // occupancies in warps/SM; empty: every `step` up to the GPU's maximum
  int step = 2;
  int loads_per_warp = 32;  // `count` of homogeneous op=stream: long enough for several waves
  int sms = 0;              // SMs simulated (0: all; contention needs the device's load)
  uint64_t seed = 1;
  int jobs = 1;                            // simgrid runs are serialised whatever this is (engine_thread.h)
  InvariantChecker* invariants = nullptr;  // when set, every run is checked (invariants.h)
  sweep::ProgressFn progress = {};         // after each occupancy's run: done, total (a terminal's bar)
};

struct MemorySweepPoint {
  int warps_per_sm = 0;
  double gbps = 0;                          // Result::gbps
  double access_latency_mean = 0;           // per load instruction, issue to data (cycles; Figure 6.3)
  mem::LatencySummary transaction_latency;  // per transaction, inside the memory system
};

struct MemoryModelSummary {
  std::string gpu;
  std::string model;   // memory.model
  int sms = 1;         // SMs simulated: the device's, or fewer with their share of the memory system
  int device_sms = 1;  // SMs of the GPU (the seed's rows were measured on all of them)
  int schedulers = 1;
  // Best throughput of the sweep and of ILP = 2 at full occupancy: the seed's peak is "the best
  // throughput attained over kernels with different ILP" (§6.3).
  double peak_gbps = 0;
  // Smallest swept occupancies (warps/SM) sustaining 90% / 95% of the peak without ILP; 0 if none.
  int warps_at_90 = 0;
  int warps_at_95 = 0;
  std::vector<MemorySweepPoint> points;  // the α = 0 sweep, in occupancy order
  std::vector<int> skipped_warps;        // occupancies of the sweep no launch can realise (§5.7)
};

// Runs the sweep on `cfg` with memory.model set to `model`. Occupancies the launch cannot realise
// are skipped. Throws UserError if the model is not built into this warpsim.
MemoryModelSummary summarize_memory_model(const config::HwConfig& cfg, config::MemoryModelKind model, const MemorySweepOptions& options);

// One row per summary, then one per GPU with the seed's Table 6.4 (model "volkov2016") when
// `seed` has its rows. Columns: gpu, memory_model, peak_gbps, warps_per_sm_at_90,
// warps_per_sm_at_95, warps_per_scheduler_at_90, warps_per_scheduler_at_95, the mean access
// latency and transaction latency p5/p50/p95 at the 90% occupancy, and simulated_sms (the seed's
// rows: the device's).
report::Table memory_model_summary_table(const std::vector<MemoryModelSummary>& summaries, const MeasurementSet* seed);

// Every sweep point: gpu, memory_model, warps_per_sm, gbps, pct_of_peak, access_latency_mean,
// transaction_latency_p5, _p50, _p95 (latency against throughput, Figure 6.3), simulated_sms.
report::Table memory_model_points_table(const std::vector<MemoryModelSummary>& summaries);

}  // namespace warpsim::validation
