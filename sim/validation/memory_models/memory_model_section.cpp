#include "validation/memory_models/memory_model_section.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/text.h"
#include "common/user_error.h"
#include "config/config_enums.h"
#include "config/loader.h"
#include "mem/memory_factory.h"
#include "validation/measurements/measurements.h"
#include "validation/memory_models/memory_model_comparison.h"

namespace warpsim::validation {
namespace {

// Every 4 warps/SM: resolves the seed's 90/95% occupancies (Table 6.4 gives them per scheduler,
// i.e. in steps of 4 warps/SM on Kepler and Maxwell) at a quarter of the cost of every 1.
constexpr int kStepWarps = 4;

}  // namespace

bool in_memory_model_section(const std::string& gpu_name) { return gpu_name == "kepler" || gpu_name == "maxwell"; }

std::vector<config::MemoryModelKind> parse_memory_models(const std::string& list, const std::string& option, bool is_default,
                                                         std::vector<std::string>& skipped) {
  std::vector<config::MemoryModelKind> out;
  if (list.empty() || list == "none") return out;
  DiagnosticSink sink;
  const std::vector<std::string> names_given = split(list, ',');
  if (names_given.size() > 1 && std::find(names_given.begin(), names_given.end(), "none") != names_given.end())
    throw UserError(
        Diagnostic{"<cli>", 0, 0, option, fmt::format("'{}': none stands alone (no model compared), not in a list of models", list)});
  if (std::find(names_given.begin(), names_given.end(), "") != names_given.end())
    throw UserError(Diagnostic{"<cli>", 0, 0, option,
                               fmt::format("'{}': an empty name in the list (valid: {}, or none)", list,
                                           join(config::enum_names<config::MemoryModelKind>(), ", "))});
  for (const auto& name : names_given) {
    const auto found = config::enum_from_name<config::MemoryModelKind>(name);
    if (!found) {
      const auto names = config::enum_names<config::MemoryModelKind>();
      const std::string near = closest_match(name, names);
      sink.add(Diagnostic{"<cli>", 0, 0, option,
                          fmt::format("unknown memory model '{}'{} (valid: {}, or none)", name,
                                      near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near), join(names, ", "))});
    } else if (!mem::memory_model_built(*found) && is_default) {
      skipped.push_back(name);
    } else if (!mem::memory_model_built(*found)) {
      sink.add(Diagnostic{"<cli>", 0, 0, option, fmt::format("memory model '{}' is not built into this warpsim", name)});
    } else if (std::find(out.begin(), out.end(), *found) == out.end()) {  // a model named twice runs once
      out.push_back(*found);
    }
  }
  sink.throw_if_any();
  return out;
}

std::optional<MemoryModelSection> memory_model_section(const std::vector<MemoryModelGpu>& gpus,
                                                       const std::vector<config::MemoryModelKind>& kinds, int jobs,
                                                       InvariantChecker* invariants, const sweep::ProgressFn& progress) {
  if (gpus.empty() || kinds.empty()) return std::nullopt;
  std::vector<std::string> names;
  for (auto k : kinds) names.push_back(config::to_string(k));
  std::vector<MemoryModelSummary> summaries;
  MemorySweepOptions o;
  o.step = kStepWarps;
  o.sms = 1;  // one SM with its share of the memory system, as every validation case (docs/validation.md)
  o.jobs = jobs;
  o.invariants = invariants;
  // The default model, `dram`, once more on the whole device: a share keeps one or two channels,
  // so it loses the collisions of the device's many request streams on its channels and banks
  // (docs/memory-model.md, "Share"). A few seconds per GPU.
  MemorySweepOptions device = o;
  device.sms = 0;
  const bool with_device_dram = std::find(kinds.begin(), kinds.end(), config::MemoryModelKind::Dram) != kinds.end();
  const size_t sweeps = gpus.size() * (kinds.size() + (with_device_dram ? 1 : 0));
  // Each sweep's progress as thousandths of its share of the section.
  const auto summarize = [&](const config::HwConfig& cfg, config::MemoryModelKind k, MemorySweepOptions so) {
    if (progress)
      so.progress = [&, first = 1000 * summaries.size()](size_t done, size_t total) {
        progress(first + 1000 * done / total, 1000 * sweeps);
      };
    summaries.push_back(summarize_memory_model(cfg, k, so));
  };
  for (const auto& g : gpus) {
    const config::HwConfig cfg = config::load_hw_config(g.arg, g.sets);
    for (auto k : kinds) summarize(cfg, k, o);
    if (with_device_dram) summarize(cfg, config::MemoryModelKind::Dram, device);
  }
  const MeasurementSet seed = load_measurements(builtin_measurements_dir());
  return MemoryModelSection{names, kStepWarps, memory_model_summary_table(summaries, &seed), memory_model_points_table(summaries)};
}

}  // namespace warpsim::validation
