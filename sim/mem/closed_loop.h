// A closed-loop driver of a memory system without the SM core: the seeds' memory experiments
// reduced to their memory traffic (Volkov 2016 §5.10, §6.3, §6.7). Each warp runs `ilp`
// independent pointer chains; each chain issues one load, its coalesced transactions departing
// lsu.transaction_issue_cycles per LSU pass apart (Table 6.7), and issues the next load when the
// last transaction is back. Used to calibrate the memory models, in tests, and by `warpsim memloop`.
#pragma once

#include <cstdint>

#include "config/hw_config.h"
#include "mem/latency_recorder.h"

namespace warpsim::mem {

enum class LoopPattern : uint8_t {
  Stream,   // fully coalesced: thread i of block-warp w reads word (k*N + 32w + i) of its section
  Stride2,  // as Stream with the word index doubled (Volkov §4.3)
  Random,   // each thread a pseudo-random word of the array (Volkov §6.7)
};

struct ClosedLoopSpec {
  const config::HwConfig* config = nullptr;
  LoopPattern pattern = LoopPattern::Stream;
  int warps_per_sm = 1;
  int device_warps = 0;                 // if > 0: this many warps on the whole device instead (§6.7)
  int simulated_sms = 0;                // 0: all SMs of the device
  int ilp = 1;                          // independent load chains per warp (§6.3)
  int block_warps = 4;                  // warps per thread block (a block sweeps one contiguous section)
  uint64_t array_bytes = 512ull << 20;  // §5.10: 512 MB
  uint64_t warmup_cycles = 20000;       // at least; and until every chain has had two loads back
  uint64_t measure_cycles = 100000;
  uint64_t seed = 1;
};

struct ClosedLoopResult {
  double ipc_per_sm = 0;           // load instructions per cycle per SM
  double gbps = 0;                 // device GB/s, 4 bytes per active thread (the seeds' count)
  double mean_latency = 0;         // cycles per load instruction, issue to last transaction back
  uint64_t instructions = 0;       // completed in the measured window (simulated SMs)
  double dram_gbps = 0;            // device GB/s of DRAM transfers (queue, dram models), else 0
  double row_hit_rate = 0;         // column commands without an own ACT (queue, dram models)
  bool has_dram_counters = false;  // the two above were counted (the model has DRAM banks)
  LatencyRecorder instruction_latency;
  LatencyRecorder transaction_latency;
};

ClosedLoopResult run_closed_loop(const ClosedLoopSpec& spec);

}  // namespace warpsim::mem
