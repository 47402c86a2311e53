// Options shared by subcommands (docs/architecture.md, "The command line").
#pragma once

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "device/occupancy.h"
#include "isa/workload_parser.h"
#include "isa/workloads.h"

namespace warpsim::cli {

// The options of a SASS import (isa/sass_import.h), which a .sass workload takes as parameters.
struct SassFlags {
  std::string function;    // --function NAME
  std::string arch;        // --arch sm_90
  std::string trip_count;  // --trip-count N
  std::string patterns;    // --patterns FILE
};

struct CommonOptions {
  std::string gpu;                  // --gpu NAME|FILE
  std::vector<std::string> sets;    // --set key=value
  std::string workload;             // --workload NAME|FILE
  std::vector<std::string> params;  // --param key=value
  SassFlags sass;                   // --function, --arch, --trip-count, --patterns (a .sass workload)
  std::string warps;                // --warps N|A:B[:STEP]
  std::string format = "table";     // --format table|csv|json
  std::string out;                  // --out FILE
  uint64_t seed = 1;                // --seed N
  int jobs = 1;                     // --jobs N
};

enum OptionSet : unsigned {
  kGpu = 1,
  kWorkload = 2,
  kWarps = 4,
  kFormat = 8,
  kOut = 16,
  kSeed = 32,
  kJobs = 64,
};

void add_common_options(CLI::App& cmd, CommonOptions& o, unsigned which);

// --sms N: SMs to simulate, 0 (not given) meaning all; `after_all` follows "default: all" in the help.
void add_sms_option(CLI::App& cmd, int& sms, const char* after_all = "; fewer get their share of the memory system");

// --seed takes a non-negative integer below 2^64 (CLI11 would wrap "-1" to 2^64 - 1, and clamp
// larger numbers to it).
inline const CLI::Validator kSeedValidator(
    [](std::string& s) {
      if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return "expected a non-negative integer, found '" + s + "'";
      uint64_t v = 0;
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      return ec == std::errc() && end == s.data() + s.size() ? std::string()
                                                             : "'" + s + "' is above the largest seed, 18446744073709551615";
    },
    "UINT");

// --steady-tolerance (run, sweep): a number in [1e-6, 0.5] (CLI::Range lets NaN through).
void add_steady_tolerance_option(CLI::App& cmd, double& tolerance);

// A real-valued option's check: a number in [lo, hi], NaN refused (CLI::Range lets it through,
// and a NaN fraction made montecarlo loop forever).
CLI::Validator number_in(double lo, double hi);

// "--param a=1 --param b=2" -> map (isa/workloads.h).
using isa::parse_params;

void add_sass_options(CLI::App& cmd, SassFlags& f);
// The SASS flags given, as the parameters of a .sass workload: {"trip_count": "64", ...}.
isa::ParamMap sass_params(const SassFlags& f);
// --param items and the SASS flags together; a flag for a workload that is no .sass file, or a
// flag and a --param of the same key, is a UserError.
isa::ParamMap workload_params(const CommonOptions& o);

// What the command reads by name (--gpu, --workload, --patterns): report::check_outputs refuses to
// write over them. A built-in name is no file and matches none.
std::vector<std::string> input_files(const CommonOptions& o);

// "N", "A:B" or "A:B:STEP" -> list of warp counts; throws UserError.
std::vector<int> parse_warps(const std::string& spec, const std::string& option = "--warps");  // errors name `option`

// Occupancies as --warps writes them (device/occupancy.h).
using device::occupancy_list;

// A what-if on a key of the DRAM organisation the run's memory model does not read
// (config/model_keys.h: e.g. `memory.dram.*` on `fixed`, `servers` or `simgrid`) changes nothing:
// one stderr note per such key, so that it does not silently do nothing. `set_items` are
// "key=value" (or "key=v1,v2" in a sweep); a single-valued memory.model among them is the model
// checked, and a grid over memory.model gives no note.
void note_sets_the_memory_model_ignores(const config::HwConfig& cfg, const std::vector<std::string>& set_items);

// Emits `text` to --out (atomically) or stdout.
void emit(const CommonOptions& o, const std::string& text);

}  // namespace warpsim::cli
