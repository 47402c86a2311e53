// The simgrid memory model against closed forms of max-min sharing on Kepler (8 SMs, 4 channels
// of 154/4 GB/s at 1.124 GHz: Bc = 38.5e9 / 1.124e9 = 34.25 bytes/cycle per channel; with one LSU
// pass per sector, Table 6.7's reading, an unloaded 32-byte transaction takes 301 - 3 x 33 = 202
// cycles, of which 32 / Bc = 0.93 cycle is its transfer).
#include <gtest/gtest.h>

#include <cmath>

#include "config/loader.h"
#include "mem/simgrid/simgrid_test_util.h"
#include "support/test_support.h"

namespace warpsim::mem::simgrid {
namespace {

using test::address_on_channel;
using test::drive;
using test::Submit;

constexpr double kBc = 38.5e9 / 1.124e9;  // bytes per cycle of one Kepler channel

Transaction read(uint64_t address, uint32_t bytes, uint16_t sm, uint32_t tag) { return Transaction{address, bytes, false, sm, tag}; }
Transaction write(uint64_t address, uint32_t bytes, uint16_t sm, uint32_t tag) { return Transaction{address, bytes, true, sm, tag}; }

uint64_t time_of(const test::Driven& d, uint32_t tag) {
  for (const auto& c : d.completions)
    if (c.tag == tag) return c.time;
  ADD_FAILURE() << "no completion for tag " << tag;
  return 0;
}

class SimGridMemoryKepler : public ::testing::Test {
 protected:
  config::HwConfig cfg = config::load_hw_config("kepler", {"lsu.issue_unit=transaction", "lsu.transaction_issue_cycles=33"});
  uint64_t ch0 = address_on_channel(cfg, 0);
  uint64_t ch1 = address_on_channel(cfg, 1);
};

TEST_F(SimGridMemoryKepler, LoneTransactionTakesTheUnloadedLatency) {
  const auto d = drive(cfg, 8, {{100, read(ch0, 32, 3, 7)}});
  ASSERT_EQ(d.completions.size(), 1u);
  EXPECT_EQ(d.completions[0].time, 100u + 202);
  EXPECT_EQ(d.completions[0].sm, 3);
  EXPECT_EQ(d.latency.min, 202u);
  EXPECT_EQ(d.latency.max, 202u);
}

TEST_F(SimGridMemoryKepler, TwoSmsOnOneChannelShareItsBandwidthAndFinishTogether) {
  // Both 128-byte flows get Bc / 2: each ends after 256 / Bc; completion = 202 - 32/Bc + 256/Bc.
  const auto d = drive(cfg, 8, {{0, read(ch0, 128, 0, 1)}, {0, read(ch0 + 128, 128, 1, 2)}});
  const uint64_t expected = static_cast<uint64_t>(std::ceil(202 + 224 / kBc));  // 208.5 -> 209
  EXPECT_EQ(time_of(d, 1), expected);
  EXPECT_EQ(time_of(d, 2), expected);
}

TEST_F(SimGridMemoryKepler, OneSmsTransactionsToOneChannelGoInOrderNotShared) {
  // Same connection: the first has the channel alone (202 + 96/Bc), the second follows it.
  const auto d = drive(cfg, 8, {{0, read(ch0, 128, 0, 1)}, {0, read(ch0 + 128, 128, 0, 2)}});
  EXPECT_EQ(time_of(d, 1), static_cast<uint64_t>(std::ceil(202 + 96 / kBc)));   // 204.8 -> 205
  EXPECT_EQ(time_of(d, 2), static_cast<uint64_t>(std::ceil(202 + 224 / kBc)));  // 208.5 -> 209
}

TEST_F(SimGridMemoryKepler, SaturatedChannelDeliversItsWholeBandwidth) {
  // 800 transactions of 32 bytes from all 8 SMs at once on one channel: the channel never idles,
  // so the last ends 800 x 32 / Bc after the first starts.
  std::vector<Submit> s;
  for (uint32_t i = 0; i < 800; ++i) s.push_back({0, read(ch0 + 32 * (i % 8), 32, static_cast<uint16_t>(i % 8), i)});
  const auto d = drive(cfg, 8, s);
  ASSERT_EQ(d.completions.size(), 800u);
  EXPECT_EQ(d.completions.back().time, static_cast<uint64_t>(std::ceil(202 + 799 * 32 / kBc)));  // 948.5 -> 949
}

TEST_F(SimGridMemoryKepler, ReadsAndWritesShareTheChannelBus) {
  const auto d = drive(cfg, 8, {{0, read(ch0, 128, 0, 1)}, {0, write(ch0 + 128, 128, 1, 2)}});
  const uint64_t expected = static_cast<uint64_t>(std::ceil(202 + 224 / kBc));
  EXPECT_EQ(time_of(d, 1), expected);
  EXPECT_EQ(time_of(d, 2), expected);
}

TEST_F(SimGridMemoryKepler, AnSmPortCarriesReadsAndWritesInSeparateDirections) {
  // SM 0 reads from channel 0 and writes to channel 1: nothing shared, both as if alone.
  const auto d = drive(cfg, 8, {{0, read(ch0, 128, 0, 1)}, {0, write(ch1, 128, 0, 2)}});
  EXPECT_EQ(time_of(d, 1), static_cast<uint64_t>(std::ceil(202 + 96 / kBc)));
  EXPECT_EQ(time_of(d, 2), static_cast<uint64_t>(std::ceil(202 + 96 / kBc)));
}

TEST_F(SimGridMemoryKepler, ANarrowSmPortIsSharedByItsFlows) {
  // Port of 10 GB/s (Bp = 8.9 bytes/cycle) below a channel: two 32-byte reads of SM 0 from two
  // channels share it, so both end 2 x 32 / Bp after the request; alone, one takes 32 / Bp.
  const auto narrow =
      config::load_hw_config("kepler", {"lsu.issue_unit=transaction", "lsu.transaction_issue_cycles=33", "memory.sm_port_gbps=10"});
  const double bp = 10e9 / 1.124e9;
  const auto d = drive(narrow, 8, {{0, read(ch0, 32, 0, 1)}, {0, read(ch1, 32, 0, 2)}});
  const uint64_t expected = static_cast<uint64_t>(std::ceil(202 + 32 / bp));
  EXPECT_EQ(time_of(d, 1), expected);
  EXPECT_EQ(time_of(d, 2), expected);
}

TEST_F(SimGridMemoryKepler, CompletionsComeInTimeThenSubmissionOrder) {
  std::vector<Submit> s;
  for (uint32_t i = 0; i < 64; ++i) s.push_back({i / 8, read(1 << 20 | (i * 4096), 32, static_cast<uint16_t>(i % 8), i)});
  const auto d = drive(cfg, 8, s);
  ASSERT_EQ(d.completions.size(), 64u);
  for (size_t i = 1; i < d.completions.size(); ++i) {
    const auto& a = d.completions[i - 1];
    const auto& b = d.completions[i];
    EXPECT_TRUE(a.time < b.time || (a.time == b.time && a.tag < b.tag)) << i;
  }
}

TEST_F(SimGridMemoryKepler, SameScriptGivesSameCompletionsWhateverRanBefore) {
  std::vector<Submit> s;
  for (uint32_t i = 0; i < 500; ++i) s.push_back({i * 3 / 7, read(1 << 20 | (i * 96), 32, static_cast<uint16_t>(i % 8), i)});
  const auto first = drive(cfg, 8, s);
  drive(warpsim::test::builtin("maxwell"), 3, {{5, read(ch1, 64, 2, 0)}});  // moves SimGrid's clock on
  const auto second = drive(cfg, 8, s);
  ASSERT_EQ(first.completions.size(), second.completions.size());
  for (size_t i = 0; i < first.completions.size(); ++i) {
    EXPECT_EQ(first.completions[i].time, second.completions[i].time) << i;
    EXPECT_EQ(first.completions[i].tag, second.completions[i].tag) << i;
  }
}

}  // namespace
}  // namespace warpsim::mem::simgrid
