#include "mem/latency_recorder.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace warpsim::mem {

size_t LatencyRecorder::bin_of(uint64_t latency) {
  if (latency < kLinearLimit) return latency;
  const int e = std::bit_width(latency) - 1;  // >= kLinearBits
  const uint64_t sub = (latency >> (e - kSubBits)) & (kSubBins - 1);
  return kLinearLimit + static_cast<size_t>(e - kLinearBits) * kSubBins + sub;
}

uint64_t LatencyRecorder::bin_lo(size_t bin) {
  if (bin < kLinearLimit) return bin;
  const size_t k = bin - kLinearLimit;
  const int e = kLinearBits + static_cast<int>(k / kSubBins);
  const uint64_t sub = k % kSubBins;
  return (uint64_t{1} << e) + (sub << (e - kSubBits));
}

uint64_t LatencyRecorder::bin_count(size_t bin) const {
  const size_t p = bin >> kPageBits, i = bin & (kPageBins - 1);
  if (pages_[p].empty()) return 0;
  const uint64_t high = p < carries_.size() && !carries_[p].empty() ? uint64_t{carries_[p][i]} << 16 : 0;
  return high | pages_[p][i];
}

LatencyRecorder::Bin* LatencyRecorder::make_page(size_t page) {
  if (page >= pages_.size()) pages_.resize(page + 1);
  pages_[page].assign(kPageBins, 0);
  return pages_[page].data();
}

uint32_t* LatencyRecorder::carries_of(size_t page) {
  if (page >= carries_.size()) carries_.resize(page + 1);
  if (carries_[page].empty()) carries_[page].assign(kPageBins, 0);
  return carries_[page].data();
}

void LatencyRecorder::carry(size_t bin) { ++carries_of(bin >> kPageBits)[bin & (kPageBins - 1)]; }

void LatencyRecorder::set_count(size_t bin, uint64_t n) {
  const size_t p = bin >> kPageBits, i = bin & (kPageBins - 1);
  pages_[p][i] = static_cast<Bin>(n);
  const bool has_carries = p < carries_.size() && !carries_[p].empty();
  if (n >> 16 != 0 || has_carries) carries_of(p)[i] = static_cast<uint32_t>(n >> 16);
}

void LatencyRecorder::merge(const LatencyRecorder& other) {
  for (size_t p = 0; p < other.pages_.size(); ++p) {
    if (other.pages_[p].empty()) continue;
    if (p >= pages_.size() || pages_[p].empty()) make_page(p);
    for (size_t i = 0; i < kPageBins; ++i) {
      const size_t b = p * kPageBins + i;
      set_count(b, bin_count(b) + other.bin_count(b));
    }
  }
  count_ += other.count_;
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
  sum_ += other.sum_;
}

uint64_t LatencyRecorder::percentile(double p) const {
  if (count_ == 0) return 0;
  // Nearest-rank percentile: the smallest value with at least p% of samples at or below it.
  const uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(p / 100.0 * static_cast<double>(count_))));
  uint64_t seen = 0;
  for (size_t b = 0; b < bin_slots(); ++b) {
    seen += bin_count(b);
    if (seen >= rank) return std::clamp(bin_lo(b), min_, max_);
  }
  return max_;
}

LatencySummary LatencyRecorder::summary() const {
  LatencySummary s;
  s.count = count_;
  if (count_ == 0) return s;
  s.mean = static_cast<double>(static_cast<long double>(sum_) / count_);
  s.min = min_;
  s.max = max_;
  s.p5 = percentile(5);
  s.p25 = percentile(25);
  s.p50 = percentile(50);
  s.p75 = percentile(75);
  s.p95 = percentile(95);
  return s;
}

std::vector<HistogramBin> LatencyRecorder::histogram(int bins) const {
  std::vector<HistogramBin> out;
  if (count_ == 0 || bins <= 0) return out;
  const uint64_t lo = min_, hi = max_ + 1;
  const uint64_t width = std::max<uint64_t>(1, (hi - lo + bins - 1) / bins);
  for (uint64_t a = lo; a < hi; a += width) out.push_back({a, std::min(hi, a + width), 0});
  for (size_t b = 0; b < bin_slots(); ++b) {
    const uint64_t n = bin_count(b);
    if (!n) continue;
    const uint64_t v = std::clamp(bin_lo(b), lo, hi - 1);
    out[std::min<size_t>((v - lo) / width, out.size() - 1)].count += n;
  }
  return out;
}

void LatencyRecorder::add_from_cache(std::vector<HistogramBin>& bins) const {
  if (bins.empty() || count_ == 0) return;
  const uint64_t lo = bins.front().lo, hi = bins.back().hi, width = bins.front().hi - bins.front().lo;
  for (size_t b = 0; b < bin_slots(); ++b) {
    const uint64_t n = bin_count(b);
    if (!n) continue;
    const uint64_t v = std::clamp(bin_lo(b), lo, hi - 1);  // placed as histogram() places it
    bins[std::min<size_t>((v - lo) / width, bins.size() - 1)].from_cache += n;
  }
}

}  // namespace warpsim::mem
