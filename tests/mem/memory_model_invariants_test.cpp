// Invariants every queueing memory model keeps (`queue`, `dram`, `servers`): each transaction completes
// exactly once, after its submission, in time order; the same inputs give the same completions.
#include <gtest/gtest.h>

#include "config/config_enums.h"
#include "mem/random_traffic.h"

namespace warpsim::mem {
namespace {

using test_traffic::model_config;
using test_traffic::random_traffic;

struct ModelCase {
  config::MemoryModelKind model;
  int transactions;  // `dram` simulates every command: fewer keep the test fast
};

class QueueingModel : public ::testing::TestWithParam<ModelCase> {};

TEST_P(QueueingModel, EveryTransactionCompletesOnceAfterItsSubmissionInTimeOrder) {
  const config::HwConfig c = model_config("kepler", GetParam().model);
  const int n = GetParam().transactions;
  std::vector<uint64_t> submit_at;
  const auto done = random_traffic(c, n, 3, &submit_at);
  ASSERT_EQ(done.size(), size_t(n));
  std::vector<int> seen(size_t(n), 0);
  for (size_t i = 0; i < done.size(); ++i) {
    ++seen[done[i].tag];
    if (i > 0) {
      ASSERT_LE(done[i - 1].time, done[i].time);
    }
    ASSERT_GT(done[i].time, submit_at[done[i].tag]);
  }
  for (int s : seen) ASSERT_EQ(s, 1);
}

TEST_P(QueueingModel, SameInputsGiveTheSameCompletions) {
  const config::HwConfig c = model_config("fermi", GetParam().model);
  const int n = GetParam().transactions / 4;
  const auto a = random_traffic(c, n, 11);
  const auto b = random_traffic(c, n, 11);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].time, b[i].time);
    ASSERT_EQ(a[i].tag, b[i].tag);
  }
}

// A model behind the caches records no latency (nothing reads it): its completions are the same,
// its transaction_latencies() empty; a model on its own records one per transaction. With and
// without Kepler's L2 in front.
TEST_P(QueueingModel, AModelBuiltNotToRecordLatenciesCompletesAlikeAndRecordsNone) {
  for (bool caches : {true, false}) {
    config::HwConfig c = model_config("kepler", GetParam().model);
    if (!caches) c.memory.l2.slices = 0, c.memory.l1.bytes = 0;
    const int n = GetParam().transactions / 20;
    const auto run = [&](bool records, uint64_t& recorded) {
      MemorySystemSpec spec{&c, c.device.sms, 5};
      spec.records_latencies = records;
      auto m = make_memory_system(spec);
      std::vector<Completion> done;
      for (int i = 0; i < n; ++i) {
        const uint64_t now = static_cast<uint64_t>(i) * 2;
        m->advance(now, done);
        m->submit(Transaction{static_cast<uint64_t>(i) * 4096 % (1ull << 28), 32, i % 5 == 0, static_cast<uint16_t>(i % c.device.sms),
                              static_cast<uint32_t>(i)},
                  now);
      }
      while (m->next_event_time() != kNever) m->advance(m->next_event_time(), done);
      recorded = m->transaction_latencies().count();
      return done;
    };
    uint64_t with = 0, without = 0;
    const auto a = run(true, with), b = run(false, without);
    EXPECT_EQ(with, uint64_t(n)) << caches;
    EXPECT_EQ(without, 0u) << caches;
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(a[i].time, b[i].time);
      ASSERT_EQ(a[i].tag, b[i].tag);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, QueueingModel,
                         ::testing::Values(ModelCase{config::MemoryModelKind::Queue, 50000},
                                           ModelCase{config::MemoryModelKind::Dram, 20000},
                                           ModelCase{config::MemoryModelKind::Servers, 50000}),
                         [](const auto& info) { return std::string(config::to_string(info.param.model)); });

}  // namespace
}  // namespace warpsim::mem
