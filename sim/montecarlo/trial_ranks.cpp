#include "montecarlo/trial_ranks.h"

#include <memory>

#include "common/user_error.h"
#include "sweep/mpi_launch.h"
#if defined(WARPSIM_HAVE_MPI)
#include "montecarlo/mpi/trial_exchange.h"
#endif

namespace warpsim::montecarlo {

TrialBatch trials_across_ranks(const trace::MemoryTrace& t, const config::HwConfig& cfg, const ScheduleDeviation& d, uint64_t seed,
                               int jobs) {
  const int ranks = sweep::mpi_launch_size();
  if (ranks > 1 && !sweep::mpi_built_in())
    throw UserError(
        Diagnostic{"<cli>", 0, 0, "mpirun", "this warpsim was built without MPI: run without mpirun, or rebuild with Open MPI installed"});
  TrialBatch local = local_trials(t, cfg, d, seed, jobs);
#if defined(WARPSIM_HAVE_MPI)
  if (ranks >= 1) return exchanged_trials(std::move(local), t.statics.size());
#endif
  return local;
}

bool is_main_rank() { return sweep::mpi_launch_rank() == 0; }

}  // namespace warpsim::montecarlo
