// Volkov 2016 §6.4: memory latency = a + b * x / (c - x), x the attained throughput in GB/s.
// Least-squares fit of (a, b, c) to (throughput, mean latency) samples, its evaluation, and the
// outer envelope of scattered samples that §6.4 fits. The one fit of the project: `validate`'s
// Table 6.5 cases and figure, and the memory-model tests, use it.
#pragma once

#include <vector>

namespace warpsim::mem {

struct ContentionFit {
  double a = 0;    // cycles: latency at no load
  double b = 0;    // cycles: how fast latency grows at low load
  double c = 0;    // GB/s: where latency diverges
  double rms = 0;  // cycles: root-mean-square residual
  double latency(double x) const { return a + b * x / (c - x); }
};

struct LatencySample {
  double gbps = 0;
  double latency = 0;
};

// For each c, a and b follow by linear least squares, b kept >= 0 (latency does not fall with
// load); c is searched from just above the largest sample to 4x it (a log scan, then a golden-
// section search around the best point). Needs at least three samples and a positive throughput.
ContentionFit fit_contention(const std::vector<LatencySample>& samples);

// The samples no other sample beats in both throughput and latency: "we give preference to samples
// with higher throughputs to find an outer envelope to the data if the data is scattered" (§6.4).
// A sample goes when another at no less throughput had a strictly lower latency: the samples past
// saturation, whose latency grows at a throughput already attained, and the scatter below the
// front. Ties stay (a flat curve keeps every sample). Sorted by throughput.
std::vector<LatencySample> outer_envelope(const std::vector<LatencySample>& samples);

}  // namespace warpsim::mem
