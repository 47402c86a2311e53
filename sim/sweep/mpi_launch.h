// Whether this process is a rank of an MPI job. Decided from the launcher's environment, so a
// plain `warpsim sweep` never initialises MPI and behaves the same with or without MPI built in.
#pragma once

namespace warpsim::sweep {

// The job's size when started by mpirun/mpiexec (Open MPI: OMPI_COMM_WORLD_SIZE; MPICH and
// other PMI launchers: PMI_SIZE); 0 when not started by an MPI launcher.
int mpi_launch_size();

// This process's rank in that job (OMPI_COMM_WORLD_RANK, PMI_RANK); 0 when not launched so.
int mpi_launch_rank();

// True when this binary was built with MPI (WARPSIM_HAVE_MPI).
bool mpi_built_in();

}  // namespace warpsim::sweep
