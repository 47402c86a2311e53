// The report's memory-system section: every memory model built into this warpsim (fixed, queue,
// simgrid) on the seed's streaming experiment (Volkov 2016 §6.3-6.4, Table 6.4), side by side with
// the seed: peak, occupancy at 90/95% of the peak, latency against throughput (Figure 6.3). It
// tests the memory models' assumptions (deterministic cap, queueing, max-min flow sharing) against
// each other and against the measurements.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "report/table.h"
#include "sweep/parallel_runner.h"

namespace warpsim::validation {

struct MemoryModelSection {
  std::vector<std::string> models;  // built models, in report order
  int step_warps = 1;               // occupancy step of the sweeps, warps/SM
  report::Table summary;            // memory_model_summary_table (with the seed's Table 6.4 rows)
  report::Table points;             // memory_model_points_table: every occupancy of every model
};

struct MemoryModelGpu {
  std::string name;               // gpu.name
  std::string arg;                // built-in name or config path, as the cases run it
  std::vector<std::string> sets;  // the cases' --set overrides (validate's --set included)
};

// Whether a GPU gets the section: Kepler and Maxwell, the GPUs the memory-model comparison of
// docs/memory-model.md is made on.
bool in_memory_model_section(const std::string& gpu_name);

// The models `validate --memory-models` and `compare-memory --models` compare unless told otherwise:
// every model, the command-level reference first.
inline constexpr const char* kDefaultMemoryModels = "dram,queue,fixed,servers,simgrid";

// The memory models named in `list` (comma-separated; "none" or empty: none). An unknown name is a
// UserError naming `option`; a model not built into this warpsim is one too when named by the user,
// and is left out (its name added to `skipped`) when `list` is the default.
std::vector<config::MemoryModelKind> parse_memory_models(const std::string& list, const std::string& option, bool is_default,
                                                         std::vector<std::string>& skipped);

class InvariantChecker;

// Runs the sweeps for each of `models`, one SM with its share of the memory system as every
// validation case runs, and `dram` (when among them) once more on the whole device, as `warpsim
// compare-memory` runs. No GPU or no model: nullopt. Every run is checked by `invariants` when
// given; `progress` hears (done, total) in thousandths of the section's sweeps.
std::optional<MemoryModelSection> memory_model_section(const std::vector<MemoryModelGpu>& gpus,
                                                       const std::vector<config::MemoryModelKind>& models, int jobs,
                                                       InvariantChecker* invariants = nullptr, const sweep::ProgressFn& progress = {});

}  // namespace warpsim::validation
