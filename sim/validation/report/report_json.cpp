// report.json: everything of report.md as data (numbers as numbers, null where there is none).
#include <nlohmann/json.hpp>

#include <cmath>

#include "common/user_error.h"
#include "validation/report/report_tables.h"
#include "validation/report/report_writer.h"

namespace warpsim::validation {
namespace {

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

nlohmann::json value(const Value& v, double error, double rel, bool within) {
  return {{"value", number(v.v)}, {"note", v.note}, {"error", number(error)}, {"rel_error", number(rel)}, {"within_tolerance", within}};
}

// Bytes that are not UTF-8 (a name in a user's file) go out as U+FFFD.
std::string dump(const nlohmann::json& j) { return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace); }

constexpr const char* kCasesSlot = "@@ the cases, dumped one at a time @@";

}  // namespace

std::string report_json(const ReportInput& in, const FigureStatus& figs) {
  nlohmann::json j;
  j["command"] = in.command;
  j["simulations"] = in.simulations;
  size_t passed = 0;
  // The cases, the bulk of the report, are dumped one at a time into the text of the array, as the
  // whole document's dump would lay them out (two levels in): a document of every case at once
  // took ~11 KB of memory per case, two thirds of `validate`'s peak on a large measurement file.
  std::string cases;
  for (const auto& o : in.outcomes) {
    passed += o.pass;
    const CaseSpec& c = *o.spec;
    nlohmann::json m = nlohmann::json::object();
    for (const auto& x : o.models) {
      m[x.model] = value(x.value, x.error, x.rel_error, x.within);
      m[x.model]["in_sample"] = x.in_sample;
    }
    const nlohmann::json one(
        {{"id", c.id},
         {"gpu", c.gpu},
         {"description", c.description},
         {"extract", extract_kind_name(c.quantity.extract.kind)},
         {"unit", o.unit},
         {"reference",
          {{"text", o.reference.text}, {"lo", number(o.reference.lo)}, {"hi", number(o.reference.hi)}, {"measured", o.reference.measured}}},
         {"simulated", value(o.simulated, o.error, o.rel_error, o.pass)},
         {"models", m},
         {"tolerance",
          {{"relative", c.tolerance.relative}, {"amount", c.tolerance.amount}, {"unit", c.tolerance.unit}, {"reason", c.tolerance_reason}}},
         {"result", o.pass ? "pass" : "fail"},
         {"in_sample", o.in_sample},
         {"failure_reason", o.failure_reason},
         {"file", c.file},
         {"line", c.line}});
    cases += cases.empty() ? "    " : ",\n    ";
    for (const char ch : dump(one)) {
      cases += ch;
      if (ch == '\n') cases += "    ";  // strings hold no raw newline (JSON escapes it)
    }
  }
  j["passed"] = passed;
  j["failed"] = in.outcomes.size() - passed;
  j["cases"] = kCasesSlot;
  nlohmann::json acc = nlohmann::json::array();
  for (const auto& r : in.accuracy)
    acc.push_back({{"gpu", r.gpu},
                   {"source", r.source},
                   {"cases", r.cases},
                   {"within_tolerance", r.within},
                   {"no_value", r.missing},
                   {"worst_over", number(r.worst_over)},
                   {"worst_over_case", r.worst_over_case},
                   {"worst_under", number(r.worst_under)},
                   {"worst_under_case", r.worst_under_case}});
  j["accuracy"] = acc;
  j["headline"] = {{"cases", in.headline.cases},
                   {"simulator_worst", number(in.headline.simulator)},
                   {"simulator_case", in.headline.simulator_case},
                   {"volkov_worst", number(in.headline.volkov)},
                   {"volkov_case", in.headline.volkov_case},
                   {"simulator_missing", in.headline.simulator_missing},
                   {"volkov_missing", in.headline.volkov_missing}};
  j["figures"] = {{"made", figs.made}, {"why_not", figs.why_not}, {"files", figs.files}};
  j["notes"] = in.notes;
  nlohmann::json inv = nlohmann::json::array();
  for (const auto& c : in.invariants)
    inv.push_back({{"name", c.name},
                   {"rule", c.rule},
                   {"checked", c.checked},
                   {"violated", c.violated},
                   {"worst", number(c.worst)},
                   {"worst_run", c.worst_run}});
  j["invariants"] = inv;
  nlohmann::json fnd = nlohmann::json::array();
  for (const auto& o : in.finding_outcomes)
    fnd.push_back({{"id", o.finding->id},
                   {"claim", o.finding->claim},
                   {"source", o.finding->source},
                   {"cases", o.cases},
                   {"passed", o.passed},
                   {"reproduced", o.reproduced()},
                   {"failed", o.failed}});
  j["findings"] = fnd;
  if (in.memory_models) j["memory_models"] = nlohmann::json::parse(in.memory_models->summary.to_json());
  std::string text = dump(j) + "\n";
  const std::string slot = "\"cases\": " + nlohmann::json(kCasesSlot).dump();
  const size_t at = text.find(slot);
  WARPSIM_ASSERT(at != std::string::npos, "report.json lost its cases");
  text.replace(at, slot.size(), cases.empty() ? std::string("\"cases\": []") : "\"cases\": [\n" + cases + "\n  ]");
  return text;
}

}  // namespace warpsim::validation
