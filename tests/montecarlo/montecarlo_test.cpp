// The Monte Carlo analysis (montecarlo/montecarlo.h) on kernels whose hit ratios follow by hand,
// its determinism across threads, and its stopping rule.
#include "montecarlo/montecarlo.h"

#include <gtest/gtest.h>

#include "isa/workload_parser.h"
#include "support/test_support.h"
#include "trace/trace_builder.h"

namespace warpsim {
namespace {

using montecarlo::Level;

struct Analysis {
  trace::MemoryTrace trace;
  montecarlo::MonteCarloResult result;
};

Analysis analyse(const std::string& gpu, const std::string& wl, montecarlo::MonteCarloOptions o = {}, int jobs = 1) {
  const config::HwConfig cfg = test::builtin(gpu);
  const isa::Kernel k = isa::parse_workload(wl, "t.wl");
  Analysis a{trace::build_trace({&cfg, &k, 0, o.seed, 0}), {}};
  a.result = montecarlo::run_montecarlo(a.trace, cfg, o, montecarlo::local_trials(a.trace, cfg, {}, o.seed, jobs));
  return a;
}

double level(const Analysis& a, Level l) { return a.result.levels[static_cast<int>(l)].mean; }

// Two loads of one element, one after the other in a sequence: the second finds the line the
// first brought in, in every ordering.
const char* kTwice = R"(.array a 64MB
.launch threads_per_block=128 block_x=32 grid=fixed blocks=60
.loop 4
LD R1, [R0] ; array=a
LD R2, [R0] ; array=a
.endloop
)";

TEST(MonteCarlo, ALoadRepeatedInItsSequenceHitsTheL1HalfTheTimeAndNothingElseHits) {
  const Analysis a = analyse("fermi", kTwice);  // Fermi caches global loads in L1
  ASSERT_TRUE(a.result.measured[0] && a.result.measured[1]);
  EXPECT_DOUBLE_EQ(level(a, Level::L1Read), 0.5);
  EXPECT_DOUBLE_EQ(a.result.levels[0].sd, 0.0);
  EXPECT_DOUBLE_EQ(level(a, Level::L2Read), 0.0);  // every line is new to the L2
  EXPECT_FALSE(a.result.measured[2]);              // no store
  // §6.1: the first load misses both levels (X = Tm), the second hits the L1 (X = t1).
  ASSERT_EQ(a.result.loads.size(), 2u);
  EXPECT_DOUBLE_EQ(a.result.loads[0].latency.mean, a.result.tm);
  EXPECT_DOUBLE_EQ(a.result.loads[1].latency.mean, a.result.t1);
  EXPECT_DOUBLE_EQ(a.result.t1, 104);  // fermi.yaml: Baghsorkhi §2.1's 90 ns
}

TEST(MonteCarlo, WithoutAnL1TheRepeatedLoadHitsTheL2Instead) {
  const Analysis a = analyse("kepler", kTwice);  // Kepler's global loads bypass L1
  EXPECT_FALSE(a.result.measured[0]);
  EXPECT_DOUBLE_EQ(level(a, Level::L2Read), 0.5);
  EXPECT_DOUBLE_EQ(a.result.loads[1].latency.mean, a.result.t2);
}

TEST(MonteCarlo, AStoreHitsTheL2OnlyWhereAStoreBroughtTheSectorIn) {
  // Baghsorkhi §2.1: store, store again (a hit), then a store to a line a load brought in (a miss).
  const Analysis a = analyse("fermi", R"(.array a 64MB
.array b 64MB
.launch threads_per_block=64 grid=fixed blocks=30
ST [R0], R1 ; array=a
ST [R0], R1 ; array=a
LD R2, [R0] ; array=b
ST [R0], R2 ; array=b
)");
  ASSERT_TRUE(a.result.measured[2]);
  EXPECT_DOUBLE_EQ(level(a, Level::L2Write), 1.0 / 3.0);
}

TEST(MonteCarlo, OneLineEveryWarpReadsMissesOncePerSmInTheL1AndOnceInTheL2) {
  // 60 blocks of 4 warps, 4 loads each, all of the same 32 words (tx is the lane with block_x=32):
  // each of Fermi's 15 SMs
  // runs 4 blocks, 64 loads of one line's 4 sectors, and misses only the first; the 15 misses
  // reach the L2, where only the first SM's misses. In any ordering.
  const Analysis a = analyse("fermi", R"(.array a 64MB
.launch threads_per_block=128 block_x=32 grid=fixed blocks=60
.loop 4
LD R1, [R0] ; pattern=affine index=tx
.endloop
)");
  EXPECT_DOUBLE_EQ(level(a, Level::L1Read), 1 - 4.0 / 256);
  EXPECT_DOUBLE_EQ(level(a, Level::L2Read), 14.0 / 15);
  EXPECT_DOUBLE_EQ(a.result.levels[1].sd, 0.0);
}

const char* kRandom = R"(.array a 2MB
.launch threads_per_block=256 grid=fixed blocks=90
.loop 8
LD R1, [R0] ; pattern=random
.endloop
)";

TEST(MonteCarlo, TheSameSeedGivesTheSameTrialsWithAnyNumberOfThreadsAndAnotherSeedOthers) {
  montecarlo::MonteCarloOptions o;
  o.max_trials = 12;
  o.min_trials = 12;
  const Analysis one = analyse("fermi", kRandom, o, 1), two = analyse("fermi", kRandom, o, 2);
  ASSERT_EQ(one.result.trials.size(), 12u);
  EXPECT_EQ(one.result.trials, two.result.trials);
  EXPECT_GT(one.result.levels[1].sd, 0.0);  // the orderings differ, and so do the L2's hits
  o.seed = 2;
  const Analysis other = analyse("fermi", kRandom, o, 2);
  EXPECT_NE(one.result.trials, other.result.trials);
}

TEST(MonteCarlo, RandomLoadsHitTheL2InProportionToTheShareOfTheArrayItHolds) {
  // 90 blocks x 8 warps x 8 loads x 32 lanes, each a random 4-byte word of 2 MB: once the 768 KB
  // L2 is warm, a sector is there with probability about 768 KB / 2 MB.
  const Analysis a = analyse("fermi", kRandom);
  EXPECT_NEAR(level(a, Level::L2Read), 0.375, 0.03);
}

TEST(MonteCarlo, TheRunStopsOnceTheSpreadSettlesAndNotBeforeTheLeastTrials) {
  montecarlo::MonteCarloOptions o;
  o.max_trials = 40;
  o.min_trials = 20;
  o.tolerance = 1.0;  // any spread is settled
  const Analysis settled = analyse("fermi", kRandom, o, 2);
  EXPECT_TRUE(settled.result.converged);
  EXPECT_EQ(settled.result.trials.size(), 20u);
  o.tolerance = 0;  // never, while σ still moves
  const Analysis never = analyse("fermi", kRandom, o, 2);
  EXPECT_FALSE(never.result.converged);
  EXPECT_EQ(never.result.trials.size(), 40u);
  EXPECT_EQ(never.result.sd_after.size(), 40u);
}

}  // namespace
}  // namespace warpsim
