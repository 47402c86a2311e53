#include "validation/cases/in_sample.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>

#include "common/data_paths.h"
#include "config/model_keys.h"
#include "config/schema.h"
#include "validation/cases/yaml_reader.h"

namespace warpsim::validation {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSeedGpus[] = {"g80", "gt200", "fermi", "kepler", "maxwell"};

// The measurement ids a case compares against: its rows, or the rows of a fitted curve (Table
// 6.5's a, b, c and the peak its fractions are of). Its a is the unloaded latency every model is
// given, and at 25-50% of the peak the curve is mostly a: a model given it reproduces that part.
std::vector<std::string> compared_ids(const CaseSpec& c) {
  std::vector<std::string> ids = c.compare.measurements;
  if (!c.compare.fit_curve.empty())
    for (const char* row : {".a", ".b", ".c", ".peak"}) ids.push_back(c.compare.fit_curve + row);
  return ids;
}

bool matches(const std::string& pattern, const std::string& gpu, const std::string& id) {
  std::string p = pattern;
  for (size_t at = p.find("{gpu}"); at != std::string::npos; at = p.find("{gpu}", at + gpu.size())) p.replace(at, 5, gpu);
  return fnmatch(p.c_str(), id.c_str(), 0) == 0;
}

}  // namespace

fs::path builtin_measured_inputs_file() { return data_dir("validation") / "measured_inputs.yaml"; }

std::vector<MeasuredInput> load_measured_inputs(const fs::path& file) {
  DiagnosticSink sink;
  const std::string path = file.string();
  const YAML::Node doc = load_yaml_file(path);
  YamlReader r(path, sink);
  r.set_gpu("{gpu}");  // patterns keep "{gpu}": it is each case's GPU
  std::vector<MeasuredInput> out;
  for (const auto& node : r.top_level_list(doc, "inputs")) {
    if (!r.check_map(node, "", {"key", "workload", "gpus", "measurements", "why"})) continue;
    MeasuredInput in;
    for (const char* key : {"measurements", "why"})
      if (!node[key]) r.error(node, key, "missing");
    if (!node["key"] == !node["workload"])
      r.error(node, "key", "expected exactly one of key: (a config key) or workload: (a workload's size)");
    if (node["workload"]) in.workload = r.text(node["workload"], "workload").value_or("");
    if (node["key"]) in.key = r.text(node["key"], "key").value_or("");
    if (!in.key.empty() && config::find_field(in.key) == nullptr)
      r.error(node["key"], "key", fmt::format("'{}' is no config key (`warpsim list params`)", in.key));
    if (node["gpus"]) in.gpus = r.text_list(node["gpus"], "gpus");
    if (node["measurements"]) in.measurements = r.text_list(node["measurements"], "measurements");
    if (node["measurements"] && in.measurements.empty())
      r.error(node["measurements"], "measurements", "expected at least one measurement id or glob");
    if (node["why"]) in.why = r.text(node["why"], "why").value_or("");
    out.push_back(std::move(in));
  }
  sink.throw_if_any();
  return out;
}

namespace {

template <typename Reads>
std::vector<std::string> inputs_read(const CaseSpec& c, const std::vector<MeasuredInput>& inputs, Reads reads) {
  std::vector<std::string> out;
  const std::vector<std::string> ids = compared_ids(c);
  for (const MeasuredInput& in : inputs) {
    const bool gpu_listed = in.gpus.empty() ? std::find(std::begin(kSeedGpus), std::end(kSeedGpus), c.gpu) != std::end(kSeedGpus)
                                            : std::find(in.gpus.begin(), in.gpus.end(), c.gpu) != in.gpus.end();
    if (!gpu_listed) continue;
    if (!in.workload.empty() ? c.quantity.run.workload != in.workload : !reads(in.key)) continue;
    const bool compared = std::any_of(ids.begin(), ids.end(), [&](const std::string& id) {
      return std::any_of(in.measurements.begin(), in.measurements.end(), [&](const std::string& p) { return matches(p, c.gpu, id); });
    });
    const std::string entry = (in.workload.empty() ? in.key : "workload " + in.workload) + ": " + in.why;
    if (compared && std::find(out.begin(), out.end(), entry) == out.end()) out.push_back(entry);
  }
  return out;
}

}  // namespace

std::vector<std::string> in_sample_inputs(const CaseSpec& c, const config::HwConfig& cfg, const std::vector<MeasuredInput>& inputs) {
  return inputs_read(c, inputs, [&](const std::string& key) { return config::simulation_reads(cfg.memory.model, key); });
}

std::vector<std::string> in_sample_inputs(const CaseSpec& c, const model::ModelInfo& m, const std::vector<MeasuredInput>& inputs) {
  return inputs_read(c, inputs, [&](const std::string& key) { return model::model_reads(m, key); });
}

}  // namespace warpsim::validation
