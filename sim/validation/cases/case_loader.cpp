#include "validation/cases/case_loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "common/data_paths.h"
#include "common/text.h"
#include "common/user_error.h"
#include "config/yaml_file.h"
#include "model/registry.h"
#include "validation/cases/compare.h"
#include "validation/cases/quantity_reader.h"
#include "validation/cases/yaml_reader.h"

namespace fs = std::filesystem;

namespace warpsim::validation {
namespace {

// A case's keys: who it is, what to run and extract (shared with nested quantities), what to compare.
const std::vector<std::string> kCaseKeys = [] {
  std::vector<std::string> keys{"id", "description", "gpu", "gpus"};
  keys.insert(keys.end(), run_keys().begin(), run_keys().end());
  keys.insert(keys.end(), {"compare", "models", "tolerance", "tolerance_reason"});
  return keys;
}();

CompareSpec read_compare(YamlReader& r, const YAML::Node& n) {
  CompareSpec c;
  if (!r.check_map(n, "compare", {"measurement", "measured_on", "fit_curve", "model", "less_than", "greater_than"})) return c;
  if (n["measurement"]) c.measurements = r.text_list(n["measurement"], "compare.measurement");
  if (n["measured_on"]) c.measured_on = r.text(n["measured_on"], "compare.measured_on").value_or("");
  if (n["measured_on"] && !n["measurement"]) r.error(n["measured_on"], "compare.measured_on", "goes with measurement:");
  if (n["fit_curve"]) c.fit_curve = r.text(n["fit_curve"], "compare.fit_curve").value_or("");
  if (n["model"]) {
    c.model = r.text(n["model"], "compare.model").value_or("");
    if (!model::find_model(c.model))
      r.error(n["model"], "compare.model", fmt::format("unknown model '{}' (see `warpsim list models`)", c.model));
  }
  if (n["less_than"]) c.less_than = r.number(n["less_than"], "compare.less_than").value_or(kNaN);
  if (n["greater_than"]) c.greater_than = r.number(n["greater_than"], "compare.greater_than").value_or(kNaN);
  const int kinds =
      !c.measurements.empty() + !c.fit_curve.empty() + !c.model.empty() + (!std::isnan(c.less_than) || !std::isnan(c.greater_than));
  if (kinds != 1) r.error(n, "compare", "expected exactly one of measurement:, fit_curve:, model:, or less_than:/greater_than:");
  if (!(c.greater_than < c.less_than) && !std::isnan(c.greater_than) && !std::isnan(c.less_than))
    r.error(n["greater_than"], "compare.greater_than",
            fmt::format("{} is not below less_than: {}: no value lies between", c.greater_than, c.less_than));
  return c;
}

Tolerance read_tolerance(YamlReader& r, const YAML::Node& n) {
  Tolerance t;
  if (!r.check_map(n, "tolerance", {"relative", "absolute", "unit"})) return t;
  if (n["relative"].IsDefined() == n["absolute"].IsDefined()) {
    r.error(n, "tolerance", "expected exactly one of relative: (a fraction, e.g. 0.05) or absolute: (with unit:)");
    return t;
  }
  t.relative = n["relative"].IsDefined();
  const YAML::Node v = t.relative ? n["relative"] : n["absolute"];
  t.amount = r.number(v, t.relative ? "tolerance.relative" : "tolerance.absolute").value_or(0);
  if (t.amount < 0) r.error(v, "tolerance", "expected a tolerance >= 0");
  if (t.relative && t.amount >= 1e6) r.error(v, "tolerance.relative", "expected a fraction (0.05 is 5%), not a huge number");
  if (n["unit"]) t.unit = r.text(n["unit"], "tolerance.unit").value_or("");
  if (!t.relative && t.unit.empty()) r.error(n, "tolerance.unit", "an absolute tolerance needs its unit");
  if (t.relative && n["unit"])
    r.error(n["unit"], "tolerance.unit", "a relative tolerance is a fraction of the value and has no unit (unit: goes with absolute:)");
  return t;
}

std::vector<std::string> read_models(YamlReader& r, const YAML::Node& n) {
  std::vector<std::string> out;
  if (n.IsSequence() && n.size() == 0) r.error(n, "models", "an empty list: name models, or `none`, or leave the key out for the defaults");
  for (const auto& m : r.text_list(n, "models")) {
    if (m == "none") continue;
    if (!model::find_model(m)) {
      r.error(n, "models", fmt::format("unknown model '{}' (valid: {})", m, join(model::model_names(), ", ")));
      continue;
    }
    out.push_back(m);
  }
  return out;
}

CaseSpec read_case(YamlReader& r, const YAML::Node& node, const KeyLookup& get, const std::string& id_suffix) {
  CaseSpec c;
  c.file = r.file();
  c.line = r.line_of(node);
  c.column = node.Mark().column >= 0 ? node.Mark().column + 1 : 0;
  c.gpu = r.gpu();
  c.id = r.text(node["id"], "id").value_or("") + id_suffix;
  // As measurement ids (validation/measurements/README.md): they name files' rows and --case globs.
  if (const std::string bare = c.id.substr(0, c.id.size() - id_suffix.size()); !is_name(bare, ".+-"))
    r.error(node["id"], "id", fmt::format("'{}': expected letters, digits and _ . + - only", bare));
  if (auto d = get("description")) c.description = r.text(d, "description").value_or("");
  RunSpec run;
  run.gpu = r.gpu_config();
  c.quantity.run = read_run(r, get, "", run);
  if (c.quantity.run.workload.empty()) r.error(node, "workload", "missing (a workload name, see `warpsim list workloads`)");
  if (auto e = get("extract"))
    c.quantity.extract = read_extract(r, e, "extract", c.quantity.run);
  else
    r.error(node, "extract", "missing (what number to take from the simulated curve)");
  if (auto m = get("compare"))
    c.compare = read_compare(r, m);
  else
    r.error(node, "compare", "missing (a measurement, a model, or a relation)");
  c.models = get("models") ? read_models(r, get("models")) : std::vector<std::string>{"volkov", "volkov_refined"};
  if (auto t = get("tolerance")) {
    c.tolerance = read_tolerance(r, t);
    // Named at the unit's own line (check_cases repeats it for derived cases, at the case's).
    if (const std::string unit = output_unit(c.quantity.extract);
        !c.tolerance.relative && !c.tolerance.unit.empty() && c.tolerance.unit != unit && t.IsMap())
      r.error(t["unit"], "tolerance.unit", fmt::format("'{}' does not match the extraction's unit {}", c.tolerance.unit, unit));
  } else {
    r.error(node, "tolerance", "missing (relative: or absolute: with unit:)");
  }
  if (auto t = get("tolerance_reason")) c.tolerance_reason = r.text(t, "tolerance_reason").value_or("");
  if (c.tolerance_reason.empty()) r.error(node, "tolerance_reason", "missing (one line: why this tolerance)");
  return c;
}

// The cases of `doc`, the file `path`.
void read_doc(const YAML::Node& doc, const std::string& path, DiagnosticSink& sink, const GpuConfigArgs& gpu_configs,
              std::vector<CaseSpec>& out) {
  YamlReader r(path, sink, gpu_configs);
  if (doc.IsNull()) {  // empty, or comments only: no node to point at
    sink.add(Diagnostic{path, 1, 1, "cases", "the file holds no cases (expected a map with `cases:`)"});
    return;
  }
  if (!r.check_map(doc, "", {"defaults", "cases"})) return;
  const YAML::Node defaults = doc["defaults"];
  // Every key of a case but its id and description, which belong to one case each.
  static const std::vector<std::string> kDefaultKeys = [] {
    std::vector<std::string> keys;
    for (const auto& k : kCaseKeys)
      if (k != "id" && k != "description") keys.push_back(k);
    return keys;
  }();
  if (defaults && !r.check_map(defaults, "defaults", kDefaultKeys)) return;
  const YAML::Node cases = doc["cases"];
  if (!cases || !cases.IsSequence() || cases.size() == 0) {
    r.error(cases ? cases : doc, "cases",
            cases && cases.IsSequence() ? "an empty list: the file holds no cases" : "expected a list of cases");
    return;
  }
  for (const auto& node : cases) {
    if (!r.check_map(node, "", kCaseKeys)) continue;
    if (!node["id"]) {
      r.error(node, "id", "missing");
      continue;
    }
    const KeyLookup get = [&](const std::string& k) {
      return node[k] ? node[k] : (defaults ? defaults[k] : YAML::Node(YAML::NodeType::Undefined));
    };
    const YAML::Node gpu = get("gpu"), gpus = get("gpus");
    if (gpu.IsDefined() == gpus.IsDefined()) {
      r.error(node, "gpu", "expected exactly one of gpu: (one GPU) or gpus: (the case repeated per GPU, id suffixed .<gpu>)");
      continue;
    }
    r.set_gpu("");
    const auto names = gpu ? r.text_list(gpu, "gpu") : r.text_list(gpus, "gpus");
    if (names.empty() && (gpu ? gpu : gpus).IsSequence() && (gpu ? gpu : gpus).size() == 0)
      r.error(gpu ? gpu : gpus, gpu ? "gpu" : "gpus", "an empty list: name at least one GPU");
    for (const auto& g : names) {
      r.set_gpu(g);
      out.push_back(read_case(r, node, get, gpus ? "." + g : ""));
    }
  }
}

// Reads one file's cases into `out`; its problems, a YAML syntax error included, go to `sink`.
void read_into(const std::string& path, const std::string* text, DiagnosticSink& sink, const GpuConfigArgs& gpu_configs,
               std::vector<CaseSpec>& out) {
  try {
    read_doc(text ? config::load_yaml_text(*text, path) : load_yaml_file(path), path, sink, gpu_configs, out);
  } catch (const UserError& e) {
    for (const auto& d : e.diagnostics()) sink.add(d);
  }
}

// Throws what `sink` holds, with ids checked across `cases`; a case repeated per GPU repeats its
// problems, so each is reported once, in order.
void finish(const std::vector<CaseSpec>& cases, DiagnosticSink& sink) {
  check_unique_case_ids(cases, sink);
  try {
    sink.throw_if_any();
  } catch (const UserError& e) {
    std::vector<Diagnostic> unique;
    for (const auto& d : e.diagnostics()) {
      const auto same = [&](const Diagnostic& u) { return u.to_string() == d.to_string(); };
      if (std::none_of(unique.begin(), unique.end(), same)) unique.push_back(d);
    }
    throw UserError(unique);
  }
}

}  // namespace

fs::path builtin_cases_dir() { return data_dir("validation") / "cases"; }

std::vector<CaseSpec> load_cases(const std::vector<fs::path>& paths, const GpuConfigArgs& gpu_configs) {
  DiagnosticSink sink;
  std::vector<std::string> files;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> in_dir;
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && (e.path().extension() == ".yaml" || e.path().extension() == ".yml")) in_dir.push_back(e.path().string());
      if (in_dir.empty()) sink.add(Diagnostic{p.string(), 0, 0, "", "the directory holds no case files (*.yaml)"});
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (fs::exists(p, ec)) {
      files.push_back(p.string());
    } else {
      sink.add(Diagnostic{p.string(), 0, 0, "", "no such case file or directory"});
    }
  }
  // A file given twice (itself and its folder, or two spellings) is read once, as --measurements
  // reads a file once: its cases are not duplicates of themselves.
  std::vector<CaseSpec> out;
  std::set<fs::path> seen;
  for (const auto& f : files) {
    std::error_code ec;
    if (!seen.insert(fs::weakly_canonical(f, ec)).second) continue;
    read_into(f, nullptr, sink, gpu_configs, out);
  }
  finish(out, sink);
  return out;
}

std::vector<CaseSpec> load_cases_text(const std::string& text, const std::string& path, const GpuConfigArgs& gpu_configs) {
  DiagnosticSink sink;
  std::vector<CaseSpec> out;
  read_into(path, &text, sink, gpu_configs, out);
  finish(out, sink);
  return out;
}

void check_unique_case_ids(const std::vector<CaseSpec>& cases, DiagnosticSink& sink) {
  std::map<std::string, const CaseSpec*> seen;
  for (const auto& c : cases) {
    auto [it, fresh] = seen.emplace(c.id, &c);
    if (!fresh)
      sink.add(Diagnostic{c.file, c.line, c.column, "id",
                          fmt::format("duplicate case id '{}' (first at {}:{})", c.id, it->second->file, it->second->line)});
  }
}

}  // namespace warpsim::validation
