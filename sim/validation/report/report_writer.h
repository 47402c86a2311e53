// The validation report directory (docs/validation.md "Report layout"): report.md (accuracy summary
// first, then figures, cases, failures), cases.csv, values.csv, accuracy.csv, report.json, data/*.csv
// (figure data) and figures/*.png|svg (plots/validation_figures.py under WARPSIM_PYTHON). It is
// written into DIR.tmp.<pid> and renamed to DIR only when complete, so a failed run leaves no
// half-written report.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <optional>

#include "validation/evaluation/invariants.h"
#include "validation/evaluation/runner.h"
#include "validation/memory_models/memory_model_section.h"
#include "validation/report/accuracy.h"
#include "validation/report/findings.h"

namespace warpsim::validation {

struct ReportInput {
  std::shared_ptr<const std::vector<CaseSpec>> cases;  // what the outcomes point to
  std::vector<CaseOutcome> outcomes;
  std::vector<AccuracyRow> accuracy;
  Headline headline;
  std::map<std::string, std::string> figure_data;  // data/<name> -> CSV
  std::string command;                             // how the report was made
  std::vector<std::string> notes;                  // e.g. measurement rows no case could be derived from
  size_t simulations = 0;
  std::optional<MemoryModelSection> memory_models;       // the memory-system section, when run
  std::vector<InvariantCheck> invariants;                // over every simulation of the cases and figures
  std::shared_ptr<const std::vector<Finding>> findings;  // what finding_outcomes point to
  std::vector<FindingOutcome> finding_outcomes;          // the seeds' findings, per finding its cases' results
  size_t invariant_violations() const;
};

struct FigureStatus {
  bool made = false;
  std::string why_not;             // when not made
  std::vector<std::string> files;  // figures/<name>.png, in order
};

std::string report_markdown(const ReportInput& in, const FigureStatus& figs);
std::string report_json(const ReportInput& in, const FigureStatus& figs);

// Runs the figure script on dir/data, writing dir/figures. Never throws for a plotting failure:
// the report says what went wrong instead.
FigureStatus make_figures(const std::string& dir, int jobs);

// Throws UserError if `dir` exists and is not an earlier report (it would be replaced as a whole).
void check_report_dir(const std::string& dir);

// Writes the whole report to `dir` (replacing it). Throws UserError if it cannot be written.
FigureStatus write_report(const std::string& dir, const ReportInput& in, bool figures, int jobs);

}  // namespace warpsim::validation
