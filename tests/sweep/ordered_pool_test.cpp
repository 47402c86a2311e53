#include "sweep/ordered_pool.h"

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace warpsim::sweep {

TEST(OrderedPool, DeliversResultsInTaskOrderWhateverTheJobsAndFinishingOrder) {
  for (int jobs : {1, 2, 4, 8}) {
    // Early tasks take longest, so with several jobs later tasks finish first.
    OrderedPool<int> pool(12, jobs, [](size_t i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(12 - static_cast<int>(i)));
      return static_cast<int>(i * i);
    });
    for (size_t i = 0; i < 12; ++i) EXPECT_EQ(pool.next(), static_cast<int>(i * i)) << "jobs " << jobs;
  }
}

TEST(OrderedPool, AFailingTaskIsRethrownAtItsPlaceAfterTheResultsBeforeIt) {
  OrderedPool<std::string> pool(6, 3, [](size_t i) -> std::string {
    if (i == 3) throw std::runtime_error("task 3 failed");
    return std::to_string(i);
  });
  for (int i = 0; i < 3; ++i) EXPECT_EQ(pool.next(), std::to_string(i));
  EXPECT_THROW(pool.next(), std::runtime_error);
}

TEST(OrderedPool, StartsTasksInTheGivenOrderAndStillDeliversInTaskOrder) {
  std::vector<size_t> started;
  std::mutex m;
  OrderedPool<int> pool(5, 1, [&](size_t i) {
    std::lock_guard<std::mutex> lock(m);
    started.push_back(i);
    return static_cast<int>(10 * i);
  }, {4, 2, 0, 3, 1});
  for (int i = 0; i < 5; ++i) EXPECT_EQ(pool.next(), 10 * i);
  EXPECT_EQ(started, (std::vector<size_t>{4, 2, 0, 3, 1}));
}

TEST(OrderedPool, AFailureStartedEarlyStillLetsTheTasksBeforeItRun) {
  // Task 3 starts first and fails; tasks 0-2 must still run so that next() reaches it.
  for (int jobs : {1, 2}) {
    OrderedPool<std::string> pool(6, jobs, [](size_t i) -> std::string {
      if (i == 3) throw std::runtime_error("task 3 failed");
      return std::to_string(i);
    }, {3, 5, 4, 2, 1, 0});
    for (int i = 0; i < 3; ++i) EXPECT_EQ(pool.next(), std::to_string(i)) << "jobs " << jobs;
    EXPECT_THROW(pool.next(), std::runtime_error);
  }
}

TEST(OrderedPool, RunsTasksConcurrentlyWithSeveralJobs) {
  const auto start = std::chrono::steady_clock::now();
  OrderedPool<int> pool(4, 4, [](size_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return 0;
  });
  for (int i = 0; i < 4; ++i) pool.next();
  // Sleeping tasks overlap even on one core: 4 x 100 ms in well under 400 ms.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(300));
}

TEST(OrderedPool, EmptyPoolStartsNoThreads) {
  OrderedPool<int> pool(0, 4, [](size_t) { return 1; });
  EXPECT_EQ(pool.size(), 0u);
}

}  // namespace warpsim::sweep
