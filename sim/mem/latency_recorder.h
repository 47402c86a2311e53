// Records latencies (in cycles) into a fixed-size histogram plus exact min/max/mean, so every
// transaction or access can be recorded without allocation; percentiles come from the histogram
// (exact to 1 cycle below kLinearLimit, within 1/kSubBins relative width above). Bins count in 16 bits
// (every SM keeps two of these, and their pages were the third largest structure of a device run);
// a bin that passes 2^16 samples carries into its page's carry counts, made at the page's first
// carry, so counts stay exact. Bins are held in pages of
// kPageBins, made when a latency first falls in them: a run's latencies span a few hundred cycles
// above its unloaded latency, so most pages are never made, and growing copies nothing.
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
  uint64_t from_cache = 0;  // of them, loads whose data all came from a cache (add_from_cache)
};

class LatencyRecorder {
 public:
  // One bin per cycle below 1024 cycles (unloaded latencies, Table 6.2, lie below), then 128
  // log-spaced sub-bins per power of two: percentiles within 1/128 (0.8%) above.
  static constexpr int kLinearBits = 10;
  static constexpr uint64_t kLinearLimit = uint64_t{1} << kLinearBits;
  static constexpr int kSubBits = 7;
  static constexpr int kSubBins = 1 << kSubBits;

  LatencyRecorder() = default;
  // `records` false: a recorder that keeps nothing, for a memory model whose latencies nobody
  // reads (MemorySystemSpec::records_latencies).
  explicit LatencyRecorder(bool records) : records_(records) {}

  void record(uint64_t latency) {  // inline: once per transaction
    if (!records_) return;
    const size_t b = latency < kLinearLimit ? static_cast<size_t>(latency) : bin_of(latency);
    const size_t page = b >> kPageBits;
    // Null where the page is not made yet (an inner vector never assigned holds no storage).
    // Bounded in bytes, not pages: the page count would divide by sizeof(std::vector), and a
    // pointer past the pages (or off an empty vector's null) is undefined behaviour.
    const size_t bytes =
        static_cast<size_t>(reinterpret_cast<const char*>(pages_.data() + pages_.size()) - reinterpret_cast<const char*>(pages_.data()));
    Bin* bins = page * sizeof(pages_[0]) < bytes ? pages_[page].data() : nullptr;
    if (bins == nullptr) [[unlikely]]
      bins = make_page(page);
    if (++bins[b & (kPageBins - 1)] == 0) [[unlikely]]
      carry(b);
    ++count_;
    min_ = latency < min_ ? latency : min_;
    max_ = latency > max_ ? latency : max_;
    sum_ += latency;
  }
  void merge(const LatencyRecorder& other);
  uint64_t count() const { return count_; }
  LatencySummary summary() const;
  uint64_t percentile(double p) const;  // p in [0, 100]
  // Histogram with `bins` equal-width bins between min and max (for reports and plots).
  std::vector<HistogramBin> histogram(int bins) const;
  // Counts this recorder's samples (a subset of those `bins` were made from) into their from_cache.
  void add_from_cache(std::vector<HistogramBin>& bins) const;

 private:
  using Bin = uint16_t;
  static size_t bin_of(uint64_t latency);
  static uint64_t bin_lo(size_t bin);
  uint64_t bin_count(size_t bin) const;                           // 0 where its page was never made
  size_t bin_slots() const { return pages_.size() * kPageBins; }  // bins the pages span
  Bin* make_page(size_t page);                                    // its bins, zeroed
  uint32_t* carries_of(size_t page);                              // its carry counts, made (zeroed) when it has none yet
  void carry(size_t bin);                                         // the bin's 16 bits wrapped: one more 2^16 in its carries
  void set_count(size_t bin, uint64_t n);                         // its page made

  static constexpr int kPageBits = 7;
  static constexpr size_t kPageBins = size_t{1} << kPageBits;  // 256 bytes
  std::vector<std::vector<Bin>> pages_;                        // by bin / kPageBins; empty: no sample in it yet
  std::vector<std::vector<uint32_t>> carries_;                 // by page: each bin's count >> 16; empty: none carried
  uint64_t count_ = 0;
  uint64_t min_ = ~uint64_t{0};
  uint64_t max_ = 0;
  uint64_t sum_ = 0;  // exact (integer cycles); the mean divides in long double
  bool records_ = true;
};

}  // namespace warpsim::mem
