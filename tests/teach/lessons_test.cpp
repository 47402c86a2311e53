// Each lesson of `warpsim teach` against the rule it teaches, on the data its figure draws
// (sim/teach/): a lesson whose simulations stopped showing the concept fails here.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "common/user_error.h"
#include "config/loader.h"
#include "model/hw_params.h"
#include "model/volkov_model.h"
#include "support/test_support.h"
#include "teach/lesson.h"

namespace warpsim::teach {
namespace {

Lesson run(const std::string& concept_name, const std::string& gpu = "") {
  const Concept& c = find_concept(concept_name);
  LessonInput in;
  in.cfg = test::builtin(gpu.empty() ? c.default_gpu : gpu);
  in.jobs = 2;
  return c.run(in);
}

// y at the largest x not above `x` on a series sorted by x.
double at(const Series& s, double x) {
  double y = std::nan("");
  for (size_t i = 0; i < s.x.size(); ++i)
    if (s.x[i] <= x) y = s.y[i];
  return y;
}

double max_y(const Series& s) { return *std::max_element(s.y.begin(), s.y.end()); }

const Series& named_prefix(const Figure& f, const std::string& prefix) {
  for (const auto& s : f.series)
    if (s.name.rfind(prefix, 0) == 0) return s;
  throw std::logic_error("no series " + prefix);
}

TEST(TeachLessons, LittlesLawNeededWarpsAreLatencyTimesPeakAndTheCurveSaturatesThere) {
  for (const std::string gpu : {"toy", "kepler"}) {
    const Lesson l = run("littles_law", gpu);
    const Series& sim = l.figure.find("simulated");
    const double peak = named_prefix(l.figure, "peak").y.front();
    const double needed = named_prefix(l.figure, "needed").x.front();
    const Series& bound = named_prefix(l.figure, "latency-bound");
    const double latency = bound.x.back() / bound.y.back();  // the dashed line is n / latency up to the peak
    EXPECT_NEAR(needed, latency * peak, 1e-9 * needed) << gpu;
    // Saturated one scheduler step past the law's occupancy; latency-bound at half of it.
    EXPECT_GE(at(sim, needed + 4), 0.95 * peak) << gpu;
    EXPECT_LE(at(sim, needed / 2), 0.6 * peak) << gpu;
    EXPECT_NEAR(at(sim, needed / 2), std::floor(needed / 2) / latency, 0.05 * peak) << gpu;
    EXPECT_NE(l.text.find("warps in flight needed"), std::string::npos);
  }
}

TEST(TeachLessons, LatencyVsThroughputSimulatedCurveStaysUnderBothBoundsAndStallsSwitchAtTheKnee) {
  const Lesson l = run("latency_vs_throughput");
  const Series& sim = l.figure.find("simulated");
  const Series& lat = named_prefix(l.figure, "latency bound");
  const double bound = named_prefix(l.figure, "throughput bound").y.front();
  const double knee = named_prefix(l.figure, "bounds meet").x.front();
  // 3%: the latency bound counts each warp's termination (§3.7), which whole-run timing of many
  // waves spreads thinner than one warp's path does.
  for (size_t i = 0; i < sim.x.size(); ++i) EXPECT_LE(sim.y[i], 1.03 * std::min(sim.x[i] * lat.y.back() / lat.x.back(), bound)) << sim.x[i];
  const Series& waiting = l.figure.find("waiting on a dependency (latency)");
  const Series& busy = l.figure.find("ready but the unit is busy (throughput)");
  EXPECT_GT(waiting.y.front(), 0.5);                            // few warps: waiting on latency
  EXPECT_LT(at(waiting, sim.x.back()), 0.05);                   // many: none waits on latency...
  EXPECT_GT(at(busy, sim.x.back()), at(busy, knee / 2) + 0.1);  // ...a unit is busy
}

TEST(TeachLessons, WarpsVsInstructionsNeededWarpsAreAddsPlusLoadsInFlightAsInFigure4_7) {
  const Lesson l = run("warps_vs_instructions");  // the toy GPU: alu_lat 3, mem_lat 12, 1 IPC
  const double both = named_prefix(l.figure, "adds + loads in flight").x.front();
  const double adds = named_prefix(l.figure, "adds alone").x.front();
  EXPECT_NEAR(adds, 3, 0.1);  // 3 cycles x 1 IPC
  EXPECT_NEAR(both, 6, 0.2);  // + 12 cycles x 0.25 IPC
  const Series& sim = l.figure.find("simulated");
  EXPECT_LT(at(sim, 5), 0.9 * max_y(sim));  // 5 warps are not enough (§4.6)
  EXPECT_GE(at(sim, 6), 0.97 * max_y(sim));
  EXPECT_FALSE(l.figure.find("add issued").x.empty());
  EXPECT_FALSE(l.figure.find("load issued").x.empty());
}

TEST(TeachLessons, CuspMaximumLiesWithinOneAlphaStepOfWhereSection4_5PutsIt) {
  const Lesson l = run("cusp");  // maxwell
  const Series& sim = l.figure.find("simulated (gaps: 90% not reached)");
  const double alpha_cusp = named_prefix(l.figure, "α = adds peak / loads peak").x.front();
  size_t top = 0;
  for (size_t i = 0; i < sim.y.size(); ++i)
    if (sim.y[i] > sim.y[top]) top = i;
  EXPECT_LT(std::abs(std::log2(sim.x[top] / alpha_cusp)), 1.0) << "max at α = " << sim.x[top];
  // Non-monotonic: the maximum stands above both ends (§4.5).
  EXPECT_GT(sim.y[top], 1.2 * sim.y.back());
  EXPECT_GT(sim.y[top], 1.2 * sim.y.front());
  // §4.5's α from the config's own numbers lies within the same step.
  const model::CuspAnalysis m = model::cusp_analysis(model::derive_hw_params(test::builtin("maxwell")));
  EXPECT_LT(std::abs(std::log2(m.alpha_cusp / alpha_cusp)), 1.0);
}

TEST(TeachLessons, GradualSaturationSimulatedCurveIsBelowTheSharpKneeNearTheKnee) {
  const Lesson l = run("gradual_saturation");
  const Series& sim = l.figure.find("simulated");
  const Series& model = l.figure.find("basic model: sharp knee");
  const double knee = model.x[1], peak = model.y[1];
  EXPECT_LT(at(sim, knee), 0.92 * peak);  // the sharp knee is at 100% of it
  EXPECT_GE(max_y(sim), 0.999 * peak);    // the model's peak is the simulated one
  // Latency grows with throughput (the second panel).
  const Series& lat = l.figure.series.at(3);
  ASSERT_EQ(lat.panel, 1);
  EXPECT_GT(lat.y.back(), 1.15 * lat.y.front());
}

TEST(TeachLessons, OccupancyOscillationSeventeenWarpsLoseThroughputAndOccupancyOnKepler) {
  const Lesson l = run("occupancy_oscillation");
  const Series& sim = l.figure.find("simulated");
  EXPECT_LT(at(sim, 17), 0.92 * at(sim, 16));  // §5.8: ~15% less
  const Series& odd = l.figure.find("17 warps, blocks of 17");
  double weighted = 0;
  for (size_t i = 0; i + 1 < odd.x.size(); ++i) weighted += odd.y[i] * (odd.x[i + 1] - odd.x[i]);
  EXPECT_LT(weighted / (odd.x.back() - odd.x.front()), 0.9 * 17);  // the timeline sags
  EXPECT_NE(l.text.find("4 schedulers;"), std::string::npos) << l.text;
  EXPECT_NE(l.text.find("one scheduler gets an extra warp"), std::string::npos) << l.text;
  // One scheduler (the toy): §5.8's mechanism is not told where it cannot happen.
  const Lesson one = run("occupancy_oscillation", "toy");
  EXPECT_NE(one.text.find("1 scheduler;"), std::string::npos) << one.text;
  EXPECT_EQ(one.text.find("one scheduler gets an extra warp"), std::string::npos) << one.text;
  EXPECT_NE(one.text.find("none gets an extra one"), std::string::npos) << one.text;
}

// §5.9 on the H100 (FADD latency 4, one issue per clock: k = 4): age priority follows
// n / (4 ceil(n / 4)) per scheduler, 5/8 at 5 warps and 7/8 at 7; round-robin stays at the rate.
TEST(TeachLessons, PersistentThreadsDipAsAgePriorityPredictsAndRoundRobinDoesNot) {
  const Lesson l = run("persistent_threads");
  const Series& own = named_prefix(l.figure, "simulated, gto");
  const Series& rule = l.figure.find("n / (k x ceil(n / k))");
  const Series& lrr = l.figure.find("simulated, round-robin");
  ASSERT_EQ(own.x.size(), 16u);
  EXPECT_NEAR(at(rule, 20), 5.0 / 8, 1e-12);
  EXPECT_NEAR(at(rule, 28), 7.0 / 8, 1e-12);
  for (size_t i = 0; i < own.x.size(); ++i) {
    EXPECT_NEAR(own.y[i], rule.y[i], 0.03) << own.x[i] << " warps/SM";
    if (own.x[i] >= 16) {
      EXPECT_GT(lrr.y[i], 0.95) << own.x[i] << " warps/SM";
    }
  }
}

TEST(TeachLessons, BankConflictKWayTakesAboutKTimesTheCycles) {
  const Lesson l = run("bank_conflicts");
  const Series& sim = l.figure.series.front();
  ASSERT_EQ(sim.name, "simulated");
  for (size_t i = 0; i < sim.x.size(); ++i) EXPECT_NEAR(sim.y[i] / sim.y.front(), sim.x[i], 0.1 * sim.x[i]) << sim.x[i] << "-way";
  // The latency panel, one warp on the SM: a dependent LDS takes the config's latency (Table 6.2)
  // and each extra pass its replay (Kepler 24 and 32, Maxwell 24 and 2, G80 by half-warps, 16-way at
  // most). The Result's windowed instruction and warp counts once made these 0.81x too small, and
  // one warp per scheduler queued Maxwell's 32-way LDS for its one unit (128 cycles, not 86).
  for (const std::string gpu : {"kepler", "maxwell", "g80"}) {
    const Lesson g = run("bank_conflicts", gpu);
    const config::HwConfig cfg = test::builtin(gpu);
    const auto lat = std::find_if(g.figure.series.begin(), g.figure.series.end(), [](const Series& s) { return s.panel == 1; });
    ASSERT_NE(lat, g.figure.series.end());
    EXPECT_EQ(lat->x.back(), gpu == "g80" ? 16 : 32) << gpu;
    for (size_t i = 0; i < lat->x.size(); ++i)
      EXPECT_NEAR(lat->y[i], cfg.smem.latency_cycles + cfg.smem.replay_latency_cycles * (lat->x[i] - 1), 0.01 * lat->y[i])
          << gpu << " " << lat->x[i] << "-way";
    EXPECT_NE(g.text.find(fmt::format("and {} more cycles of latency per extra pass", cfg.smem.replay_latency_cycles)), std::string::npos)
        << g.text;
  }
}

TEST(TeachLessons, CoalescingStridedAccessMovesMoreTransactionsPerRequest) {
  const Lesson l = run("coalescing");
  const Series& t = l.figure.find("strided");
  ASSERT_EQ(t.panel, 0);
  for (size_t i = 1; i < t.y.size(); ++i) EXPECT_GE(t.y[i], t.y[i - 1]);
  EXPECT_NEAR(t.y[1], 2 * t.y[0], 1e-9);  // stride 2: twice the segments
  EXPECT_GT(t.y.back(), 4 * t.y.front());
  EXPECT_GE(named_prefix(l.figure, "random").y.front(), t.y.back());
}

TEST(TeachLessons, UnknownConceptIsAnErrorThatSuggestsTheClosest) {
  try {
    find_concept("litles_law");
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'littles_law'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(find_concept("bank-conflicts").name, "bank_conflicts");
}

TEST(TeachLessons, FigureDataAreLongFormCsvWithBlanksForLinesAcrossAPanel) {
  Figure f;
  f.panels = {{"t", "x", "y"}};
  f.add(0, "a, b", Style::kLine, {1, 2}, {3, 4});
  f.hline(0, "peak", 5);
  EXPECT_EQ(f.to_csv(), "panel,series,style,x,y\n0,\"a, b\",line,1,3\n0,\"a, b\",line,2,4\n0,peak,hline,,5\n");
}

}  // namespace
}  // namespace warpsim::teach
