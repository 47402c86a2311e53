#include "cli/common_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>

#include "common/text.h"
#include "common/user_error.h"
#include "common/warps_range.h"
#include "config/config_enums.h"
#include "config/model_keys.h"
#include "isa/sass_import.h"
#include "isa/sass_patterns.h"
#include "report/atomic_file.h"

namespace warpsim::cli {

void add_common_options(CLI::App& cmd, CommonOptions& o, unsigned which) {
  if (which & kGpu) {
    cmd.add_option("--gpu", o.gpu, "GPU: a built-in name (see `warpsim list gpus`) or a YAML file");
    cmd.add_option("--set", o.sets, "override a config field, e.g. --set scheduler.policy=gto (repeatable)");
  }
  if (which & kWorkload) {
    cmd.add_option("--workload", o.workload,
                   "workload: a generator or kernel name (see `warpsim list workloads`), a .wl file, or cuobjdump -sass text (.sass)");
    cmd.add_option("--param", o.params, "workload parameter, e.g. --param alpha=8 (repeatable)");
    add_sass_options(cmd, o.sass);
  }
  if (which & kWarps) cmd.add_option("--warps", o.warps, "occupancy in warps per SM: N, A:B or A:B:STEP");
  if (which & kFormat)
    cmd.add_option("--format", o.format, "output format")->check(CLI::IsMember({"table", "csv", "json"}))->default_str("table");
  if (which & kOut) cmd.add_option("--out", o.out, "write output to FILE instead of stdout (written atomically)");
  if (which & kSeed)
    cmd.add_option("--seed", o.seed, "random seed (same inputs and seed give identical output)")->default_str("1")->check(kSeedValidator);
  if (which & kJobs) cmd.add_option("--jobs", o.jobs, "parallel jobs")->check(CLI::Range(1, 1024))->default_str("1");
}

void note_sets_the_memory_model_ignores(const config::HwConfig& cfg, const std::vector<std::string>& set_items) {
  // The model the run uses: the config's, or the one a single-valued --set memory.model names.
  config::MemoryModelKind model = cfg.memory.model;
  std::set<std::string> keys;
  for (const std::string& item : set_items) {
    const size_t eq = item.find('=');
    const std::string key(trim(std::string_view(item).substr(0, eq)));
    if (key != "memory.model") {
      keys.insert(key);
      continue;
    }
    const std::string value = eq == std::string::npos ? "" : std::string(trim(std::string_view(item).substr(eq + 1)));
    const auto named = config::enum_from_name<config::MemoryModelKind>(value);
    if (!named) return;  // a grid over models (some points read the keys) or a bad name, reported elsewhere
    model = *named;
  }
  for (const std::string& key : keys)
    if (config::memory_model_ignores(model, key))
      std::cerr << fmt::format(
          "warpsim: note: --set {} changes nothing on {}'s `{}` memory model, which does not read it "
          "(docs/memory-model.md, \"Which model reads which key\")\n",
          key, cfg.gpu.name, config::to_string(model));
}

void add_sms_option(CLI::App& cmd, int& sms, const char* after_all) {
  cmd.add_option("--sms", sms, fmt::format("SMs to simulate (default: all{}; more than the GPU has means all)", after_all))
      ->check(CLI::Range(1, 4096));
}

CLI::Validator number_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) {
        const auto v = parse_double(s);
        return v && *v >= lo && *v <= hi ? std::string() : fmt::format("expected a number from {} to {}, found '{}'", lo, hi, s);
      },
      fmt::format("FLOAT in [{} - {}]", lo, hi));
}

void add_steady_tolerance_option(CLI::App& cmd, double& tolerance) {
  CLI::Option* option =
      cmd.add_option("--steady-tolerance", tolerance, "relative half-width of the 95% interval at which --steady stops")
          ->check(CLI::Validator(
              [](std::string& s) {
                const auto v = parse_double(s);
                return v && *v >= 1e-6 && *v <= 0.5 ? std::string() : "expected a number from 1e-6 to 0.5, found '" + s + "'";
              },
              "FLOAT in [1e-06 - 0.5]"))
          ->default_str("0.01");
  // Without --steady nothing stops early: a tolerance alone would silently do nothing.
  if (CLI::Option* steady = cmd.get_option_no_throw("--steady")) option->needs(steady);
}

void add_sass_options(CLI::App& cmd, SassFlags& f) {
  cmd.add_option("--function", f.function, "SASS: the function to take, its name or a part of it only it has (default: the only one)");
  cmd.add_option("--arch", f.arch, "SASS: the architecture whose code to take, e.g. sm_90, when the dump holds several");
  // Checked here too, so that a bad count names --trip-count rather than the parameter it becomes.
  cmd.add_option("--trip-count", f.trip_count, "SASS: the trip count of every loop the patterns file gives none")
      ->check(CLI::Validator([](std::string& s) { return isa::parse_trip_count(s) ? std::string() : isa::trip_count_expected(s); },
                             "TEXT in [0 - 1e12]"));  // shown as "in [0, 1e12]" (help_format.cpp)
  cmd.add_option("--patterns", f.patterns,
                 "SASS: the side file of access patterns, trip counts and branches (docs/workload-format.md, \"SASS\")");
}

isa::ParamMap sass_params(const SassFlags& f) {
  isa::ParamMap out;
  if (!f.function.empty()) out["function"] = f.function;
  if (!f.arch.empty()) out["arch"] = f.arch;
  if (!f.trip_count.empty()) out["trip_count"] = f.trip_count;
  if (!f.patterns.empty()) out["patterns"] = f.patterns;
  return out;
}

isa::ParamMap workload_params(const CommonOptions& o) {
  isa::ParamMap out = parse_params(o.params);
  const isa::ParamMap flags = sass_params(o.sass);
  if (flags.empty()) return out;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(o.workload, ec) || !isa::is_sass_file(o.workload)) {
    std::string flag = "--" + flags.begin()->first;  // trip_count -> --trip-count
    std::replace(flag.begin(), flag.end(), '_', '-');
    throw UserError(Diagnostic{"<cli>", 0, 0, flag,
                               fmt::format("applies to a SASS workload (a .sass file or a cuobjdump dump); '{}' is none", o.workload)});
  }
  for (const auto& [key, value] : flags)
    if (!out.emplace(key, value).second) throw UserError(Diagnostic{"<cli>", 0, 0, key, "given both as --param and as its own option"});
  return out;
}

std::vector<int> parse_warps(const std::string& spec, const std::string& option) { return parse_warps_range(spec, option); }

std::vector<std::string> input_files(const CommonOptions& o) { return {o.gpu, o.workload, o.sass.patterns}; }

void emit(const CommonOptions& o, const std::string& text) {
  if (o.out.empty())
    std::cout << text << std::flush;
  else
    report::write_file_atomically(o.out, text);
}

}  // namespace warpsim::cli
