#include "sweep/mpi_launch.h"

#include <cstdlib>

#include "common/text.h"

namespace warpsim::sweep {

int mpi_launch_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    const char* v = std::getenv(name);
    if (!v) continue;
    const auto n = parse_int(v);
    if (n && *n >= 1 && *n <= 1 << 20) return static_cast<int>(*n);
  }
  return 0;
}

int mpi_launch_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK"}) {
    const char* v = std::getenv(name);
    if (!v) continue;
    const auto n = parse_int(v);
    if (n && *n >= 0 && *n < 1 << 20) return static_cast<int>(*n);
  }
  return 0;
}

bool mpi_built_in() {
#if defined(WARPSIM_HAVE_MPI)
  return true;
#else
  return false;
#endif
}

}  // namespace warpsim::sweep
