// Loading a HwConfig: a YAML file (or a built-in name), its `inherits:` chain of overlays, then
// `--set key=value` overrides, then validation. Every problem is reported with file:line:key.
#pragma once

#include <string>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::config {

struct BuiltinGpu {
  std::string name;         // gpu.name, used with --gpu
  std::string description;  // gpu.description
  std::string path;         // file under hw_configs/
};

// Configs under hw_configs/ (recursively, except hw_configs/base/), sorted by file path.
std::vector<BuiltinGpu> builtin_gpus();

// Whether `name_or_path` names a config load_hw_config would read (it may still be bad input).
bool hw_config_exists(const std::string& name_or_path);

// `name_or_path`: a built-in name (see builtin_gpus) or a path to a YAML file.
// `sets`: "key=value" overrides applied after the file. Throws UserError on bad input.
HwConfig load_hw_config(const std::string& name_or_path, const std::vector<std::string>& sets = {});
// The same for a config file's text already in memory; `path` names it in messages, and its folder
// is where a relative `inherits:` is looked up.
HwConfig load_hw_config_text(const std::string& text, const std::string& path, const std::vector<std::string>& sets = {});

// Cross-field rules (called by load_hw_config; exposed for configs built in code, e.g. tests).
void validate(const HwConfig& c);

}  // namespace warpsim::config
