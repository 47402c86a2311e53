// Result: everything one simulation measured, as plain data. Everything downstream (tables,
// CSV/JSON, plots, validation) reads Results and never reaches back into the simulator.
// Throughputs follow the seeds' conventions (Volkov 2016 §5.5, ch. 6); column names in
// report/result_table.h are the stable, documented names (README "Output columns").
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "isa/op_class.h"
#include "mem/cache/cache_counters.h"
#include "mem/latency_recorder.h"

namespace warpsim::device {

// Why each issue slot of each scheduler went the way it did (per-issue-slot stall breakdown).
struct StallBreakdown {
  uint64_t issued = 0;       // an instruction was issued
  uint64_t dependency = 0;   // warps present, all waiting on a register (arithmetic/shared latency)
  uint64_t memory = 0;       // ... at least one waiting on a global load, none ready
  uint64_t pipe_busy = 0;    // a warp was ready but its functional unit was busy
  uint64_t issue_limit = 0;  // a warp was ready but same-warp issue latency or issue cost forbade it
  uint64_t barrier = 0;      // all warps waiting at a barrier
  uint64_t no_warp = 0;      // no warp assigned to the scheduler
  uint64_t total() const { return issued + dependency + memory + pipe_busy + issue_limit + barrier + no_warp; }
};

// One warp's life (Volkov §5.5: start and end timestamps and the SM it ran on).
struct WarpRecord {
  uint32_t sm = 0;
  uint32_t block = 0;
  uint32_t warp_in_block = 0;
  uint64_t start = 0;
  uint64_t end = 0;
};

// One instruction issued (RunOptions::record_issues): which warp of which scheduler issued what
// when, the timeline of Volkov's Figure 4.7. Two instructions of one cycle are two records.
struct IssueRecord {
  uint64_t cycle = 0;
  uint32_t sm = 0;
  uint32_t scheduler = 0;
  uint32_t block = 0;
  uint32_t warp_in_block = 0;
  uint32_t pc = 0;  // index of the instruction in the decoded kernel
};

// Why a scheduler issued nothing in an issue slot: the stall columns' names (README, "Output
// columns") without their "stall_" prefix, in StallBreakdown's order after `issued`.
inline constexpr std::array<const char*, 6> kIdleReasons{"dependency", "memory", "pipe_busy", "issue_limit", "barrier", "no_warp"};

// A run of issue slots in which one scheduler issued nothing, charged to one reason
// (RunOptions::record_issues): the empty columns of Figure 4.7's timeline, with why. With the
// issue records they cover every slot except those an issued instruction's issue cost takes
// (counted as issued in StallBreakdown).
struct IdleRecord {
  uint64_t cycle = 0;   // the run's first cycle (an issue-slot boundary)
  uint64_t cycles = 0;  // its length: slots x scheduler.cycles_per_issue
  uint32_t sm = 0;
  uint32_t scheduler = 0;
  uint8_t reason = 0;  // index into kIdleReasons
};

// Occupancy of one SM as a step function (Volkov §5.6): from `time` on, `warps` resident.
struct OccupancyStep {
  uint64_t time = 0;
  uint32_t warps = 0;
};

// How the requested occupancy was realised (Volkov §5.7).
struct LaunchRealization {
  int warps_per_sm = 0;  // resident warps per SM the launch allows
  int block_threads = 0;
  int blocks_per_sm = 0;
  int shared_memory_per_block = 0;  // bytes requested, after the kernel's own allocation
  int64_t total_blocks = 0;
  std::string limited_by;  // "shared memory", "warps", "blocks", "registers", "block size"
};

// Little's law (Volkov §3.4) holds on every run: the occupancy integral and latency x throughput
// from warp times agree within this (measured: 2e-16 over every built-in config and workload).
// `run`, `sweep`, `compare-memory` and `validate` report a run beyond it as a simulator bug (exit 1).
inline constexpr double kLittlesLawTolerance = 0.01;

struct Result {
  // What ran.
  std::string gpu;
  std::string workload;
  std::map<std::string, std::string> params;
  std::map<std::string, std::string> sets;  // --set overrides applied
  std::string memory_model;
  uint64_t seed = 1;
  int device_sms = 0;
  int simulated_sms = 0;
  LaunchRealization launch;

  // Raw counts (over the simulated SMs), within the timed interval: from the first warp start to
  // the end of the steady state (the first slot that is never refilled) for grids of several
  // waves, which is what whole-run timing with 100x oversubscription converges to (§5.5, §5.9);
  // the whole run (max over SMs of last end - first start, §5.5) for single-wave grids.
  uint64_t cycles = 0;
  uint64_t total_cycles = 0;  // the whole run, first warp start to last warp end
  bool steady_state_window = false;
  uint64_t warps_executed = 0;
  uint64_t warp_instructions = 0;  // issued warp instructions, replays not counted
  std::array<uint64_t, isa::kOpClassCount> warp_instructions_by_class{};
  // The same instructions per static instruction (kernel pc), all SMs; empty for a run stopped
  // once steady. The throughput bound is that of this mix (model/simulated_bound.h).
  std::vector<uint64_t> warp_instructions_by_pc;
  uint64_t thread_ops_alu = 0;     // CUDA-core thread operations
  uint64_t bytes_requested = 0;    // global bytes requested by active threads (the seeds' GB/s)
  uint64_t bytes_transferred = 0;  // global bytes moved by transactions
  uint64_t transactions = 0;

  // Throughputs, per SM unless named otherwise (all derived from the counts above).
  double ipc_per_sm = 0;                   // warp instructions / cycle / SM
  double mem_ipc_per_sm = 0;               // global memory warp instructions / cycle / SM
  double ops_per_cycle_per_scheduler = 0;  // thread-ops / cycle / scheduler (Table 6.1 units)
  double adds_per_cycle_per_sm = 0;        // CUDA-core thread-ops / cycle / SM (the seeds' "adds")
  double gbps = 0;                         // device GB/s of requested bytes, counted as the seeds do
  double dram_gbps = 0;                    // device GB/s of transaction bytes
  double warp_throughput_per_sm = 0;       // warps / cycle / SM

  // Latencies and occupancy (Little's law: mean_occupancy = mean_warp_latency x warp throughput).
  double mean_warp_latency = 0;        // cycles
  double mean_occupancy = 0;           // time-averaged resident warps per SM over the timed interval
  uint32_t max_occupancy = 0;          // largest resident warps on any SM (the target is "attained", §5.7)
  double little_law_error = 0;         // |occupancy - latency*throughput| / occupancy (<= kLittlesLawTolerance)
  mem::LatencySummary access_latency;  // per global load instruction: issue to data ready (§6.6)
  std::vector<mem::HistogramBin> access_latency_histogram;
  mem::LatencySummary transaction_latency;  // per memory transaction, inside the memory system

  // DRAM activity over the whole run, on the channels simulated (a share's with --sms), for the
  // models with DRAM banks (`dram`, `queue`; has_dram false otherwise).
  bool has_dram = false;
  uint64_t dram_activations = 0;
  double dram_row_hit_rate = 0;  // bursts that found their row open (not their own activation's first) / bursts
  double dram_bank_busy = 0;     // fraction of bank time in a row visit (ACT to PRE + tRP)
  double dram_bus_busy = 0;      // fraction of channel data-bus time carrying bursts

  // Cache activity over the whole run, in 32-byte sectors of loads (mem/memory_system.h,
  // CacheCounters); blank columns for a level not simulated.
  mem::CacheCounters caches;

  StallBreakdown stalls;
  std::vector<WarpRecord> warp_records;                        // when RunOptions::record_warps
  std::vector<IssueRecord> issue_log;                          // when RunOptions::record_issues: by cycle, then SM, in issue order
  std::vector<IdleRecord> idle_log;                            // when RunOptions::record_issues: by cycle, then SM, then scheduler
  std::vector<std::vector<OccupancyStep>> occupancy_timeline;  // per simulated SM, when recorded

  uint64_t simulated_events = 0;  // engine events processed (for speed reports)

  // Steady-state stopping (RunOptions::stop_when_steady, device/steady_state.h). When stopped,
  // `cycles` and the work counts cover the converged measurement windows only.
  bool steady_stopped = false;
  double steady_half_width = 0;  // relative half-width of the 95% confidence interval of ipc_per_sm
};

// Whether a run kept Little's law (kLittlesLawTolerance), and the rule in words: the one test that
// `run`, `sweep`, `compare-memory` and `validate` apply.
inline bool littles_law_holds(const Result& r) { return r.little_law_error <= kLittlesLawTolerance; }
// kLittlesLawTolerance as a percentage:
inline constexpr const char* kLittlesLawRule = "|mean occupancy - mean warp latency x warp throughput| / mean occupancy <= 1%";

}  // namespace warpsim::device
