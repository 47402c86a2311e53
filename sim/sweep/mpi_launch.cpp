#include "sweep/mpi_launch.h"

#include <cstdint>
#include <cstdlib>
#include <initializer_list>

#include "common/text.h"

namespace warpsim::sweep {

namespace {

// The first of the launcher's variables `names` that holds an integer in [lo, hi]; 0 if none.
int launcher_int(std::initializer_list<const char*> names, int64_t lo, int64_t hi) {
  for (const char* name : names) {
    const char* v = std::getenv(name);
    if (!v) continue;
    const auto n = parse_int(v);
    if (n && *n >= lo && *n <= hi) return static_cast<int>(*n);
  }
  return 0;
}

}  // namespace

int mpi_launch_size() { return launcher_int({"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}, 1, 1 << 20); }

int mpi_launch_rank() { return launcher_int({"OMPI_COMM_WORLD_RANK", "PMI_RANK"}, 0, (1 << 20) - 1); }

bool mpi_built_in() {
#if defined(WARPSIM_HAVE_MPI)
  return true;
#else
  return false;
#endif
}

}  // namespace warpsim::sweep
