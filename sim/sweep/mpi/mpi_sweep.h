// Distributed sweeps over MPI ranks (built only when MPI is found). Rank 0 hands out the points
// still to run one at a time, in grid order, to whichever rank has a free thread (itself
// included), so ranks stay busy however unequal the points are; it gathers the lines and alone
// writes them, as they arrive (the writer puts them in grid order: sweep_main.cpp), so the file
// is the same bytes as with one process and any --jobs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sweep/sweep_runner.h"

namespace warpsim::sweep::mpi {

// MPI_Init_thread on construction (the main thread alone calls MPI), MPI_Finalize on destruction.
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0;
  int size_ = 1;
};

// Rank 0 passes the points to run, or nullopt when it could not start (every rank then gets
// nullopt and should end quietly: rank 0 reports the error). Other ranks pass nullopt.
std::optional<std::vector<size_t>> share_todo(const Session& s, const std::optional<std::vector<size_t>>& todo);

// Runs `todo` across the ranks, handed out in `start_order` (positions into `todo`, e.g.
// longest_first); `emit` is called on rank 0 only, for every point as its line arrives. A
// failure of any point is reported by rank 0, which then aborts the job with exit status 2
// (bad input) or 1 (a warpsim bug), after writing the lines that arrived before it.
void run_distributed(const Session& s, const std::vector<size_t>& todo, const std::vector<size_t>& start_order, int jobs,
                     const LineFn& line, const EmitFn& emit);

// Every rank calls it after run_distributed: rank 0's `tally` then counts the broken invariants of
// the points every rank ran (a collective call; the other ranks' tallies are left as they were).
void gather_tally(const Session& s, LawTally& tally);

}  // namespace warpsim::sweep::mpi
