// Command-line options of warpsim_microbench (plain C++, so the suite builds without CLI11 on a
// bare GPU machine).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace warpsim::microbench {

struct Options {
  std::string out = "measurements.csv";              // the measurement CSV (written atomically at the end)
  std::string gpu;                                   // warpsim GPU name for the `gpu` column; default: detected
  int device = 0;                                    // CUDA device ordinal
  uint64_t array_mb = 512;                           // streaming array, >= 4x L2 so no load hits (§5.10)
  std::vector<uint64_t> random_mb{8, 32, 128, 256};  // §6.7 array sizes (Figure 6.6)
  std::set<std::string> groups{"alpha", "arith", "memory", "latency", "mix", "persistent", "cache", "store", "nodes"};
  bool quick = false;            // 7 occupancies, 1 repetition: a smoke test (~1 min)
  int reps = 2;                  // launches per sample; the fastest is kept (§5.8)
  int waves = 10;                // oversubscription: blocks per resident block slot (§5.9)
  uint64_t seed = 1;             // random chains (§6.7)
  double warmup_s = 2.0;         // arithmetic warm-up before measuring (§5.4)
  double budget_s = 420;         // skip the remaining groups past this many seconds
  std::string sass;              // --sass FILE: this binary's cuobjdump -sass, checked before measuring (§5.1)
  bool check_sass_only = false;  // --check-sass FILE: the check alone, no GPU
  std::string command;           // the command line, for the CSV metadata
  std::vector<std::pair<std::string, std::string>> extra_metadata;  // --meta key=value (e.g. nvidia_driver)
};

// Throws std::invalid_argument with a message naming the bad option; "--help" throws HelpRequested.
struct HelpRequested {};
Options parse_options(int argc, char** argv);
std::string usage();

}  // namespace warpsim::microbench
