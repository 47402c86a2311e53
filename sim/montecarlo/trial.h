// One Monte Carlo trial of Baghsorkhi 2012 §3.2: one random inter-warp ordering of a trace's
// accesses, driven through the caches level by level (the per-level arrival reconstruction).
//
//  1. Blocks go to SMs round robin in block order (§2: "fine-grained round robin ... with respect
//     to the relative order of thread blocks assigned to each streaming multiprocessor"), each
//     SM holding the launch's resident blocks and starting the next of its own when one ends.
//  2. Intra-core (§3.2.2): each SM's scheduler visits its resident warps in round-robin order,
//     block by block and warp by warp (a block's warps stay in order); a visit issues the warp's
//     next bulk sequence whole, with the warp's weight as probability (weights drawn per trial
//     from [1 - weight_spread, 1]: warps drift apart, §3.2.1). A sequence after a barrier waits
//     until every warp of its block has reached it. Each SM's first wave starts up to
//     start_spread x a warp's sequences late, its blocks together: SMs fall out of step, as
//     the random start points of §3.2.1 (Figure 1) set them.
//  3. Each SM's accesses go through its L1 in that order; what goes on (misses, stores) keeps the
//     visit (round) it was issued in.
//  4. Inter-core (§3.2.2): the SMs' queues reach the L2 by weighted random picking, each SM
//     weighted by the requests it has left (a uniformly random interleaving that keeps each SM's
//     order), an SM that started late joining once the others have sent what its late rounds hold.
#pragma once

#include <cstdint>

#include "config/hw_config.h"
#include "montecarlo/cache_replay.h"
#include "trace/memory_trace.h"

namespace warpsim::montecarlo {

// The schedule deviation of §3.2.1, which the seed describes but does not size: 0 and 0 make the
// intra-core order a plain round robin, the same in every trial.
struct ScheduleDeviation {
  double start_spread = 0.5;   // each SM's first wave starts up to this fraction of a warp's sequences late
  double weight_spread = 0.5;  // each warp issues at a visit with probability in [1 - this, 1]
};

// Where each warp's bulk sequences start: computed once per trace, shared by the trials.
struct SequenceIndex {
  explicit SequenceIndex(const trace::MemoryTrace& t);
  std::vector<uint32_t> sequences;  // per warp
};

// The trial's seed is a function of the run's seed and the trial's number only, so that results
// do not depend on which thread or rank runs it.
uint64_t trial_seed(uint64_t seed, uint64_t trial);

CacheTally run_trial(const trace::MemoryTrace& t, const SequenceIndex& index, const config::HwConfig& cfg, const ScheduleDeviation& d,
                     uint64_t seed);

}  // namespace warpsim::montecarlo
