// Stall accounting: each issue slot that issues nothing is charged to the reason of the warp
// closest to issuing (Sm::wait_for_warps). Runs bound by one thing must charge that thing.
#include <gtest/gtest.h>

#include <string>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"

namespace warpsim::device {
namespace {

struct Bound {
  std::string gpu;
  isa::ParamMap params;  // homogeneous generator
  int warps;
  uint64_t StallBreakdown::*reason;
  const char* why;
};

Result run_one_sm(const Bound& b) {
  RunOptions o;
  o.warps_per_sm = b.warps;
  o.sms = 1;
  return simulate(config::load_hw_config(b.gpu, {}), isa::generate(*isa::find_generator("homogeneous"), b.params), o);
}

}  // namespace

TEST(StallReasons, ABoundRunChargesItsBoundingReason) {
  const std::vector<Bound> bounds{
      // 64 warps of 2-way conflicting shared loads: the shared-memory unit is busy while warps wait.
      {"maxwell", {{"op", "smem2"}, {"count", "256"}}, 64, &StallBreakdown::pipe_busy, "shared unit"},
      {"kepler", {{"op", "sfu"}, {"count", "256"}}, 64, &StallBreakdown::pipe_busy, "SFU"},
      // One warp per scheduler of dependent adds: each waits for its previous result (Table 6.2 latency).
      {"maxwell", {{"op", "add"}, {"count", "256"}}, 4, &StallBreakdown::dependency, "add latency"},
      // Streaming loads at low occupancy: warps wait on memory.
      {"maxwell", {{"op", "stream"}, {"count", "16"}}, 4, &StallBreakdown::memory, "memory"},
      // Four independent add chains per warp on Fermi: the next instruction's operands are ready,
      // but the same warp may issue again only 6 cycles later (ILP latency, Volkov §3.7).
      {"fermi", {{"op", "add"}, {"ilp", "4"}, {"count", "256"}}, 4, &StallBreakdown::issue_limit, "issue limit"},
  };
  for (const Bound& b : bounds) {
    const StallBreakdown s = run_one_sm(b).stalls;
    // Slots with warps present that issued nothing (no_warp: a scheduler without warps).
    const uint64_t stalled = s.dependency + s.memory + s.pipe_busy + s.issue_limit + s.barrier;
    ASSERT_GT(stalled, 0u) << b.gpu << " " << b.why;
    EXPECT_GE(static_cast<double>(s.*b.reason), 0.9 * static_cast<double>(stalled))
        << b.gpu << " " << b.why << ": dependency " << s.dependency << " memory " << s.memory << " pipe " << s.pipe_busy << " issue "
        << s.issue_limit << " barrier " << s.barrier;
  }
}

}  // namespace warpsim::device
