// SimGrid's engine is a process-wide singleton that cannot be re-created, and it must be driven
// from the thread that created it (activity completions are not signalled on other threads; seen
// with SimGrid 3.32). Every simulation using the simgrid model therefore runs, whole, on one
// dedicated thread, one after another: callers on any thread (the parallel sweep runner
// included) block until their turn and their result. Runs are serialised, not parallel.
#pragma once

#include <functional>

namespace warpsim::mem::simgrid {

// Runs `body` on the SimGrid thread and returns when it has finished; rethrows its exception.
// Called on the SimGrid thread itself, runs `body` directly.
void run_on_simgrid_thread(const std::function<void()>& body);

bool on_simgrid_thread();

}  // namespace warpsim::mem::simgrid
