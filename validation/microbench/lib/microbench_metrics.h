// Metrics of one microbenchmark run derived from its warp timestamps, as Volkov 2016 computes
// them: execution time per SM and throughput (§5.5), occupancy tracking and the maximum attained
// occupancy (§5.6, §5.7), instruction latency from warp latency (§6.1), the occupancy needed to
// reach a fraction of peak (Table 6.3) and latency percentiles (§6.6).
// Standard library only: the CUDA suite (validation/microbench) compiles this file on GPU machines
// that may lack warpsim's other dependencies, and the unit tests check it on synthetic timestamps.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "warp_timestamp.h"

namespace warpsim::validation {

// From `time` on, `warps` are resident on the SM (one step of the occupancy timeline, §5.6).
struct OccupancyPoint {
  uint64_t time = 0;
  uint32_t warps = 0;
};

struct SmSummary {
  uint32_t sm = 0;
  uint64_t first_start = 0;  // earliest warp start on this SM, its own clock (§5.5)
  uint64_t last_end = 0;     // latest warp end
  uint64_t warps = 0;
  uint32_t max_occupancy = 0;  // largest number of warps resident at once (§5.6)
  double mean_occupancy = 0;   // time-averaged resident warps over [first_start, last_end]
};

struct RunMetrics {
  uint64_t cycles = 0;  // max over SMs of last_end - first_start (§5.5)
  uint64_t warps = 0;
  uint32_t sms = 0;                 // SMs that ran at least one warp
  double mean_warp_latency = 0;     // cycles, mean of end - start over all warps (§5.5)
  uint32_t attained_occupancy = 0;  // min over SMs of max_occupancy: reached on every SM (§5.7)
  uint32_t peak_occupancy = 0;      // max over SMs of max_occupancy
  double mean_occupancy = 0;        // mean over SMs of mean_occupancy
  double clock_ghz = 0;             // SM cycles per ns (clock64 vs %globaltimer); 0 if no timer
  std::vector<SmSummary> per_sm;    // sorted by SM id
};

// Occupancy step function of one SM. Ends sort before starts at equal times, so a warp that takes
// the slot of one ending in the same cycle is not counted as a second resident warp.
std::vector<OccupancyPoint> occupancy_timeline(const std::vector<WarpTimestamp>& warps, uint32_t sm);

RunMetrics analyze_run(const std::vector<WarpTimestamp>& warps);

// §6.1: mean warp latency divided by the repeated instructions each warp executed.
double latency_per_instruction(double mean_warp_latency, double instructions_per_warp);
// Work per cycle per SM: total count / (run cycles x SMs), the seeds' per-SM throughputs (§5.5).
double per_sm_rate(double count, uint64_t cycles, uint32_t sms);
// Thread-operations per cycle per scheduler, the unit of Volkov's Table 6.1 (32 ops = 1 warp
// instruction): warp instructions x 32 / (run cycles x SMs x schedulers per SM).
double ops_per_cycle_per_scheduler(double warp_instructions, uint64_t cycles, uint32_t sms, int schedulers);
// Device GB/s: bytes / (cycles / clock_ghz ns). Returns 0 when the clock is unknown.
double gbps(double bytes, uint64_t cycles, double clock_ghz);

struct ThroughputSample {
  double warps_per_sm = 0;
  double throughput = 0;
};
// Smallest occupancy whose throughput is at least `fraction` of the best sample (Table 6.3, §6.3);
// nullopt when there are no samples or the best throughput is not positive.
std::optional<double> warps_needed(const std::vector<ThroughputSample>& samples, double fraction);

// Nearest-rank percentiles of per-access latencies, the summary of Volkov's Table 6.6 (§6.6).
struct LatencyPercentiles {
  uint64_t count = 0;
  uint32_t min = 0, p5 = 0, p25 = 0, p50 = 0, p75 = 0, p95 = 0, max = 0;
};
LatencyPercentiles latency_percentiles(std::vector<uint32_t> samples);

}  // namespace warpsim::validation
