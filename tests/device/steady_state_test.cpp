// Steady-state stopping (device/steady_state.h): the rule's statistics, and runs that stop early
// agreeing with the full runs within their stated half-width.
#include "device/steady_state.h"

#include <gtest/gtest.h>

#include <cmath>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/workload_parser.h"
#include "support/test_support.h"

namespace warpsim::device {
namespace {

// Volkov's mix (§4.1): a load and `alpha` dependent FADDs per iteration, over a grid of `waves`
// waves, long enough for the steady state to be worth stopping in.
isa::Kernel mix(const std::string& alpha, const std::string& pattern, int waves) {
  const std::string text = ".kernel mix\n.array data 512MB\n.launch grid=oversubscribed blocks_per_slot=" + std::to_string(waves) +
                           "\n.loop 16\n  LD R1, [R1] ; pattern=" + pattern + "\n  .repeat " + alpha +
                           "\n    FADD R1, R1, R2\n  .endrepeat\n.endloop\nEXIT\n";
  return isa::parse_workload(text, "<steady_state_test>");
}

Result run(const std::string& gpu, const isa::Kernel& k, int warps, bool steady, const std::vector<std::string>& sets = {}, int sms = 2) {
  RunOptions o;
  o.warps_per_sm = warps;
  o.sms = sms;
  o.stop_when_steady = steady;
  return simulate(sets.empty() ? test::builtin(gpu) : config::load_hw_config(gpu, sets), k, o);
}

}  // namespace

TEST(SteadyState, HalfWidthFollowsStudentTForUncorrelatedWindows) {
  // {1, 3, 1, 3}: mean 2, s = sqrt(4/3), lag-1 autocorrelation negative (taken as 0), so
  // h = t(0.975, 3) * s / (sqrt(4) * 2) = 3.182 * 1.1547 / 4.
  EXPECT_NEAR(relative_half_width({1, 3, 1, 3}), 3.182 * std::sqrt(4.0 / 3) / 4, 1e-9);
  EXPECT_EQ(relative_half_width({2, 2, 2, 2}), 0);
  EXPECT_TRUE(std::isinf(relative_half_width({2})));
}

TEST(SteadyState, CorrelatedWindowsCountAsFewerIndependentOnes) {
  // A slow drift: each window close to the last. Its interval must be wider than if the same
  // values came in alternating order.
  const std::vector<double> drift{1.0, 1.1, 1.2, 1.3, 1.4, 1.5}, shuffled{1.0, 1.3, 1.1, 1.4, 1.2, 1.5};
  EXPECT_GT(relative_half_width(drift), 1.5 * relative_half_width(shuffled));
}

TEST(SteadyState, OffByDefaultAndThenTheRunIsUnchanged) {
  EXPECT_FALSE(RunOptions{}.stop_when_steady);
  const isa::Kernel k = mix("4", "stream", 12);
  const Result a = run("maxwell", k, 16, false);
  EXPECT_FALSE(a.steady_stopped);
  EXPECT_EQ(a.cycles, simulate(test::builtin("maxwell"), k, RunOptions{16, 2}).cycles);
}

TEST(SteadyState, StoppedRunsAgreeWithTheFullRunWithinTheirHalfWidthAndSimulateLessThanHalf) {
  // The full run of N waves includes its first wave (all warps starting at once): its own
  // throughput may differ from the steady state by up to 1/N of it, hence the allowance.
  constexpr int kWaves = 32;
  struct Case {
    std::string gpu, alpha, pattern;
    int warps;
  };
  for (const Case& c : {Case{"maxwell", "32", "stream", 48}, Case{"maxwell", "1", "random", 16}, Case{"kepler", "1", "stream", 48},
                        Case{"kepler", "4", "stream", 16}}) {
    const isa::Kernel k = mix(c.alpha, c.pattern, kWaves);
    // Four SMs: a two-SM share of Maxwell is one DRAM channel, whose windows at α = 32 scatter by
    // more than 1% for longer than 32 waves.
    const Result full = run(c.gpu, k, c.warps, false, {}, 4), fast = run(c.gpu, k, c.warps, true, {}, 4);
    const std::string what = c.gpu + " alpha=" + c.alpha + " " + c.pattern + " " + std::to_string(c.warps) + " warps";
    ASSERT_TRUE(fast.steady_stopped) << what;
    EXPECT_LE(fast.steady_half_width, 0.01) << what;
    EXPECT_NEAR(fast.ipc_per_sm / full.ipc_per_sm, 1.0, fast.steady_half_width + 1.0 / kWaves) << what;
    EXPECT_LT(fast.total_cycles, full.total_cycles / 2) << what;
    // The measured interval is the kept windows: at least four waves of work.
    EXPECT_GE(fast.warps_executed, 4u * static_cast<uint64_t>(fast.launch.warps_per_sm) * 2) << what;
    // Little's law holds for the stopped run too: the warps resident at the stop count with their
    // time so far (Sm::finish); without them it was off by a few percent.
    EXPECT_LT(fast.little_law_error, 1e-9) << what;
  }
}

TEST(SteadyState, LockStepWavesConvergeExactlyAfterEightWaves) {
  // One block of 16 warps per SM whose waves repeat exactly: every window has the same
  // throughput, h = 0, and the run stops at the first test (8 windows, 4 kept). `fixed`: the
  // `servers` model's stand-ins for the other SMs arrive at pseudo-random phases, so its waves
  // differ.
  const isa::Kernel k = mix("4", "stream", 32);
  const std::vector<std::string> fixed{"memory.model=fixed"};
  const Result fast = run("maxwell", k, 16, true, fixed);
  ASSERT_TRUE(fast.steady_stopped);
  EXPECT_EQ(fast.steady_half_width, 0);
  EXPECT_EQ(fast.warps_executed, 4u * 16 * 2);
  // Exactly the throughput of the waves between 16 and 32 (warm-up cancels in the difference).
  const Result w16 = run("maxwell", mix("4", "stream", 16), 16, false, fixed), w32 = run("maxwell", k, 16, false, fixed);
  const double marginal =
      static_cast<double>(w32.warp_instructions - w16.warp_instructions) / static_cast<double>(w32.cycles - w16.cycles) / 2;
  EXPECT_NEAR(fast.ipc_per_sm, marginal, 1e-6 * marginal);
}

TEST(SteadyState, GridsTooShortToConvergeRunToTheEndUnchanged) {
  // Six waves: five refilled windows at most, fewer than the eight the rule needs; one wave:
  // no refill at all.
  for (int waves : {6, 1}) {
    const isa::Kernel k = mix("8", "stream", waves);
    const Result full = run("kepler", k, 32, false), steady = run("kepler", k, 32, true);
    EXPECT_FALSE(steady.steady_stopped) << waves;
    EXPECT_EQ(steady.cycles, full.cycles) << waves;
    EXPECT_EQ(steady.warp_instructions, full.warp_instructions) << waves;
    EXPECT_EQ(steady.ipc_per_sm, full.ipc_per_sm) << waves;
  }
}

}  // namespace warpsim::device
