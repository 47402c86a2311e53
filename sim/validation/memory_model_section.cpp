#include "validation/memory_model_section.h"

#include <fmt/format.h>

#include "common/text.h"
#include "common/user_error.h"
#include "config/enum_names.h"
#include "config/loader.h"
#include "mem/memory_system.h"
#include "validation/measurements.h"
#include "validation/memory_model_comparison.h"

namespace warpsim::validation {
namespace {

// Every 4 warps/SM: resolves the seed's 90/95% occupancies (Table 6.4 gives them per scheduler,
// i.e. in steps of 4 warps/SM on Kepler and Maxwell) at a quarter of the cost of every 1.
constexpr int kStepWarps = 4;

std::string md_row(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (const auto& c : cells) out += " " + c + " |";
  return out + "\n";
}

std::string cell_text(const report::Cell& c) {
  if (const auto* s = std::get_if<std::string>(&c)) return *s;
  if (const auto* i = std::get_if<int64_t>(&c)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&c)) return fmt::format("{:.4g}", *d);
  return "";
}

}  // namespace

bool memory_model_gpu_by_default(const std::string& name) { return name == "kepler" || name == "maxwell"; }

std::vector<config::MemoryModelKind> parse_memory_models(const std::string& list, const std::string& option, bool is_default,
                                                         std::vector<std::string>& skipped) {
  std::vector<config::MemoryModelKind> out;
  if (list.empty() || list == "none") return out;
  DiagnosticSink sink;
  for (const auto& name : split(list, ',')) {
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
    } else {
      out.push_back(*found);
    }
  }
  sink.throw_if_any();
  return out;
}

std::optional<MemoryModelSection> memory_model_section(const std::vector<MemoryModelGpu>& gpus,
                                                      const std::vector<config::MemoryModelKind>& kinds, int jobs) {
  if (gpus.empty() || kinds.empty()) return std::nullopt;
  std::vector<std::string> names;
  for (auto k : kinds) names.push_back(config::to_string(k));
  std::vector<MemoryModelSummary> summaries;
  MemorySweepOptions o;
  o.step = kStepWarps;
  o.sms = 1;  // one SM with its share of the memory system, as every validation case (docs/validation.md)
  o.jobs = jobs;
  std::vector<std::string> gpu_names;
  for (const auto& g : gpus) {
    const config::HwConfig cfg = config::load_hw_config(g.arg, g.sets);
    gpu_names.push_back(g.name);
    for (auto k : kinds) summaries.push_back(summarize_memory_model(cfg, k, o));
  }
  const MeasurementSet seed = load_measurements(builtin_measurements_dir());
  return MemoryModelSection{gpu_names, names, memory_model_summary_table(summaries, &seed), memory_model_points_table(summaries)};
}

std::string memory_model_markdown(const std::optional<MemoryModelSection>& s) {
  if (!s) return "";
  std::string md = "## Memory-system models\n\n";
  md += fmt::format(
      "The streaming experiment of Volkov 2016 §6.3-6.4 (α = 0, dependent coalesced loads, every {} warps/SM, one SM with its "
      "share of the memory system as in every case) under each memory model built into this warpsim ({}), beside the seed's Table 6.4 (`volkov2016`). `fixed` is the "
      "basic model's deterministic cap, `queue` the DRAM queueing model, `simgrid` SimGrid's max-min flow sharing over a "
      "platform generated from the config (docs/memory-model.md, docs/memory-model-simgrid.md). Peak: best of that sweep and ILP = 2 at full occupancy; "
      "latencies at the occupancy reaching 90% of the peak: mean per load instruction (issue to data) and the per-transaction "
      "p5/p50/p95 inside the memory system. Every occupancy is in `memory_models_points.csv`; the figure is "
      "`figures/memory_models.png`.\n\n",
      kStepWarps, fmt::join(s->models, ", "));
  std::vector<std::string> head;
  for (const auto& c : s->summary.columns()) head.push_back(c.name);
  md += md_row(head) + "|";
  for (size_t i = 0; i < head.size(); ++i) md += "---|";
  md += "\n";
  for (const auto& r : s->summary.rows()) {
    std::vector<std::string> cells;
    for (const auto& c : r) cells.push_back(cell_text(c));
    md += md_row(cells);
  }
  return md + "\n";
}

}  // namespace warpsim::validation
