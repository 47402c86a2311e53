#include "validation/report/accuracy.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "model/registry.h"

namespace warpsim::validation {
namespace {

void add(AccuracyRow& row, const Value& v, double rel, bool ok, const std::string& id) {
  if (v.note.rfind("n/a", 0) == 0) return;  // the model is not defined for this kernel
  if (!v.ok() || std::isnan(rel)) {
    ++row.missing;
    return;
  }
  ++row.cases;
  row.within += ok;
  if (rel > 0 && (std::isnan(row.worst_over) || rel > row.worst_over)) row.worst_over = rel, row.worst_over_case = id;
  if (rel < 0 && (std::isnan(row.worst_under) || rel < row.worst_under)) row.worst_under = rel, row.worst_under_case = id;
}

// "MODEL, out of sample" -> "MODEL"; "" for any other source.
std::string model_of_out_of_sample_row(const std::string& s) {
  const std::string suffix = kOutOfSampleSuffix;
  return s != kSimulatorOutOfSample && s.ends_with(suffix) ? s.substr(0, s.size() - suffix.size()) : "";
}

// simulator (all, out of sample, in sample, per seed), volkov, volkov_refined, then every other
// model in registry order, each followed by its out-of-sample row.
int source_rank(const std::string& s) {
  if (s == kSimulator) return -4;
  if (s == kSimulatorOutOfSample) return -3;
  if (s == kSimulatorInSample) return -2;
  if (s.rfind("simulator on ", 0) == 0) return -1;
  const auto names = model::model_names();
  const std::string model = model_of_out_of_sample_row(s);
  const std::string& name = model.empty() ? s : model;
  return 2 * static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin()) + !model.empty();
}

}  // namespace

std::string simulator_on_source(const std::string& measurement_id) {
  const std::string prefix = measurement_id.substr(0, measurement_id.find('.'));
  const std::map<std::string, std::string> seeds{{"volkov", "Volkov 2016"}, {"teg", "TEG 2011"}, {"lemeire", "Lemeire 2016"}};
  const auto it = seeds.find(prefix);
  return "simulator on " + (it != seeds.end() ? it->second : prefix);
}

std::vector<AccuracyRow> accuracy_summary(const std::vector<CaseOutcome>& outcomes) {
  std::map<std::pair<std::string, std::string>, AccuracyRow> rows;
  auto row = [&](const std::string& gpu, const std::string& source) -> AccuracyRow& {
    AccuracyRow& r = rows[{gpu, source}];
    r.gpu = gpu, r.source = source;
    return r;
  };
  for (const auto& o : outcomes) {
    if (!o.reference.measured) continue;
    for (const std::string& gpu : {o.spec->gpu, std::string("all")}) {
      add(row(gpu, kSimulator), o.simulated, o.rel_error, o.pass, o.spec->id);
      add(row(gpu, o.in_sample.empty() ? kSimulatorOutOfSample : kSimulatorInSample), o.simulated, o.rel_error, o.pass, o.spec->id);
      for (const auto& m : o.models) {
        add(row(gpu, m.model), m.value, m.rel_error, m.within, o.spec->id);
        if (m.in_sample.empty()) add(row(gpu, m.model + kOutOfSampleSuffix), m.value, m.rel_error, m.within, o.spec->id);
      }
    }
    if (!o.spec->compare.measurements.empty())
      add(row("all", simulator_on_source(o.spec->compare.measurements.front())), o.simulated, o.rel_error, o.pass, o.spec->id);
  }
  std::vector<AccuracyRow> out;
  for (auto& [k, r] : rows) {
    // A model's out-of-sample row only where it differs: some of its cases there are in sample.
    if (const std::string model = model_of_out_of_sample_row(r.source); !model.empty()) {
      const AccuracyRow& whole = rows.at({r.gpu, model});
      if (whole.cases == r.cases && whole.missing == r.missing) continue;
    }
    out.push_back(r);
  }
  std::stable_sort(out.begin(), out.end(), [](const AccuracyRow& a, const AccuracyRow& b) {
    if ((a.gpu == "all") != (b.gpu == "all")) return b.gpu == "all";
    if (a.gpu != b.gpu) return a.gpu < b.gpu;
    return source_rank(a.source) < source_rank(b.source);
  });
  return out;
}

Headline headline(const std::vector<CaseOutcome>& outcomes) {
  Headline h;
  // "n/a" (a model not defined for the kernel) skips a case; a source that should have given a
  // number and did not (e.g. never attains the threshold) is counted as missing.
  const auto has_number = [](const Value& v, double rel) { return v.ok() && !std::isnan(rel); };
  for (const auto& o : outcomes) {
    if (!o.reference.measured || std::isnan(o.reference.lo) || std::isnan(o.reference.hi)) continue;
    auto v = std::find_if(o.models.begin(), o.models.end(), [](const ModelOutcome& m) { return m.model == "volkov"; });
    if (v == o.models.end() || v->value.note.rfind("n/a", 0) == 0 || o.simulated.note.rfind("n/a", 0) == 0) continue;
    const bool sim_ok = has_number(o.simulated, o.rel_error), model_ok = has_number(v->value, v->rel_error);
    h.simulator_missing += !sim_ok;
    h.volkov_missing += !model_ok;
    if (!sim_ok || !model_ok) continue;
    ++h.cases;
    const double s = std::abs(o.rel_error), m = std::abs(v->rel_error);
    if (std::isnan(h.simulator) || s > h.simulator) h.simulator = s, h.simulator_case = o.spec->id;
    if (std::isnan(h.volkov) || m > h.volkov) h.volkov = m, h.volkov_case = o.spec->id;
  }
  return h;
}

std::string headline_error_text(double magnitude) {
  // compare.cpp's error_of is infinite only against a range end of 0.
  return std::isinf(magnitude) ? "unbounded (measured 0: no relative error)" : fmt::format("{:.1f}%", 100 * magnitude);
}

std::string headline_verdict(const Headline& h) {
  if (h.simulator_missing > h.volkov_missing)
    return "the simulator is not more accurate than the basic model on these cases: it leaves more of them without a number";
  if (h.simulator_case == h.volkov_case && std::abs(h.simulator - h.volkov) <= 0.01 * std::abs(h.volkov))
    return "the simulator is about as accurate as the basic model on these cases: both are worst on the same case, within 1% of each other";
  return h.simulator < h.volkov ? "the simulator is more accurate than the basic model on these cases"
                                : "the simulator is not more accurate than the basic model on these cases";
}

}  // namespace warpsim::validation
