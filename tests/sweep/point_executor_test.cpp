#include "sweep/point_executor.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "common/user_error.h"

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
  for (const auto& o : drain(pool)) EXPECT_EQ(o.status, std::vector<int>({PointOutcome::kOk, PointOutcome::kUserError, PointOutcome::kBug})[o.index]);
}

}  // namespace warpsim::sweep
