#include "validation/cases/quantity_reader.h"

#include <fmt/format.h>

#include <map>

#include "common/text.h"
#include "config/loader.h"
#include "isa/workloads.h"
#include "model/registry.h"
#include "report/result_table.h"
#include "validation/evaluation/alpha_sweep.h"
#include "validation/evaluation/sim_cache.h"

namespace warpsim::validation {
namespace {

// Keys each extraction kind takes besides `kind` (docs/validation.md, "extract").
const std::map<std::string, std::pair<ExtractKind, std::vector<std::string>>>& kinds() {
  static const std::map<std::string, std::pair<ExtractKind, std::vector<std::string>>> k{
      {"peak", {ExtractKind::Peak, {"metric"}}},
      {"least", {ExtractKind::Least, {"metric"}}},
      {"latency", {ExtractKind::Latency, {"per"}}},
      {"occupancy_at", {ExtractKind::OccupancyAt, {"metric", "fraction", "value", "reference", "unit", "beyond_limit"}}},
      {"throughput_at", {ExtractKind::ThroughputAt, {"metric", "warps", "unit", "at_metric", "at_value"}}},
      {"pct_peak", {ExtractKind::PctPeak, {"metric", "warps", "unit", "reference"}}},
      {"fit_abc", {ExtractKind::FitAbc, {"coefficient", "fraction"}}},
      {"cusp", {ExtractKind::Cusp, {"alphas", "threshold"}}},
      {"ratio", {ExtractKind::Ratio, {"numerator", "denominator"}}},
      {"model_quotient", {ExtractKind::ModelQuotient, {"model", "stat", "metric", "alphas"}}},
  };
  return k;
}

std::vector<int> parse_warp_list(YamlReader& r, const YAML::Node& node, const std::string& key) {
  std::vector<int> out;
  const YAML::Node n = r.resolve(node, key);
  if (!n) return out;
  if (n.IsSequence()) {
    // An empty list is every occupancy the GPU holds: a nested quantity's way to drop the case's list.
    for (const auto& item : n)
      if (auto v = r.integer(item, key, 1, 4096)) out.push_back(*v);
    return out;
  }
  auto s = r.text(n, key);
  if (!s) return out;
  const auto parts = split(*s, ':');
  std::vector<int64_t> v;
  for (const auto& p : parts)
    if (auto x = parse_int(p); x && *x >= 1 && *x <= 4096) v.push_back(*x);
  if (v.size() != parts.size() || v.empty() || v.size() > 3 || (v.size() >= 2 && v[1] < v[0])) {
    r.error(n, key, fmt::format("expected a list of warps per SM or A:B[:STEP], found '{}'", *s));
    return out;
  }
  const int64_t step = v.size() == 3 ? v[2] : 1;
  for (int64_t w = v[0]; v.size() > 1 && w <= v[1]; w += step) out.push_back(static_cast<int>(w));
  if (v.size() == 1) out.push_back(static_cast<int>(v[0]));
  return out;
}

std::shared_ptr<const Quantity> read_nested(YamlReader& r, const YAML::Node& n, const std::string& key, const RunSpec& run) {
  if (!r.check_map(n, key, run_keys())) return nullptr;
  auto q = std::make_shared<Quantity>();
  RunSpec base = run;
  if (n["workload"] && !n["params"]) base.params.clear(), base.variants.clear();
  q->run = read_run(
      r, [&](const std::string& k) { return n[k]; }, key, base);
  if (!n["extract"]) {
    r.error(n, key + ".extract", "missing (what to take from this run)");
    return nullptr;
  }
  q->extract = read_extract(r, n["extract"], key + ".extract", q->run);
  return q;
}

OccupancyUnit read_unit(YamlReader& r, const YAML::Node& n, const std::string& key) {
  const auto s = r.text(n, key);
  if (!s || *s == "warps_per_sm") return OccupancyUnit::WarpsPerSm;
  if (*s == "warps_per_scheduler") return OccupancyUnit::WarpsPerScheduler;
  if (*s == "percent_occupancy") return OccupancyUnit::PercentOccupancy;
  r.error(n, key, fmt::format("unknown occupancy unit '{}' (valid: warps_per_sm, warps_per_scheduler, percent_occupancy)", *s));
  return OccupancyUnit::WarpsPerSm;
}

void read_metric(YamlReader& r, const YAML::Node& n, const std::string& key, std::string& metric) {
  if (!n) return;
  const auto s = r.text(n, key);
  if (!s) return;
  const auto& names = metric_names();
  if (std::find(names.begin(), names.end(), *s) == names.end()) {
    const std::string hint = closest_match(*s, names);
    r.error(n, key,
            hint.empty() ? fmt::format("unknown metric '{}' (valid: {})", *s, join(names, ", "))
                         : fmt::format("unknown metric '{}' (did you mean '{}'?)", *s, hint));
    return;
  }
  metric = *s;
}

void require(YamlReader& r, const YAML::Node& n, const std::string& key, const char* what, bool ok) {
  if (!ok) r.error(n, key, what);
}

// `e` came from loading a case's run as if from the command line: its "<cli>" and `option`
// ("<--param>", "<--set>") diagnostics belong to the case file, at the case's `cli_key` or
// `option_key` (e.g. "params.count"); errors inside another file (a .wl, a GPU config) keep theirs.
void report_in_case(YamlReader& r, const KeyLookup& get, const std::string& prefix, const UserError& e, const std::string& cli_key,
                    const std::string& option, const std::string& option_key, const char* separator) {
  for (const Diagnostic& d : e.diagnostics()) {
    if (d.file != option && d.file != "<cli>") {
      r.add(d);
      continue;
    }
    const std::string key = d.file == "<cli>" ? cli_key : option_key;
    // A nested quantity may have neither key of its own: then the lookup gives an invalid node,
    // which must not be assigned to (yaml-cpp throws), only copied.
    const auto where = [&]() -> YAML::Node {
      YAML::Node own = get(key);
      return own ? own : get("workload");
    };
    const YAML::Node at = where();
    const std::string name = prefix.empty() ? key : prefix + "." + key;
    r.error(at, d.key.empty() || d.file == "<cli>" ? name : name + separator + d.key, d.message);
  }
}

// The workload with every variant's parameters, and the GPU config with the run's `sets:`, must
// load now, so that a bad one is reported at the case file's line, not at run time as a command-line
// error. Each distinct one once per file: most cases of a file share them.
void check_run_loads(YamlReader& r, const KeyLookup& get, const std::string& prefix, const RunSpec& run) {
  for (size_t v = 0; !run.workload.empty() && v < variant_count(run); ++v) {
    const ParamSet params = variant_params(run, v);
    if (!r.first_time("workload|" + run.workload + "|" + report::params_text(params))) continue;
    try {
      (void)case_kernel(run, params);
    } catch (const UserError& e) {
      report_in_case(r, get, prefix, e, "workload", "<--param>", v < run.variants.size() && !get("params") ? "variants" : "params", ".");
      break;
    }
  }
  if (run.gpu.empty() || !r.first_time("config|" + run.gpu + "|" + join(run.sets, " "))) return;
  try {
    (void)config::load_hw_config(run.gpu, run.sets);
  } catch (const UserError& e) {
    report_in_case(r, get, prefix, e, get("gpu") ? "gpu" : "gpus", "<--set>", "sets", " ");
  }
}

}  // namespace

const std::vector<std::string>& run_keys() {
  static const std::vector<std::string> keys{"workload", "params", "variants",      "warps", "sms",
                                             "waves",    "blocks", "device_blocks", "sets",  "extract"};
  return keys;
}

RunSpec read_run(YamlReader& r, const KeyLookup& get, const std::string& prefix, RunSpec run) {
  const auto k = [&](const char* name) { return prefix.empty() ? std::string(name) : prefix + "." + name; };
  if (auto n = get("workload")) {
    if (auto s = r.text(n, k("workload"))) run.workload = *s;
  }
  if (auto n = get("params")) run.params = r.params(n, k("params"));
  if (auto n = get("variants")) {
    run.variants.clear();
    if (!n.IsSequence() || n.size() == 0)
      r.error(n, k("variants"),
              n.IsSequence() ? "an empty list: give parameter maps, or leave the key out" : "expected a list of parameter maps");
    else
      for (const auto& v : n) run.variants.push_back(r.params(v, k("variants")));
  }
  if (auto n = get("warps")) run.warps = parse_warp_list(r, n, k("warps"));
  if (auto n = get("sms")) run.sms = n.IsScalar() && n.Scalar() == "all" ? 0 : r.integer(n, k("sms"), 1, 4096).value_or(1);
  if (auto n = get("waves")) run.waves = r.integer(n, k("waves"), 0, 1000).value_or(0);
  if (auto n = get("blocks")) run.blocks = r.integer(n, k("blocks"), 1, 1 << 20).value_or(0);
  if (auto n = get("device_blocks")) run.device_blocks = r.integer(n, k("device_blocks"), 1, 1 << 30).value_or(0);
  if (auto n = get("sets")) {
    // A map here is per GPU; one keyed by config keys is `--set`s written as a map: say how to write them.
    const bool config_keys =
        n.IsMap() && n.size() > 0 && n.begin()->first.IsScalar() && n.begin()->first.Scalar().find('.') != std::string::npos;
    if (config_keys)
      r.error(n, k("sets"),
              fmt::format("expected a list of key=value strings, as --set takes them (e.g. [{}=...]); a map here is per GPU",
                          n.begin()->first.Scalar()));
    else
      run.sets = r.text_list(n, k("sets"));
  }
  check_run_loads(r, get, prefix, run);
  return run;
}

Extract read_extract(YamlReader& r, const YAML::Node& n, const std::string& key, const RunSpec& run) {
  Extract e;
  if (!n.IsMap() || !n["kind"]) {
    r.error(n, key,
            "expected a map with kind: (peak, latency, occupancy_at, throughput_at, pct_peak, fit_abc, cusp, ratio, model_quotient)");
    return e;
  }
  const auto kind = r.text(n["kind"], key + ".kind");
  auto it = kind ? kinds().find(*kind) : kinds().end();
  if (it == kinds().end()) {
    if (kind)
      r.error(
          n["kind"], key + ".kind",
          fmt::format(
              "unknown extraction '{}' (valid: peak, latency, occupancy_at, throughput_at, pct_peak, fit_abc, cusp, ratio, model_quotient)",
              *kind));
    return e;
  }
  e.kind = it->second.first;
  std::vector<std::string> allowed = it->second.second;
  allowed.push_back("kind");
  if (!r.check_map(n, key, allowed)) return e;
  read_metric(r, n["metric"], key + ".metric", e.metric);
  if (n["fraction"]) {
    e.fraction = r.number(n["fraction"], key + ".fraction").value_or(kNaN);
    // Of a peak (occupancy_at: the peak itself, 1, is attained), or of a curve's peak (fit_abc).
    require(r, n["fraction"], key + ".fraction", "expected a fraction of the peak in (0, 1]",
            std::isnan(e.fraction) || (e.fraction > 0 && e.fraction <= 1));
  }
  if (n["value"]) {
    e.value = r.number(n["value"], key + ".value").value_or(kNaN);
    require(r, n["value"], key + ".value", "expected a positive level of the metric", std::isnan(e.value) || e.value > 0);
  }
  if (n["beyond_limit"]) {
    e.beyond_limit = r.number(n["beyond_limit"], key + ".beyond_limit").value_or(kNaN);
    require(r, n["beyond_limit"], key + ".beyond_limit", "expected a factor in (1, 4]: the what-if SM's occupancy resources over the GPU's",
            std::isnan(e.beyond_limit) || (e.beyond_limit > 1 && e.beyond_limit <= 4));
  }
  if (n["warps"]) e.warps = r.number(n["warps"], key + ".warps").value_or(kNaN);
  read_metric(r, n["at_metric"], key + ".at_metric", e.at_metric);
  if (n["at_value"]) {
    e.at_value = r.number(n["at_value"], key + ".at_value").value_or(kNaN);
    require(r, n["at_value"], key + ".at_value", "expected a positive level of at_metric", std::isnan(e.at_value) || e.at_value > 0);
  }
  if (n["per"]) {
    e.per = r.number(n["per"], key + ".per").value_or(kNaN);
    require(r, n["per"], key + ".per", "expected a positive count to divide by", std::isnan(e.per) || e.per > 0);
  }
  if (n["threshold"]) {
    e.threshold = r.number(n["threshold"], key + ".threshold").value_or(0.9);
    require(r, n["threshold"], key + ".threshold", "expected a fraction of the peak in (0, 1]", e.threshold > 0 && e.threshold <= 1);
  }
  if (n["unit"]) e.unit = read_unit(r, n["unit"], key + ".unit");
  if (n["alphas"]) {
    e.alphas = r.text_list(n["alphas"], key + ".alphas");
    for (const auto& a : e.alphas) {  // α-mix runs (alpha_sweep.h): each α, with the case's params, must be one the generator takes
      const RunSpec at_alpha = alpha_run(run, a);
      if (!r.first_time("alpha|" + at_alpha.workload + "|" + report::params_text(at_alpha.params))) continue;
      try {
        (void)case_kernel(at_alpha, at_alpha.params);  // as the runs build it (block_warps is the case's)
      } catch (const UserError& err) {
        const Diagnostic& d = err.diagnostics().front();
        r.error(n["alphas"], key + ".alphas",
                d.key.empty() || d.key == "alpha" ? d.message : fmt::format("params.{}: {}", d.key, d.message));
      }
    }
  }
  if (n["stat"]) {
    e.stat = r.text(n["stat"], key + ".stat").value_or("max");
    require(r, n["stat"], key + ".stat", "expected max, min or max_inverse (the largest simulated / estimate)",
            e.stat == "max" || e.stat == "min" || e.stat == "max_inverse");
  }
  if (n["coefficient"]) {
    const std::string c = r.text(n["coefficient"], key + ".coefficient").value_or("a");
    require(r, n["coefficient"], key + ".coefficient", "expected a, b, c or latency", c == "a" || c == "b" || c == "c" || c == "latency");
    e.coefficient = c == "latency" ? 'L' : c.empty() ? 'a' : c[0];
  }
  if (n["model"]) {
    e.model = r.text(n["model"], key + ".model").value_or("");
    require(r, n["model"], key + ".model", "unknown model (see `warpsim list models`)", model::find_model(e.model) != nullptr);
  }
  if (n["reference"]) e.reference = read_nested(r, n["reference"], key + ".reference", run);
  if (n["numerator"]) e.numerator = read_nested(r, n["numerator"], key + ".numerator", run);
  if (n["denominator"]) e.denominator = read_nested(r, n["denominator"], key + ".denominator", run);
  switch (e.kind) {
    case ExtractKind::OccupancyAt:
      require(r, n, key, "occupancy_at needs exactly one of fraction: or value:", std::isnan(e.fraction) != std::isnan(e.value));
      require(r, n, key, "reference: goes with fraction:, not value:", !e.reference || !std::isnan(e.fraction));
      break;
    case ExtractKind::ThroughputAt:
      require(r, n, key, "at_metric: and at_value: go together, instead of warps:",
              n["at_metric"].IsDefined() == n["at_value"].IsDefined() && !(n["at_metric"] && n["warps"]));
      [[fallthrough]];
    case ExtractKind::PctPeak:
      require(r, n, key, "warps: must be positive", std::isnan(e.warps) || e.warps > 0);
      break;
    case ExtractKind::FitAbc:
      require(r, n, key, "needs coefficient: a, b, c or latency", n["coefficient"].IsDefined());
      require(r, n, key, "coefficient: latency needs fraction: (of the compared curve's peak, in (0, 1))",
              e.coefficient != 'L' || (e.fraction > 0 && e.fraction < 1));
      require(r, n, key, "fraction: goes with coefficient: latency only", e.coefficient == 'L' || std::isnan(e.fraction));
      break;
    case ExtractKind::Ratio:
      require(r, n, key, "needs numerator: and denominator:", n["numerator"] && n["denominator"]);
      break;
    case ExtractKind::ModelQuotient:
      require(r, n, key, "needs model:", n["model"].IsDefined());
      break;
    case ExtractKind::Cusp:
      require(r, n, key, "needs alphas: (at least 3)", e.alphas.size() >= 3);
      break;
    default:
      break;
  }
  return e;
}

}  // namespace warpsim::validation
