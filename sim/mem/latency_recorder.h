// Records latencies (in cycles) into a fixed-size histogram plus exact min/max/mean, so every
// transaction or access can be recorded without allocation; percentiles come from the histogram
// (exact to 1 cycle below kLinearLimit, within 1/64 relative width above).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsim::mem {

struct LatencySummary {
  uint64_t count = 0;
  double mean = 0;
  uint64_t min = 0, p5 = 0, p25 = 0, p50 = 0, p75 = 0, p95 = 0, max = 0;
};

struct HistogramBin {
  uint64_t lo = 0;  // inclusive, cycles
  uint64_t hi = 0;  // exclusive, cycles
  uint64_t count = 0;
};

class LatencyRecorder {
 public:
  static constexpr uint64_t kLinearLimit = 4096;  // one bin per cycle below this
  static constexpr int kSubBins = 64;             // log-spaced sub-bins per power of two above

  void record(uint64_t latency);
  void merge(const LatencyRecorder& other);
  uint64_t count() const { return count_; }
  LatencySummary summary() const;
  uint64_t percentile(double p) const;  // p in [0, 100]
  // Histogram with `bins` equal-width bins between min and max (for reports and plots).
  std::vector<HistogramBin> histogram(int bins) const;

 private:
  static size_t bin_of(uint64_t latency);
  static uint64_t bin_lo(size_t bin);

  std::vector<uint64_t> bins_;  // grown on first use to the size needed
  uint64_t count_ = 0;
  uint64_t min_ = ~uint64_t{0};
  uint64_t max_ = 0;
  long double sum_ = 0;
};

}  // namespace warpsim::mem
