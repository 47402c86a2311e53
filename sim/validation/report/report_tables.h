// The validation results as tables: the case table printed by `warpsim validate` (and written as
// cases.csv), every source's value per case (values.csv), and the accuracy summary
// (accuracy.csv). The report's Markdown and JSON use the same words.
#pragma once

#include <string>
#include <vector>

#include "report/table.h"
#include "validation/evaluation/runner.h"
#include "validation/report/accuracy.h"

namespace warpsim::validation {

// "12.5", or "—" with no number.
std::string value_text(const Value& v);
// "+3.2%" for a relative error, "+1.5" for an absolute one, "—" without a number.
std::string error_text(double error, bool relative);
std::string tolerance_text(const Tolerance& t);

// case, gpu, extract, unit, measured, simulated, volkov, volkov_refined, other_models, error,
// tolerance, result, in_sample.
report::Table cases_table(const std::vector<CaseOutcome>& outcomes);
// The config keys that make a case in-sample for a source (in_sample.h: the simulator's, or a
// model's), space-separated; "" out of sample.
std::string in_sample_keys(const std::vector<std::string>& in_sample);
// case, gpu, source, value, error, rel_error, within, note, in_sample: one row per source per case.
report::Table values_table(const std::vector<CaseOutcome>& outcomes);
report::Table accuracy_table(const std::vector<AccuracyRow>& rows);

}  // namespace warpsim::validation
