// report.md: the accuracy summary first (the headline numbers), then the figures, the case
// table, the failures with what went wrong, and every case's tolerance with its reason.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "common/text.h"
#include "report/table.h"
#include "validation/report/report_tables.h"
#include "validation/report/report_writer.h"

namespace warpsim::validation {
namespace {

std::string cell(std::string s) {
  for (size_t at = s.find('|'); at != std::string::npos; at = s.find('|', at + 2)) s.replace(at, 1, "\\|");
  for (auto& c : s)
    if (c == '\n') c = ' ';
  return s;
}

std::string row(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (const auto& c : cells) out += fmt::format(" {} |", cell(c));
  return out + "\n";
}

std::string header(const std::vector<std::string>& cells) {
  std::string out = row(cells) + "|";
  for (size_t i = 0; i < cells.size(); ++i) out += "---|";
  return out + "\n";
}

// ", and the simulator gave no number in 5 more cases, the basic model in 47": cases with no
// number are not in the worst error (no size to compare) and must not hide.
std::string missing_text(const Headline& h) {
  if (h.simulator_missing == 0 && h.volkov_missing == 0) return "";
  return fmt::format("; the simulator gave no number in {} other case{}, the basic model in {}", h.simulator_missing,
                     h.simulator_missing == 1 ? "" : "s", h.volkov_missing);
}

std::string summary(const ReportInput& in) {
  std::string md = "## Accuracy summary\n\n";
  const Headline& h = in.headline;
  if (h.cases > 0)
    md += fmt::format(
        "Over the {} cases compared with a real-GPU measurement where both gave a number, the **simulator's worst error is {}** "
        "(`{}`) and **Volkov's basic model's worst error is {}** (`{}`){}: {}.\n\n",
        h.cases, headline_error_text(h.simulator), h.simulator_case, headline_error_text(h.volkov), h.volkov_case, missing_text(h),
        headline_verdict(h));
  md +=
      "Relative errors against the measured value (or the nearer end of a measured range); \"within\" counts the cases within each "
      "case's own tolerance. Cases compared with a model or a qualitative relation are not counted here.\n\n";
  md += header({"gpu", "source", "cases", "within tolerance", "worst over-estimate", "worst under-estimate"});
  for (const auto& r : in.accuracy)
    md += row({r.gpu, r.source, std::to_string(r.cases) + (r.missing ? fmt::format(" (+{} without a number)", r.missing) : ""),
               std::to_string(r.within), error_text(r.worst_over, true) + (r.worst_over_case.empty() ? "" : " (" + r.worst_over_case + ")"),
               error_text(r.worst_under, true) + (r.worst_under_case.empty() ? "" : " (" + r.worst_under_case + ")")});
  return md + "\n";
}

std::string memory_models(const std::optional<MemoryModelSection>& s, bool figure_made) {
  if (!s) return "";
  const auto has = [&](const char* m) { return std::find(s->models.begin(), s->models.end(), m) != s->models.end(); };
  // What each model is (docs/memory-model*.md), for those this run compared.
  const std::vector<std::pair<const char*, const char*>> what = {
      {"dram", "`dram` the default: bank-level DRAM behind FR-FCFS controllers, from datasheets"},
      {"queue", "`queue` its fast approximation, each request timed at arrival"},
      {"fixed", "`fixed` the basic model's deterministic cap (Table 6.4's peak)"},
      {"servers", "`servers` Table 6.5's contention as random servers behind the peak"},
      {"simgrid", "`simgrid` SimGrid's max-min flow sharing over a platform generated from the config"}};
  std::vector<std::string> described;
  for (const auto& [name, text] : what)
    if (has(name)) described.push_back(text);
  std::string md = "## Memory-system models\n\n";
  md += fmt::format(
      "The streaming experiment of Volkov 2016 §6.3-6.4 (α = 0, dependent coalesced loads, every {} warps/SM, one SM with its "
      "share of the memory system as the cases have by default) under each memory model built into this warpsim ({}), beside the seed's "
      "Table 6.4 (`volkov2016`).{} {} (docs/memory-model.md, docs/memory-model-servers.md, docs/memory-model-simgrid.md). Peak: best of "
      "that sweep and ILP = 2 at full occupancy; latencies at the occupancy reaching 90% of the peak: mean per load instruction (issue to "
      "data) and the per-transaction p5/p50/p95 inside the memory system. Every occupancy is in `memory_models_points.csv`{}.\n\n",
      s->step_warps, fmt::join(s->models, ", "),
      has("dram")
          ? " `dram` also runs on the whole device (`simulated_sms`): a share keeps one or two channels, so it misses the collisions "
            "of the device's many request streams."
          : "",
      described.empty() ? "" : "Models: " + join(described, "; ") + ".", figure_made ? "; the figure is `figures/memory_models.png`" : "");
  const auto& columns = s->summary.columns();
  std::vector<std::string> names;
  for (const auto& c : columns) names.push_back(c.name);
  md += header(names);
  for (const auto& r : s->summary.rows()) {
    std::vector<std::string> cells;
    for (size_t i = 0; i < r.size(); ++i) cells.push_back(report::cell_text(r[i], columns[i].precision));
    md += row(cells);
  }
  return md + "\n";
}

std::string findings(const std::vector<FindingOutcome>& outcomes) {
  if (outcomes.empty()) return "";
  std::string md = "## Seed findings\n\n";
  md +=
      "Each finding of the seeds that the cases check (`validation/findings.yaml`), with how many of its cases pass: "
      "\"reproduced\" when every one does.\n\n";
  md += header({"finding", "claim", "source", "cases passed", "verdict", "failing cases"});
  for (const auto& o : outcomes) {
    std::string failing;
    for (size_t i = 0; i < o.failed.size() && i < 4; ++i) failing += (i ? ", " : "") + std::string("`") + o.failed[i] + "`";
    if (o.failed.size() > 4) failing += fmt::format(" and {} more", o.failed.size() - 4);
    md += row({o.finding->id, o.finding->claim, o.finding->source, fmt::format("{} of {}", o.passed, o.cases),
               o.reproduced() ? "reproduced" : (o.passed > 0 ? "**partly**" : "**not reproduced**"), failing});
  }
  return md + "\n";
}

std::string invariants(const std::vector<InvariantCheck>& checks) {
  if (checks.empty()) return "";
  std::string md = "## Invariants\n\n";
  md +=
      "Checked on every simulation of this run (cases, figures and the memory-system section); a violation is a simulator bug and makes `validate` fail "
      "(docs/validation.md, \"Invariants\").\n\n";
  md += header({"invariant", "rule", "simulations", "violated", "worst", "at"});
  for (const auto& c : checks)
    md += row({c.name, c.rule, std::to_string(c.checked), c.violated ? fmt::format("**{}**", c.violated) : "0",
               fmt::format("{:.6g}", c.worst), c.worst_run});
  return md + "\n";
}

std::string figures(const FigureStatus& f) {
  std::string md = "## Figures\n\n";
  if (!f.made) return md + "Figures were not made: " + f.why_not + "\n\n";
  md += "Each figure is also in SVG beside the PNG; the data behind them is in `data/`.\n\n";
  for (const auto& file : f.files) md += fmt::format("![{}]({})\n\n", file, file);
  return md;
}

std::string cases(const std::vector<CaseOutcome>& outcomes) {
  std::string md = "## Cases\n\n";
  md += header({"case", "measured", "simulated", "volkov", "volkov_refined", "other models", "error", "tolerance", "result", "in sample"});
  const report::Table t = cases_table(outcomes);
  bool any_what_if = false;
  for (size_t i = 0; i < t.rows().size(); ++i) {
    const auto& r = t.rows()[i];
    auto s = [&](size_t k) { return std::get<std::string>(r[k]); };
    const bool what_if = outcomes[i].simulated.what_if;
    any_what_if |= what_if;
    md += row({s(0), fmt::format("{} {}", s(4), s(3)), what_if ? s(5) + " (what-if)" : s(5), s(6), s(7), s(8), s(9), s(10),
               s(11) == "FAIL" ? "**FAIL**" : s(11), s(12)});
  }
  if (any_what_if)
    md +=
        "\n(what-if): not attained within the GPU's occupancy limit; the simulator's value on an SM with more warp slots, block slots, registers "
        "and shared memory (the case's `beyond_limit`).\n";
  return md + "\n";
}

// The analytical models' in-sample cases, per model: their inputs (the unloaded latency, Table
// 6.4's peak, Table 6.5's fit) come from the same tables as the simulator's fitted ones do.
std::string models_in_sample(const std::vector<CaseOutcome>& outcomes) {
  std::map<std::string, std::pair<size_t, size_t>> counts;  // model -> (in sample, compared)
  std::map<std::string, std::set<std::string>> keys;
  for (const auto& o : outcomes)
    for (const auto& m : o.models) {
      if (!o.reference.measured || m.value.note.rfind("n/a", 0) == 0) continue;
      auto& [in, all] = counts[m.model];
      ++all;
      in += !m.in_sample.empty();
      for (const auto& entry : m.in_sample) keys[m.model].insert(entry.substr(0, entry.find(':')));
    }
  std::string list;
  for (const auto& [model, c] : counts)
    if (c.first > 0) list += fmt::format("- {}: {} of {} (`{}`)\n", model, c.first, c.second, fmt::join(keys[model], "`, `"));
  if (list.empty()) return "";
  return "The analytical models read measured inputs too (each its own keys: model/registry.h). Cases in sample for a model, of "
         "those it gives a value for, per model (values.csv's `in_sample` column names them; the accuracy summary's "
         "\"MODEL, out of sample\" rows leave them out):\n\n" +
         list + "\n";
}

// Cases whose simulation was given a value taken from the measurement they compare against: they
// reproduce it by construction, so the accuracy summary counts them apart (in_sample.h).
std::string in_sample_section(const std::vector<CaseOutcome>& outcomes) {
  std::map<std::string, std::vector<std::string>> by_input;  // "key: why" -> cases
  size_t n = 0;
  for (const auto& o : outcomes) {
    n += !o.in_sample.empty();
    for (const auto& entry : o.in_sample) by_input[entry].push_back(o.spec->id);
  }
  std::string md = "## In-sample cases\n\n";
  if (n == 0)
    return md + "None: no simulation read a config value taken from the measurement its case compares against.\n\n" +
           models_in_sample(outcomes);
  md += fmt::format(
      "{} of {} cases compare against a measurement that a config value of their own simulation was taken from "
      "(validation/measured_inputs.yaml; a memory model counts only for the keys it reads). They are reproduced partly by being given the "
      "answer, so the accuracy summary counts them apart. Per input:\n\n",
      n, outcomes.size());
  for (const auto& [entry, ids] : by_input) {
    const size_t colon = entry.find(": ");
    md += fmt::format("- `{}` ({} case{}, {}): {}\n", entry.substr(0, colon), ids.size(), ids.size() == 1 ? "" : "s",
                      entry.substr(colon + 2), fmt::join(ids, ", "));
  }
  return md + "\n" + models_in_sample(outcomes);
}

std::string failures(const std::vector<CaseOutcome>& outcomes) {
  std::string md;
  for (const auto& o : outcomes) {
    if (o.pass) continue;
    md +=
        fmt::format("- **{}**: {}. Compared with {} {}, simulated {}{}; error {} (tolerance {}: {}).{}\n", o.spec->id, o.spec->description,
                    o.reference.text, o.unit, value_text(o.simulated), o.simulated.note.empty() ? "" : " (" + o.simulated.note + ")",
                    error_text(o.error, o.spec->tolerance.relative), tolerance_text(o.spec->tolerance), o.spec->tolerance_reason,
                    o.failure_reason.empty() ? std::string() : fmt::format(" *Why:* {}.", o.failure_reason));
  }
  return md.empty() ? "" : "## Failed cases\n\n" + md + "\n";
}

std::string compared_with(const CaseSpec& c, const CaseOutcome& o) {
  if (!c.compare.measurements.empty()) return fmt::format("{}", fmt::join(c.compare.measurements, ", "));
  if (!c.compare.fit_curve.empty())
    return fmt::format("fit {}.a/b/c at {:g}% of {}.peak: {}", c.compare.fit_curve, 100 * c.quantity.extract.fraction, c.compare.fit_curve,
                       o.reference.text);
  if (!c.compare.model.empty()) return "model " + c.compare.model;
  return "relation " + o.reference.text;
}

std::string tolerances(const std::vector<CaseOutcome>& outcomes) {
  std::string md = "## Cases, tolerances and their reasons\n\n";
  md += header({"case", "what", "compared with", "tolerance", "why this tolerance", "source"});
  for (const auto& o : outcomes) {
    const CaseSpec& c = *o.spec;
    md += row(
        {c.id, c.description, compared_with(c, o), tolerance_text(c.tolerance), c.tolerance_reason, fmt::format("{}:{}", c.file, c.line)});
  }
  return md + "\n";
}

}  // namespace

std::string report_markdown(const ReportInput& in, const FigureStatus& figs) {
  size_t passed = 0;
  for (const auto& o : in.outcomes) passed += o.pass;
  std::string md = "# warpsim validation report\n\n";
  size_t out_of_sample = 0, out_passed = 0;
  for (const auto& o : in.outcomes)
    if (o.in_sample.empty()) ++out_of_sample, out_passed += o.pass;
  md += fmt::format(
      "Made by `{}`: {} cases, **{} passed, {} failed**, from {} simulations{}. Out of sample (no input of the simulation taken "
      "from the case's own measurement): **{} passed of {}**; in sample: {} passed of {} (see \"In-sample cases\").\n\n",
      in.command, in.outcomes.size(), passed, in.outcomes.size() - passed, in.simulations,
      in.invariant_violations() ? fmt::format("; **{} invariant violations**", in.invariant_violations()) : "", out_passed, out_of_sample,
      passed - out_passed, in.outcomes.size() - out_of_sample);
  md += summary(in) + findings(in.finding_outcomes) + invariants(in.invariants) +
        memory_models(in.memory_models, std::count(figs.files.begin(), figs.files.end(), "figures/memory_models.png") > 0) + figures(figs) +
        cases(in.outcomes) + in_sample_section(in.outcomes) + failures(in.outcomes) + tolerances(in.outcomes);
  if (!in.notes.empty()) {
    md += "## Notes\n\n";
    for (const auto& n : in.notes) md += "- " + n + "\n";
    md += "\n";
  }
  return md;
}

}  // namespace warpsim::validation
