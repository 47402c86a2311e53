// `queue` against its reference `dram`: the fast model cross-checked with the command-level one. Same address map, timings and share; `queue` times each request at its arrival, so
// it cannot regroup a bank's queued row hits as FR-FCFS does and loses a few percent where bank
// conflicts are frequent (docs/memory-model.md, "`queue`"): streaming peaks within 12%, and the
// fraction of its peak each reaches at a quarter of the occupancy limit within 5 points, on every
// seed GPU.
#include <gtest/gtest.h>

#include "mem/closed_loop_case.h"
#include "support/test_support.h"

namespace warpsim::mem {
namespace {

TEST(QueueVsDram, StreamingPeaksAndKneesAgreeOnEverySeedGpu) {
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    double peak[2], half[2];
    int i = 0;
    for (auto model : {config::MemoryModelKind::Dram, config::MemoryModelKind::Queue}) {
      config::HwConfig c = test::builtin(gpu);
      c.memory.model = model;
      peak[i] = test_loop::closed_loop(c, c.sm.max_warps, 0, 4).gbps;
      half[i] = test_loop::closed_loop(c, c.sm.max_warps / 4).gbps / peak[i];
      ++i;
    }
    EXPECT_NEAR(peak[1], peak[0], 0.12 * peak[0]) << gpu;
    EXPECT_NEAR(half[1], half[0], 0.05) << gpu;
  }
}

}  // namespace
}  // namespace warpsim::mem
