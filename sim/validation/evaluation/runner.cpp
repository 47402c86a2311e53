#include "validation/evaluation/runner.h"

#include <fmt/format.h>

#include <algorithm>

#include <cmath>

#include "common/text.h"
#include "common/user_error.h"
#include "validation/cases/case_loader.h"

namespace warpsim::validation {
namespace {

std::vector<const Measurement*> rows_of(const CaseSpec& c, const MeasurementSet& ms) {
  std::vector<const Measurement*> rows;
  for (const auto& id : c.compare.measurements)
    if (const Measurement* m = ms.find(id)) rows.push_back(m);
  return rows;
}

// The rows of a measured fit (Table 6.5), <prefix>.<part>: a, b, c and the peak it is read against.
struct FitRow {
  const char* part;
  const char* unit;
};
constexpr FitRow kFitRows[] = {{"a", "cycles"}, {"b", "cycles"}, {"c", "gbps"}, {"peak", "gbps"}};

const Measurement* fit_row(const CaseSpec& c, const MeasurementSet& ms, const char* part) {
  return ms.find(c.compare.fit_curve + "." + part);
}

// throughput_at / pct_peak without warps: the occupancy of the measurement row. A fitted latency
// (fit_abc, coefficient: latency): the throughput x = fraction × the measured peak.
Quantity resolved(const CaseSpec& c, const MeasurementSet& ms) {
  Quantity q = c.quantity;
  Extract& e = q.extract;
  if (e.kind == ExtractKind::FitAbc && e.coefficient == 'L')
    if (const Measurement* peak = c.compare.fit_curve.empty() ? nullptr : fit_row(c, ms, "peak")) e.value = e.fraction * peak->value;
  if ((e.kind == ExtractKind::ThroughputAt || e.kind == ExtractKind::PctPeak) && std::isnan(e.warps) && e.at_metric.empty())
    for (const Measurement* m : rows_of(c, ms))
      if (m->warps_per_sm) e.warps = *m->warps_per_sm, e.unit = OccupancyUnit::WarpsPerSm;
  return q;
}

}  // namespace

void check_cases(const std::vector<CaseSpec>& cases, const MeasurementSet& ms) {
  DiagnosticSink sink;
  // Case files refuse repeated ids already; a case derived from measurements may still take the id
  // of a case file's case, and the report would show two rows under one id.
  check_unique_case_ids(cases, sink);
  for (const auto& c : cases) {
    const auto at = [&](const std::string& key, std::string msg) { sink.add(Diagnostic{c.file, c.line, c.column, key, std::move(msg)}); };
    const std::string unit = output_unit(c.quantity.extract);
    std::vector<const Measurement*> rows;
    for (const auto& id : c.compare.measurements) {
      const Measurement* m = ms.find(id);
      if (!m) {
        at("compare.measurement", fmt::format("no measurement with id '{}' (see `warpsim list measurements`)", id));
        continue;
      }
      if (m->unit != unit) at("compare.measurement", fmt::format("'{}' is in {}, but the extraction gives {}", id, m->unit, unit));
      const std::string& on = c.compare.measured_on.empty() ? c.gpu : c.compare.measured_on;
      if (!on.empty() && !m->applies_to(on))
        at("compare.measurement",
           fmt::format("'{}' was measured on {}, not on {} {}{}", id, join(m->gpus, "+"),
                       c.compare.measured_on.empty() ? "this case's GPU" : "its compare.measured_on", on,
                       c.compare.measured_on.empty()
                           ? fmt::format(" (rows of another product of its generation: give compare.measured_on: {})", m->gpus.front())
                           : ""));
      if (!rows.empty() && rows.front()->warps_per_sm != m->warps_per_sm)
        at("compare.measurement",
           fmt::format("'{}' and '{}' were taken at different occupancies (warps_per_sm): one case compares one number", rows.front()->id,
                       id));
      rows.push_back(m);
    }
    if (const Reference ref = reference_from(rows); rows.size() > 1 && ref.lo > ref.hi)
      at("compare.measurement",
         fmt::format("the rows leave no value to compare with: their lower end {:g} is above their upper end {:g} (a "
                     "range is one row with bound=lower and one with bound=upper above it)",
                     ref.lo, ref.hi));
    const bool fitted_latency = c.quantity.extract.kind == ExtractKind::FitAbc && c.quantity.extract.coefficient == 'L';
    if (fitted_latency != !c.compare.fit_curve.empty())
      at("compare.fit_curve", "goes with, and only with, extract {kind: fit_abc, coefficient: latency}");
    if (!c.compare.fit_curve.empty())
      for (const FitRow& row : kFitRows) {
        const Measurement* m = fit_row(c, ms, row.part);
        const std::string id = c.compare.fit_curve + "." + row.part;
        if (!m)
          at("compare.fit_curve", fmt::format("no measurement with id '{}' (see `warpsim list measurements`)", id));
        else if (m->unit != row.unit)
          at("compare.fit_curve", fmt::format("'{}' is in {}, expected {}", id, m->unit, row.unit));
      }
    if (!c.tolerance.relative && c.tolerance.unit != unit)
      at("tolerance.unit", fmt::format("'{}' does not match the extraction's unit {}", c.tolerance.unit, unit));
    const Quantity q = resolved(c, ms);
    if ((q.extract.kind == ExtractKind::ThroughputAt || q.extract.kind == ExtractKind::PctPeak) && std::isnan(q.extract.warps) &&
        q.extract.at_metric.empty())
      at("extract.warps", "missing, and no compared measurement gives warps_per_sm");
  }
  sink.throw_if_any();
}

void plan_cases(Evaluator& ev, const std::vector<CaseSpec>& cases) {
  ev.set_planning(true);
  DiagnosticSink sink;
  for (const auto& c : cases) {
    const Quantity q = c.quantity;
    ev.evaluate(q, Source{});
    for (const auto& m : c.models) ev.evaluate(q, Source{m});
    if (!c.compare.model.empty()) ev.evaluate(q, Source{c.compare.model});
    std::vector<Evaluator::PlanProblem> problems = ev.take_plan_problems();  // once each, however many sources plan a run
    std::sort(problems.begin(), problems.end(), [](const auto& a, const auto& b) { return a.message < b.message; });
    problems.erase(std::unique(problems.begin(), problems.end(), [](const auto& a, const auto& b) { return a.message == b.message; }),
                   problems.end());
    // A measured row at an occupancy the config cannot set up stays a case without a number, its
    // reason in the report; the rest is bad input at the case (a case file's line, or the row's).
    for (auto& p : problems)
      if (!p.case_file_only || !c.derived) sink.add(Diagnostic{c.file, c.line, c.column, p.key, std::move(p.message)});
  }
  ev.set_planning(false);
  sink.throw_if_any();
}

std::vector<CaseOutcome> judge_cases(Evaluator& ev, const std::vector<CaseSpec>& cases, const MeasurementSet& ms) {
  std::vector<CaseOutcome> out;
  for (const auto& c : cases) {
    CaseOutcome o;
    o.spec = &c;
    o.unit = output_unit(c.quantity.extract);
    const Quantity q = resolved(c, ms);
    if (!c.compare.measurements.empty()) {
      o.reference = reference_from(rows_of(c, ms));
    } else if (!c.compare.fit_curve.empty()) {
      o.reference = reference_from_fit(*fit_row(c, ms, "a"), *fit_row(c, ms, "b"), *fit_row(c, ms, "c"), q.extract.value);
    } else if (!c.compare.model.empty()) {
      const Value v = ev.evaluate(q, Source{c.compare.model});
      o.reference = reference_from_value(v.v, v.ok() ? fmt::format("{} {:.4g}", c.compare.model, v.v) : c.compare.model + " n/a");
    } else {
      o.reference = reference_from_relation(c.compare);
    }
    o.simulated = ev.evaluate(q, Source{});
    o.error = error_of(o.simulated.v, o.reference, c.tolerance.relative);
    o.rel_error = error_of(o.simulated.v, o.reference, true);
    o.pass = o.simulated.ok() && within(o.simulated.v, o.reference, c.tolerance);
    for (const auto& m : c.models) {
      ModelOutcome mo;
      mo.model = m;
      mo.value = ev.evaluate(q, Source{m});
      mo.error = error_of(mo.value.v, o.reference, c.tolerance.relative);
      mo.rel_error = error_of(mo.value.v, o.reference, true);
      mo.within = mo.value.ok() && within(mo.value.v, o.reference, c.tolerance);
      o.models.push_back(std::move(mo));
    }
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace warpsim::validation
