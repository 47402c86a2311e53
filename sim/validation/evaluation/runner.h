// Running validation cases: plan every simulation the cases (and the figures) need, run them all
// at once on the thread pool, then extract, compare and judge each case for the simulator and for
// each analytical model beside it.
#pragma once

#include <string>
#include <vector>

#include "validation/cases/case_spec.h"
#include "validation/cases/compare.h"
#include "validation/evaluation/evaluator.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {

struct ModelOutcome {
  std::string model;
  Value value;
  double error = kNaN;      // in the case's tolerance terms
  double rel_error = kNaN;  // relative, for the accuracy summary
  bool within = false;
  std::vector<std::string> in_sample;  // the model's inputs taken from a measurement the case compares against (in_sample.h)
};

struct CaseOutcome {
  const CaseSpec* spec = nullptr;
  Reference reference;
  std::string unit;
  Value simulated;
  double error = kNaN;
  double rel_error = kNaN;
  bool pass = false;
  std::vector<ModelOutcome> models;  // in the case's order
  // The config inputs of the simulation that come from a measurement the case compares against
  // ("key: why"; in_sample.h): empty when the case is out of sample.
  std::vector<std::string> in_sample;
  // Why the simulation misses the measurement, where failure_reasons.h knows (failed cases only).
  std::string failure_reason;
};

// Checks every case's measurement ids, units and occupancies against the measurements, before any
// simulation. Throws UserError naming the case file:line.
void check_cases(const std::vector<CaseSpec>& cases, const MeasurementSet& ms);

// Requests the simulations of `cases` (planning pass; call run_pending afterwards). Throws
// UserError at a case file's case whose given `warps` hold no occupancy its GPU can realise.
void plan_cases(Evaluator& ev, const std::vector<CaseSpec>& cases);
// Judges every case on the simulated results.
std::vector<CaseOutcome> judge_cases(Evaluator& ev, const std::vector<CaseSpec>& cases, const MeasurementSet& ms);

}  // namespace warpsim::validation
