#include "validation/report/report_tables.h"

#include <fmt/format.h>

#include <cmath>

namespace warpsim::validation {
namespace {

using report::Cell;

Cell num(double v) { return std::isfinite(v) ? Cell{v} : Cell{}; }

const ModelOutcome* find(const CaseOutcome& o, const std::string& model) {
  for (const auto& m : o.models)
    if (m.model == model) return &m;
  return nullptr;
}

std::string model_text(const ModelOutcome* m) { return m ? value_text(m->value) : ""; }

}  // namespace

std::string value_text(const Value& v) { return v.ok() ? report::format_number(v.v, 4) : "—"; }

std::string error_text(double e, bool relative) {
  if (std::isnan(e)) return "—";
  if (std::isinf(e)) return e > 0 ? "+inf" : "-inf";
  if (relative) return fmt::format("{:+.1f}%", 100 * e);
  return fmt::format("{}{}", e >= 0 ? "+" : "", report::format_number(e, 3));
}

std::string tolerance_text(const Tolerance& t) {
  if (t.relative) return fmt::format("±{}%", report::format_number(100 * t.amount, 3));
  return fmt::format("±{} {}", report::format_number(t.amount, 3), t.unit);
}

report::Table cases_table(const std::vector<CaseOutcome>& outcomes) {
  report::Table t({{"case"},
                   {"gpu"},
                   {"extract"},
                   {"unit"},
                   {"measured"},
                   {"simulated"},
                   {"volkov"},
                   {"volkov_refined"},
                   {"other_models"},
                   {"error"},
                   {"tolerance"},
                   {"result"},
                   {"in_sample"}});
  for (const auto& o : outcomes) {
    std::string others;
    for (const auto& m : o.models) {
      if (m.model == "volkov" || m.model == "volkov_refined") continue;
      others += (others.empty() ? "" : " ") + m.model + "=" + value_text(m.value);
    }
    t.add_row({o.spec->id, o.spec->gpu, extract_kind_name(o.spec->quantity.extract.kind), o.unit, o.reference.text, value_text(o.simulated),
               model_text(find(o, "volkov")), model_text(find(o, "volkov_refined")), others,
               error_text(o.error, o.spec->tolerance.relative), tolerance_text(o.spec->tolerance), o.pass ? "pass" : "FAIL",
               in_sample_keys(o.in_sample)});
  }
  return t;
}

std::string in_sample_keys(const std::vector<std::string>& in_sample) {
  std::string keys;
  for (const std::string& entry : in_sample) {
    if (!keys.empty()) keys += ' ';
    keys.append(entry, 0, entry.find(':'));
  }
  return keys;
}

report::Table values_table(const std::vector<CaseOutcome>& outcomes) {
  report::Table t({{"case"}, {"gpu"}, {"source"}, {"value", 6}, {"error", 6}, {"rel_error", 6}, {"within"}, {"note"}, {"in_sample"}});
  for (const auto& o : outcomes) {
    t.add_row({o.spec->id, o.spec->gpu, std::string("simulator"), num(o.simulated.v), num(o.error), num(o.rel_error),
               std::string(o.pass ? "yes" : "no"), o.simulated.note, in_sample_keys(o.in_sample)});
    for (const auto& m : o.models)
      t.add_row({o.spec->id, o.spec->gpu, m.model, num(m.value.v), num(m.error), num(m.rel_error), std::string(m.within ? "yes" : "no"),
                 m.value.note, in_sample_keys(m.in_sample)});
  }
  return t;
}

report::Table accuracy_table(const std::vector<AccuracyRow>& rows) {
  report::Table t({{"gpu"},
                   {"source"},
                   {"cases"},
                   {"within_tolerance"},
                   {"no_value"},
                   {"worst_over"},
                   {"worst_over_case"},
                   {"worst_under"},
                   {"worst_under_case"}});
  for (const auto& r : rows)
    t.add_row({r.gpu, r.source, int64_t{r.cases}, int64_t{r.within}, int64_t{r.missing}, error_text(r.worst_over, true), r.worst_over_case,
               error_text(r.worst_under, true), r.worst_under_case});
  return t;
}

}  // namespace warpsim::validation
