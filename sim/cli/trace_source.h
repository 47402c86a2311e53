// The trace `trace` writes and `montecarlo` analyses, from --gpu, --workload, --param, --warps,
// --seed and --blocks.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>

#include "cli/common_options.h"
#include "trace/memory_trace.h"

namespace warpsim::cli {

// --blocks N: trace blocks 0 .. N-1 only (the seed's execution snapshot, Baghsorkhi §3).
void add_blocks_option(CLI::App& cmd, int64_t& blocks);

// --warps takes one occupancy here: says so in the help (add_common_options gave it first).
void take_one_occupancy(CLI::App& cmd);

// The occupancy --warps names: one value, or 0 (as many as the launch allows) when not given.
int single_occupancy(const CommonOptions& o);

trace::MemoryTrace trace_of_workload(const CommonOptions& o, int64_t blocks);

}  // namespace warpsim::cli
