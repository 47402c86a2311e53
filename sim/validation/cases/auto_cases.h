// Cases derived from a measurement file (a user who measured their own GPU with the CUDA
// microbenchmarks runs `warpsim validate --measurements their.csv --gpu their-config`). Each row
// that names a runnable workload becomes a case: throughput at an occupancy -> the simulated
// throughput there; a peak -> the simulated peak over the occupancy grid; latency -> the simulated
// latency per instruction (at that occupancy, or the smallest over the grid's low end); a latency
// percentile -> the simulated access-latency percentile; warps_needed with threshold=/target_gbps=
// -> the smallest simulated occupancy reaching it; pct_peak -> percent of the simulated peak. The
// tolerances are documented in docs/validation.md ("Cases derived from a measurement file").
#pragma once

#include <string>
#include <vector>

#include "validation/cases/case_spec.h"
#include "validation/cases/not_compared.h"
#include "validation/evaluation/sim_cache.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {

struct DerivedCases {
  std::vector<CaseSpec> cases;
  std::vector<std::string> skipped;  // "file:line id: why no case"
  // Rows that look mistyped, said on stderr as well as in the report: a workload (or its
  // parameters) that does not build, a params key neither the workload's nor a condition's.
  std::vector<std::string> warnings;
};

// Rows of the given files of `ms` (indices into ms.files()). With `gpu_arg` set, only rows for that
// GPU (`gpu_name` is its config's gpu.name), simulated with `gpu_arg` (a name or config path);
// otherwise each row's own GPU, as a built-in config. Configs come from `sims`, the cache the
// cases will run in: loaded once per GPU with its --set overrides (the cases do not repeat them).
// A row one of `not_compared` holds for gives no case: it is skipped with that reason.
DerivedCases derive_cases(const MeasurementSet& ms, const std::vector<size_t>& files, const std::string& gpu_arg,
                          const std::string& gpu_name, SimulationCache& sims, const std::vector<NotCompared>& not_compared = {});

}  // namespace warpsim::validation
