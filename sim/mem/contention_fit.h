// Volkov 2016 §6.4: memory latency = a + b * x / (c - x), x the attained throughput in GB/s.
// Least-squares fit of (a, b, c) to (throughput, mean latency) samples, and its evaluation.
#pragma once

#include <vector>

namespace warpsim::mem {

struct ContentionFit {
  double a = 0;  // cycles: latency at no load
  double b = 0;  // cycles: how fast latency grows at low load
  double c = 0;  // GB/s: where latency diverges
  double rms = 0;  // cycles: root-mean-square residual
  double latency(double x) const { return a + b * x / (c - x); }
};

struct LatencySample {
  double gbps = 0;
  double latency = 0;
};

// For each c, a and b follow by linear least squares; c is searched above the largest sample.
// Needs at least three samples with distinct throughputs.
ContentionFit fit_contention(const std::vector<LatencySample>& samples);

}  // namespace warpsim::mem
