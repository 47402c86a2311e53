#include "sweep/point_executor.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "common/user_error.h"
#include "sweep/sweep_runner.h"

namespace warpsim::sweep {
namespace {

std::vector<PointOutcome> drain(PointExecutor& pool) {
  std::vector<PointOutcome> all;
  while (pool.in_flight() > 0) {
    for (auto& o : pool.take_done()) all.push_back(std::move(o));
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return all;
}

}  // namespace

TEST(PointExecutor, ReturnsEverySubmittedPointOnceWithItsLine) {
  PointExecutor pool(3, [](size_t i) { return "line " + std::to_string(i); });
  for (size_t i : {5u, 1u, 9u, 2u}) pool.submit(i);
  EXPECT_EQ(pool.in_flight(), 4u);
  std::set<size_t> seen;
  for (const auto& o : drain(pool)) {
    EXPECT_EQ(o.status, PointOutcome::kOk);
    EXPECT_EQ(o.text, "line " + std::to_string(o.index));
    EXPECT_TRUE(seen.insert(o.index).second);
  }
  EXPECT_EQ(seen, (std::set<size_t>{1, 2, 5, 9}));
}

TEST(PointExecutor, FailuresComeBackAsOutcomesWithTheExitStatusOfTheirKind) {
  PointExecutor pool(2, [](size_t i) -> std::string {
    if (i == 1) throw UserError(Diagnostic{"<cli>", 0, 0, "--warps", "bad"});
    if (i == 2) throw std::logic_error("bug");
    return "ok";
  });
  for (size_t i = 0; i < 3; ++i) pool.submit(i);
  for (const auto& o : drain(pool))
    EXPECT_EQ(o.status, std::vector<int>({PointOutcome::kOk, PointOutcome::kUserError, PointOutcome::kBug})[o.index]);
}

// The local sweep submits while the workers run: a point submitted after a failure must not start.
TEST(PointExecutor, APointSubmittedAfterAFailureIsDropped) {
  std::vector<size_t> run;
  PointExecutor pool(1, [&](size_t i) -> std::string {
    run.push_back(i);
    throw UserError(Diagnostic{"<cli>", 0, 0, "--set", "bad"});
  });
  pool.submit(7);
  ASSERT_EQ(pool.wait_done().size(), 1u);
  pool.submit(8);
  EXPECT_EQ(pool.in_flight(), 0u);
  EXPECT_TRUE(pool.wait_done().empty());
  EXPECT_EQ(run, (std::vector<size_t>{7}));
}

}  // namespace warpsim::sweep

namespace warpsim::sweep {

// Lines reach the writer as their points finish, not in grid order: a killed sweep keeps every
// finished point although the costliest (started first) are rarely the first in grid order.
TEST(RunLocal, EmitsEachLineAsItsPointFinishes) {
  std::vector<size_t> emitted;
  run_local(
      {0, 1, 2, 3, 4}, 1, [](size_t i) { return std::to_string(i); },
      [&](size_t i, const std::string& line) {
        EXPECT_EQ(line, std::to_string(i));
        emitted.push_back(i);
      },
      {4, 2, 0, 3, 1});
  EXPECT_EQ(emitted, (std::vector<size_t>{4, 2, 0, 3, 1}));
}

TEST(RunLocal, AFailureStartsNoNewPointAndIsRethrownAfterTheFinishedOnesAreEmitted) {
  std::vector<size_t> run, emitted;
  auto line = [&](size_t i) -> std::string {
    run.push_back(i);
    if (i == 3) throw UserError(Diagnostic{"<cli>", 0, 0, "--set", "bad"});
    return "ok";
  };
  EXPECT_THROW(run_local({0, 1, 2, 3, 4}, 1, line, [&](size_t i, const std::string&) { emitted.push_back(i); }, {4, 3, 2, 1, 0}),
               UserError);
  EXPECT_EQ(run, (std::vector<size_t>{4, 3}));
  EXPECT_EQ(emitted, (std::vector<size_t>{4}));
}

TEST(PointExecutor, WaitDoneBlocksUntilAPointFinishesAndAFailureStartsNoQueuedPoint) {
  std::vector<size_t> run;
  PointExecutor pool(1, [&](size_t i) -> std::string {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    run.push_back(i);
    if (i == 1) throw std::logic_error("bug");
    return std::to_string(i);
  });
  for (size_t i = 0; i < 4; ++i) pool.submit(i);
  const auto first = pool.wait_done();
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].index, 0u);
  const auto second = pool.wait_done();
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].status, PointOutcome::kBug);
  EXPECT_EQ(pool.in_flight(), 0u);
  EXPECT_TRUE(pool.wait_done().empty());  // nothing in flight: returns at once
  EXPECT_EQ(run, (std::vector<size_t>{0, 1}));
}

}  // namespace warpsim::sweep
