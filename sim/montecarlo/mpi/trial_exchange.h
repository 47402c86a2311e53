// Trials across MPI ranks (built only with MPI): trial i of a chunk runs on rank i mod size,
// and an all-gather gives every rank every tally, in trial order.
#pragma once

#include <cstddef>

#include "montecarlo/montecarlo.h"

namespace warpsim::montecarlo {

// `local` runs the trials given to this rank; MPI is initialised on the first call and finalised
// at exit.
TrialBatch exchanged_trials(TrialBatch local, size_t accesses);

}  // namespace warpsim::montecarlo
