// The α-mix runs (1 load + α dependent adds, Volkov 2016 §4.1) shared by the cusp, the model error
// bands, the α curves of the figures and Zhang & Owens' inputs: one run per (GPU, α), so that the
// cache simulates each once. Work per warp is kept near kChainInstructions at every α so that the
// sweep costs about the same at each α.
#pragma once

#include <string>
#include <vector>

#include "validation/case_spec.h"

namespace warpsim::validation {

// Dependent instructions per warp of an α-mix run (the seed uses ~10^6-cycle warps, §5.9; a few
// hundred instructions with several waves per SM reach the same steady state in our simulator).
inline constexpr int kChainInstructions = 512;

// The run of `alpha` ("0", an integer, "inf") on `base`'s GPU: alpha_mix, or at α = 0 and ∞ the
// homogeneous stream and add runs of Tables 6.1-6.4.
RunSpec alpha_run(const RunSpec& base, const std::string& alpha);

// α = 0, every integer power of 2 from 1 to 512 (Figure 7.11 samples every power of √2 from 1 to
// 512; powers of 2 halve the cost and keep the shape), and ∞.
const std::vector<std::string>& default_alphas();

// α as a number (inf -> +infinity); NaN if not a number.
double alpha_value(const std::string& alpha);

}  // namespace warpsim::validation

namespace warpsim::validation {

// Peak streaming throughput the seed's way: the best of kernels with ILP 1, 2 and 4 (Volkov 2016
// §6.3, Table 6.1 "stream"); the built-in Table 6.1 case uses the same run, so it is simulated once.
RunSpec stream_peak_run(const RunSpec& base);

}  // namespace warpsim::validation
