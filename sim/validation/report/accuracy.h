// The accuracy summary at the top of the report: per GPU and per source (the simulator, Volkov's
// basic and refined models, each prior model, each also over its out-of-sample cases alone), over
// the cases compared with a real-GPU measurement,
// the worst over- and under-estimate (relative) and how many cases are within tolerance.
#pragma once

#include <string>
#include <vector>

#include "validation/evaluation/runner.h"

namespace warpsim::validation {

// The simulator's rows: over every measured case, and over the out-of-sample and in-sample ones
// apart (in_sample.h).
inline constexpr const char* kSimulator = "simulator";
inline constexpr const char* kSimulatorOutOfSample = "simulator, out of sample";
inline constexpr const char* kSimulatorInSample = "simulator, in sample";
// An analytical model's row over its out-of-sample cases ("volkov, out of sample"), where some of
// its cases on that GPU are in sample for it (their model inputs came from the compared table).
inline constexpr const char* kOutOfSampleSuffix = ", out of sample";
// And per seed whose measurements the cases compare with (row "all" only): "simulator on
// Volkov 2016", "simulator on TEG 2011", "simulator on Lemeire 2016", or the id's first part.
std::string simulator_on_source(const std::string& measurement_id);

struct AccuracyRow {
  std::string gpu;                               // a GPU name, or "all"
  std::string source;                            // "simulator" or a model name
  int cases = 0;                                 // measured cases where the source gave a number
  int within = 0;                                // ... within the case's tolerance
  int missing = 0;                               // measured cases listing the source where it gave no number
  double worst_over = kNaN, worst_under = kNaN;  // largest positive / most negative relative error
  std::string worst_over_case, worst_under_case;
};

std::vector<AccuracyRow> accuracy_summary(const std::vector<CaseOutcome>& outcomes);

// The headline: the worst |relative error| of the simulator and of Volkov's basic model
// over the measured cases where both gave a number, and how many cases each left without one
// (a failure that must not hide; counted apart, since "no number" has no size to compare).
struct Headline {
  int cases = 0;                                  // both gave a number
  int simulator_missing = 0, volkov_missing = 0;  // measured cases where that one gave none
  double simulator = kNaN, volkov = kNaN;
  std::string simulator_case, volkov_case;
};
Headline headline(const std::vector<CaseOutcome>& outcomes);
// A headline error as the report prints it: "12.3%", or, where the measured value is 0 (the
// only way a case with both numbers gets no finite relative error), why it is unbounded.
std::string headline_error_text(double magnitude);
// The report's sentence on the headline: more accurate (a smaller worst error and no more cases
// without a number), not more accurate, or (both worst on the same case within 1% of each other)
// a tie, which shares the basic model's failure there.
std::string headline_verdict(const Headline& h);

}  // namespace warpsim::validation
