// `warpsim validate` as a library call: select the cases (built-in or given, filtered by GPU and id,
// plus those derived from user measurement files), plan and run every simulation they and the
// figures need, judge them, and write the report. Bad input throws UserError before anything is
// written.
#pragma once

#include <string>
#include <vector>

#include "validation/report/report_writer.h"

namespace warpsim::validation {

struct ValidateOptions {
  std::vector<std::string> gpus;               // names or config paths; empty: every GPU
  std::vector<std::string> case_patterns;      // ids or globs; a pattern also selects "<pattern>.<gpu>"
  std::vector<std::string> case_paths;         // case files/directories; empty: the built-in cases
  std::vector<std::string> measurement_paths;  // extra measurement files (cases are derived from them)
  std::vector<std::string> sets;               // --set key=value applied to every GPU config
  std::string out_dir = "report";              // empty: no report directory
  int jobs = 1;
  bool figures = true;
  bool whole_device = false;                           // every case simulation on all SMs instead of the case's share (slower)
  std::vector<config::MemoryModelKind> memory_models;  // the memory-system section (memory_model_section.h); empty: none
  std::string command;                                 // shown in the report
  bool progress = false;                               // progress bars on stderr (the CLI sets it when stderr is a terminal)
};

struct ValidateResult {
  ReportInput report;
  FigureStatus figures;
  size_t passed = 0, failed = 0;
  double seconds = 0;
  std::vector<std::string> warnings;  // said on stderr too: measurement rows that look mistyped
  // Measurement rows no case uses, and why (no workload, another GPU, ...): in the report's notes
  // and said on stderr, so that no row of a file given is left out in silence.
  std::vector<std::string> unused_rows;
};

ValidateResult run_validate(const ValidateOptions& o);

}  // namespace warpsim::validation
