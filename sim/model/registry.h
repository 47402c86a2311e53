// The analytical models by name: what `warpsim bound --model NAME` and the validation harness
// evaluate. Each entry maps a (GPU, kernel) context and an occupancy to an Estimate.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/estimate.h"
#include "model/model_context.h"

namespace warpsim::model {

struct ModelInfo {
  std::string name;
  std::string description;  // one line, with the seed section
  std::function<Estimate(const ModelContext&, double n)> evaluate;
  // The memory.* config keys the model reads; every model reads the SM's keys. What
  // validation/cases/in_sample.h asks of an input taken from a measurement.
  std::vector<std::string> memory_keys;
};

// True when `m` reads config key `key` (dotted): every key outside memory.*, and its memory_keys.
bool model_reads(const ModelInfo& m, std::string_view key);

const std::vector<ModelInfo>& models();
const ModelInfo* find_model(const std::string& name);
std::vector<std::string> model_names();

// One model at one occupancy, straight from config and kernel (builds the context each call:
// for sweeps, build it once with make_context and call ModelInfo::evaluate). Throws UserError for
// an unknown name.
Estimate evaluate_model(const std::string& name, const config::HwConfig& cfg, const isa::Kernel& kernel, double warps_per_sm);

}  // namespace warpsim::model
