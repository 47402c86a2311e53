// In-sample cases (docs/validation.md, "In-sample cases"): a config input taken from the very
// measurement a case compares against reproduces that measurement by being given it. The report
// marks such cases, per the simulation's own config (a memory model reads only its own keys) and
// per analytical model (the keys it reads), and summarises each one's accuracy over the
// out-of-sample cases apart from the rest.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "model/registry.h"
#include "validation/cases/case_spec.h"

namespace warpsim::validation {

// One entry of validation/measured_inputs.yaml: `key`'s value (or `workload`'s size) in the configs of `gpus` (empty:
// the five seed GPUs) came from the measurements matching `measurements` ("{gpu}" the case's GPU,
// "*" any text).
struct MeasuredInput {
  std::string key;
  std::string workload;  // instead of a key: the workload's size (a loop count) came from the rows
  std::vector<std::string> gpus;
  std::vector<std::string> measurements;
  std::string why;
};

std::filesystem::path builtin_measured_inputs_file();
// Throws UserError naming file:line for a malformed file or a key that is no config key.
std::vector<MeasuredInput> load_measured_inputs(const std::filesystem::path& file);

// The inputs (as "key: why") that a simulation with `cfg` reads and that come from a measurement
// `c` compares against; empty: the case is out of sample.
std::vector<std::string> in_sample_inputs(const CaseSpec& c, const config::HwConfig& cfg, const std::vector<MeasuredInput>& inputs);
// The same for an analytical model: the inputs it reads (model::model_reads), whatever the
// simulation's memory model.
std::vector<std::string> in_sample_inputs(const CaseSpec& c, const model::ModelInfo& m, const std::vector<MeasuredInput>& inputs);

}  // namespace warpsim::validation
