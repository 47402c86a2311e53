// The α-mix runs (1 load + α dependent adds, Volkov 2016 §4.1) shared by the cusp, the model error
// bands, the α curves of the figures and Zhang & Owens' inputs: one run per (GPU, α), so that the
// cache simulates each once. A warp runs kMaxChainLoads loads where α is small (loads cost the
// most to simulate) and about kChainInstructions instructions where α is large.
#pragma once

#include <string>
#include <vector>

#include "validation/cases/case_spec.h"

namespace warpsim::validation {

// Dependent instructions per warp of an α-mix run, and the most loads. The seed sets each warp's
// iterations so that its latency at minimal occupancy is ~10^6 cycles (§5.9): hundreds of loads.
// Short warps stay in the phase their block started them in (they wait on memory together, then
// compete for the ALUs together), so too few loads lower the throughput: Fermi α = 64 at 26
// warps/SM, --sms 1, gives IPC 0.82 with 8 loads, 0.91 with 32, 0.94 with 64 and 128;
// from 8 to 128 loads the warp latency per instruction falls 11%, the mean occupancy rises 3%
// (a block's slot idling while its last warp finishes, §5.8, is the smaller part). 64 loads
// keep the §7.9 quotients within 3% of 128 loads, for 30% less `validate` time (docs/validation.md).
inline constexpr int kChainInstructions = 8192;
inline constexpr int kMaxChainLoads = 64;
// Blocks per resident slot of an α-mix run: two waves, as the add runs (Table 6.1); with warps
// this long, 2 and 4 waves give the same quotients within 1%.
inline constexpr int kChainWaves = 2;
// The streaming runs of the cases (validation/cases/table_6_4.yaml), which α = 0 shares: 256 loads
// per warp in 2 waves, so that the steady state dominates as in the seed's long warps (§5.9;
// docs/validation.md, "Streaming warp length").
inline constexpr int kStreamLoads = 256;
inline constexpr int kStreamWaves = 2;

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
