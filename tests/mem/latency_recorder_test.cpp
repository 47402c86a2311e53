// The latency recorder: exact percentiles below kLinearLimit, bounded relative error above, and
// merging equal to recording everything in one recorder.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "mem/latency_recorder.h"

namespace warpsim::mem {
namespace {

// Nearest-rank percentile of the raw samples (what the recorder approximates).
uint64_t exact_percentile(std::vector<uint64_t> v, double p) {
  std::sort(v.begin(), v.end());
  const auto rank = std::max<size_t>(1, static_cast<size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size()))));
  return v[rank - 1];
}

std::vector<uint64_t> samples(uint64_t lo, uint64_t hi, int n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint64_t> d(lo, hi);
  std::vector<uint64_t> v(static_cast<size_t>(n));
  for (auto& x : v) x = d(rng);
  return v;
}

}  // namespace

TEST(LatencyRecorder, PercentilesAreExactBelowTheLinearLimit) {
  const auto v = samples(200, 1000, 5000, 1);
  LatencyRecorder r;
  for (uint64_t x : v) r.record(x);
  for (double p : {5.0, 25.0, 50.0, 75.0, 95.0}) EXPECT_EQ(r.percentile(p), exact_percentile(v, p)) << p;
  const LatencySummary s = r.summary();
  EXPECT_EQ(s.count, v.size());
  EXPECT_EQ(s.min, *std::min_element(v.begin(), v.end()));
  EXPECT_EQ(s.max, *std::max_element(v.begin(), v.end()));
}

TEST(LatencyRecorder, PercentilesAboveTheLinearLimitAreWithinOneSubBin) {
  const auto v = samples(5000, 900000, 5000, 2);
  LatencyRecorder r;
  for (uint64_t x : v) r.record(x);
  for (double p : {5.0, 50.0, 95.0}) {
    const double e = static_cast<double>(exact_percentile(v, p));
    EXPECT_LE(static_cast<double>(r.percentile(p)), e) << p;  // a bin's lower edge
    EXPECT_GT(static_cast<double>(r.percentile(p)), e * (1.0 - 1.0 / LatencyRecorder::kSubBins)) << p;
  }
}

TEST(LatencyRecorder, MergingEqualsRecordingEverythingInOne) {
  const auto a = samples(1, 900, 3000, 3), b = samples(2000, 20000, 3000, 4);
  LatencyRecorder ra, rb, all;
  for (uint64_t x : a) {
    ra.record(x);
    all.record(x);
  }
  for (uint64_t x : b) {
    rb.record(x);
    all.record(x);
  }
  LatencyRecorder rb_then_a = rb;  // the other way round: the low pages are new to it
  rb_then_a.merge(ra);
  ra.merge(rb);
  for (double p : {0.0, 5.0, 25.0, 50.0, 75.0, 95.0, 100.0}) {
    EXPECT_EQ(ra.percentile(p), all.percentile(p)) << p;
    EXPECT_EQ(rb_then_a.percentile(p), all.percentile(p)) << p;
  }
  const auto ha = ra.histogram(40), hall = all.histogram(40);
  ASSERT_EQ(ha.size(), hall.size());
  uint64_t total = 0;
  for (size_t i = 0; i < ha.size(); ++i) {
    EXPECT_EQ(ha[i].count, hall[i].count);
    total += ha[i].count;
  }
  EXPECT_EQ(total, a.size() + b.size());
}

// The recorder tells a page not yet made by its null storage (latency_recorder.h, record()).
TEST(LatencyRecorder, AVectorThatNeverAllocatedHasNullStorage) {
  std::vector<std::vector<uint16_t>> pages(3);
  for (const auto& p : pages) EXPECT_EQ(p.data(), nullptr);
}

// A bin counts in 16 bits and carries past them: counts stay exact, recorded or merged.
TEST(LatencyRecorder, ABinPastSixteenBitsCarriesAndCountsStayExact) {
  LatencyRecorder r, s;
  for (int i = 0; i < 70'000; ++i) r.record(500);  // one wrap of bin 500, 4464 left in its 16 bits
  for (int i = 0; i < 30'000; ++i) r.record(501);
  EXPECT_EQ(r.count(), 100'000u);
  EXPECT_EQ(r.percentile(70), 500u);
  EXPECT_EQ(r.percentile(71), 501u);  // wrong if bin 500 lost its 65,536 carried samples
  auto h = r.histogram(2);
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].count, 70'000u);
  EXPECT_EQ(h[1].count, 30'000u);
  for (int i = 0; i < 40'000; ++i) s.record(501);  // merged: 70,000 in bin 501, a carry made by the sum
  r.merge(s);
  EXPECT_EQ(r.percentile(50), 500u);  // the 70,000th of 140,000: the last at 500
  EXPECT_EQ(r.percentile(51), 501u);
  h = r.histogram(2);
  EXPECT_EQ(h[0].count, 70'000u);
  EXPECT_EQ(h[1].count, 70'000u);
}

TEST(LatencyRecorder, LatenciesFarApartArePercentilesOfTheirOwnPages) {
  LatencyRecorder r;
  for (int i = 0; i < 90; ++i) r.record(300);
  for (int i = 0; i < 10; ++i) r.record(1'000'000);  // a page ~60 pages past the first
  EXPECT_EQ(r.percentile(50), 300u);
  EXPECT_EQ(r.percentile(90), 300u);
  EXPECT_GT(r.percentile(95), 1'000'000u * (1.0 - 1.0 / LatencyRecorder::kSubBins));
  EXPECT_EQ(r.summary().max, 1'000'000u);
}

}  // namespace warpsim::mem
