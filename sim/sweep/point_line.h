// What a sweep point yields: its output line. The thread pool (point_executor.h) and the sweep
// runner (sweep_runner.h) both take this one callable.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace warpsim::sweep {

// The output line of point `i` of the plan (simulates it; called from worker threads).
using LineFn = std::function<std::string(size_t i)>;

}  // namespace warpsim::sweep
