// What every experiment of the suite shares: the device, the options, the occupancy plans, running
// one sample (repeated launches, chain validation, metrics) and collecting the CSV rows.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "microbench_csv.h"
#include "microbench_metrics.h"
#include "microbench_occupancy.h"
#include "options.h"
#include "suite_api.h"

namespace warpsim::microbench {

// Instructions each warp executes (only the repeated ones count, §6.1), and global bytes per load.
struct WarpWork {
  double loads = 0;                  // global loads
  double adds = 0;                   // FADDs
  double others = 0;                 // SFU or shared-memory instructions
  double bytes_per_thread_load = 4;  // the seeds count 4 bytes per thread access (§6.7)
};

// The fastest of the repeated launches of one configuration.
struct Sample {
  validation::RunMetrics metrics;
  int target_warps = 0;
  int64_t blocks = 0;
  int block_warps = 0;
  int64_t dynamic_shared = 0;
  int api_blocks_per_sm = 0;
  WarpWork work;
  std::vector<uint32_t> latency_samples;  // §6.6, all launches
  std::vector<uint32_t> calibration;
  bool attained() const { return metrics.attained_occupancy == static_cast<uint32_t>(target_warps); }
  double warps_per_sm() const { return metrics.attained_occupancy; }  // what the sample measured (§5.7)
  double total_warps() const { return static_cast<double>(blocks) * block_warps; }
  double clock_mhz() const { return metrics.clock_ghz * 1000; }
  double adds_per_cycle_per_sm() const;
  double ops_per_cycle_per_scheduler(double instructions_per_warp) const;
  double ipc_per_sm(double instructions_per_warp) const;
  double gbps() const;
  double latency_per(double instructions_per_warp) const;
};

// Returns "" if the chains ended where expected, else what went wrong.
using ChainCheck = std::function<std::string(const RunOutput&)>;

class Context {
 public:
  Context(Gpu& gpu, const Options& options);

  Gpu& gpu() { return gpu_; }
  const Gpu& gpu() const { return gpu_; }
  const Options& options() const { return options_; }
  const std::string& gpu_name() const { return gpu_name_; }
  int schedulers() const { return limits_.schedulers; }
  std::vector<int> occupancies(bool dense) const;  // warps per SM to sweep
  std::optional<validation::OccupancyPlan> plan(int warps_per_sm, int64_t min_shared) const;
  // `warps_per_sm` blocks of one warp each (the block-launch timing of §3.7).
  std::optional<validation::OccupancyPlan> plan_one_warp_blocks(int warps_per_sm) const;
  // Blocks for an oversubscribed launch (§5.9): `waves` times the resident blocks of the device.
  int64_t oversubscribed_blocks(const validation::OccupancyPlan& p) const;
  int64_t persistent_blocks(const validation::OccupancyPlan& p) const;

  // Sets the chase array to entry e -> e + step unless it already is (§5.10).
  void ensure_stream(uint64_t step);
  void mark_array_random() { array_state_ = "random"; }

  // Launches `job` options().reps times (`reps` times if given: a sweep that must not repeat a launch
  // over warm data, experiments_cache.cpp), flushing L2 first when `memory`, checks every launch's
  // chains and timestamps, keeps the fastest. Throws std::runtime_error when a check fails.
  Sample measure(const Job& job, const validation::OccupancyPlan& plan, const WarpWork& work, const ChainCheck& check, bool memory,
                 int reps = 0);

  void add_row(validation::MeasurementRow row);
  // The standard note of a sample: occupancy attained, launch shape, clock.
  std::string note(const Sample& s, const std::string& launch) const;
  const std::vector<validation::MeasurementRow>& rows() const { return rows_; }

  double median_clock_mhz() const;
  int64_t launches() const { return launches_; }  // SM clock over all launches, from %globaltimer (§5.4)
  double elapsed_s() const;
  bool over_budget() const { return elapsed_s() > options_.budget_s; }
  void log(const std::string& line) const;

 private:
  Gpu& gpu_;
  Options options_;
  std::string gpu_name_;
  bool stand_in_ = false;  // the dry run's CPU stand-in (dryrun/fake_gpu.cpp), not a GPU
  validation::SmLimits limits_;
  std::string array_state_;
  std::vector<validation::MeasurementRow> rows_;
  std::set<std::string> ids_;
  std::vector<double> clocks_mhz_;
  int64_t launches_ = 0;
  std::chrono::steady_clock::time_point t0_;
};

// "mb.<id parts joined by .>": row ids are built from the parts that make a row unique.
std::string row_id(const std::vector<std::string>& parts);
// "w24", "k2": an id part from a prefix and a number (appending sidesteps GCC 12's false -Wrestrict
// on `"w" + std::to_string(n)`).
inline std::string tag(const char* prefix, long long n) {
  std::string s(prefix);
  s += std::to_string(n);
  return s;
}
inline constexpr const char* kSourceMeasured = "measured: warpsim microbench";
// The dry run's rows: made up by the CPU stand-in for a GPU, to test the suite's plumbing.
inline constexpr const char* kSourceStandIn = "NOT MEASURED (dry run, CPU stand-in): warpsim microbench";

}  // namespace warpsim::microbench
