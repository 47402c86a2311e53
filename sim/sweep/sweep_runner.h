// Running the points of a sweep that still have to run and handing their output lines, as they
// finish, to one consumer (sweep_main.cpp: the file writer, or the reorder buffer in front of
// standard output), on this machine with a thread pool.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "sweep/point_line.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_rows.h"

namespace warpsim::sweep {

// Receives point `i`'s line, in the order the points finish, from the calling thread.
using EmitFn = std::function<void(size_t i, const std::string& line)>;

// The points that broke one invariant, and the worst value of its checked quantity.
struct Violations {
  size_t violated = 0;
  double worst = 0;
  std::string worst_key;  // the point's key (sweep_plan.h)
  void add(double value, const std::string& key);
};

// Runs whose Little's law broke (device::kLittlesLawTolerance) or whose throughput exceeds the
// simulated machine's bound (model/simulated_bound.h): simulator bugs, which the sweep reports at
// its end (exit 1) after writing every line. Filled from worker threads.
struct LawTally {
  std::mutex mutex;
  Violations littles_law;
  Violations throughput_bound;
};

// Simulates plan.runs[i] and formats its line; counts a broken invariant in `tally`.
LineFn plan_lines(const SweepPlan& plan, LineFormat f, const std::vector<report::Column>& columns, LawTally& tally);

// Runs the points `todo` with up to `jobs` threads, started in `start_order` (positions into
// `todo`; empty: in order); emit sees each line as its point finishes. After a failure no new
// point starts; the points running finish and are emitted, then the failure (the first in grid
// order among those seen) is rethrown.
void run_local(const std::vector<size_t>& todo, int jobs, const LineFn& line, const EmitFn& emit,
               const std::vector<size_t>& start_order = {});

// Positions 0..todo.size()-1, the point of largest estimated cost first (ties in grid order): the
// order to start them in, so that no long point starts last while the other workers idle. The
// order of the final output does not change.
std::vector<size_t> longest_first(const SweepPlan& plan, const std::vector<size_t>& todo);

// The points the resumed output does not hold yet, ascending.
std::vector<size_t> points_to_run(const std::vector<bool>& held);

}  // namespace warpsim::sweep
