// Where the trials run: on this process's threads, or, under mpirun, across the ranks too
// (each rank its share of a chunk's trials, every rank then holding all of them), so that every
// rank takes the same stopping decisions and rank 0 alone writes the results.
#pragma once

#include "montecarlo/montecarlo.h"

namespace warpsim::montecarlo {

// Throws UserError when started by mpirun but built without MPI.
TrialBatch trials_across_ranks(const trace::MemoryTrace& t, const config::HwConfig& cfg, const ScheduleDeviation& d, uint64_t seed,
                               int jobs);

// False on the MPI ranks other than 0: they write nothing.
bool is_main_rank();

}  // namespace warpsim::montecarlo
