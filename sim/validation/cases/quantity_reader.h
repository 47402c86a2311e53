// Reading the "what to run and what to extract" part of a case (case_loader.cpp's helper): the run
// keys (workload, params, variants, warps, sms, sets) and the extract map, including the nested
// quantities of ratio and of occupancy_at's reference, which inherit the enclosing run.
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <string>
#include <vector>

#include "validation/cases/case_spec.h"
#include "validation/cases/yaml_reader.h"

namespace warpsim::validation {

// Looks a key up in a case, falling back to the file's defaults; an undefined node if neither has it.
using KeyLookup = std::function<YAML::Node(const std::string& key)>;

// The run keys of a case or nested quantity, starting from `inherited`.
// The keys that say what to run and extract, in a case and in a nested quantity (ratio parts).
const std::vector<std::string>& run_keys();

RunSpec read_run(YamlReader& r, const KeyLookup& get, const std::string& prefix, RunSpec inherited);

// The extract map at `node` (key path `key`); nested quantities inherit `run`.
Extract read_extract(YamlReader& r, const YAML::Node& node, const std::string& key, const RunSpec& run);

}  // namespace warpsim::validation
