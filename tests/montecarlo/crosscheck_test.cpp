// The Monte Carlo intervals against the timed simulation of the same kernels (docs/montecarlo.md),
// on small instances of workloads/: where the timed hit ratio falls, and where it falls only once
// the sectors in flight count as hits (the time the Monte Carlo view leaves out).
#include <gtest/gtest.h>

#include "device/simulate.h"
#include "isa/workloads.h"
#include "montecarlo/montecarlo.h"
#include "montecarlo/montecarlo_report.h"
#include "support/test_support.h"
#include "trace/trace_builder.h"

namespace warpsim {
namespace {

struct CrossCheck {
  montecarlo::MonteCarloResult mc;
  montecarlo::TimedHitRatios timed;
  bool inside(int level) const { return timed.plain[level] && within(*timed.plain[level], level); }
  bool inside_in_flight(int level) const { return timed.in_flight[level] && within(*timed.in_flight[level], level); }
  bool within(double v, int level) const { return v >= mc.levels[level].low() && v <= mc.levels[level].high(); }
};

CrossCheck cross_check(const std::string& workload, const isa::ParamMap& params) {
  const config::HwConfig cfg = test::builtin("fermi");
  const isa::Kernel k = isa::load_workload(workload, params);
  const trace::MemoryTrace t = trace::build_trace({&cfg, &k, 0, 1, 0});
  CrossCheck c;
  c.mc = montecarlo::run_montecarlo(t, cfg, {}, montecarlo::local_trials(t, cfg, {}, 1, 2));
  device::RunOptions ro;
  c.timed = montecarlo::timed_hit_ratios(device::simulate(cfg, k, ro));
  return c;
}

constexpr int kL1 = 0, kL2 = 1, kL2Write = 2;

TEST(MonteCarloCrossCheck, TheHistogramsTimedHitRatiosLieInsideEveryInterval) {
  const CrossCheck c = cross_check("histogram", {{"keys", "65536"}, {"blocks", "256"}});
  for (int level : {kL1, kL2, kL2Write}) EXPECT_TRUE(c.inside(level)) << level;
  EXPECT_GT(*c.timed.plain[kL2Write], 0.99);  // 256 bins, each of its 32 sectors missed once
}

TEST(MonteCarloCrossCheck, TheStencilsTimedHitRatiosLieInsideOnceTheSectorsInFlightCountAsHits) {
  // Its five loads leave back to back: the timed caches see most of their lines still on the way.
  const CrossCheck c = cross_check("stencil2d", {{"blocks_x", "4"}, {"blocks", "64"}});
  for (int level : {kL1, kL2}) {
    EXPECT_FALSE(c.inside(level)) << level;
    EXPECT_LT(*c.timed.plain[level], c.mc.levels[level].low()) << level;
    EXPECT_TRUE(c.inside_in_flight(level)) << level;
  }
}

TEST(MonteCarloCrossCheck, TiledMatmulsSecondWriteOfEachLineOfCHitsInBothViews) {
  // Fermi's stores move whole lines; each line of C is written in two halves by adjacent blocks.
  const CrossCheck c = cross_check("matmul_tiled", {{"tiles", "8"}, {"blocks", "64"}});
  EXPECT_DOUBLE_EQ(*c.timed.plain[kL2Write], 0.5);
  EXPECT_TRUE(c.inside(kL2Write));
}

}  // namespace
}  // namespace warpsim
