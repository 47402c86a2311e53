// Reading a YAML file with its errors as UserErrors naming file:line:column (hardware configs,
// validation cases).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

namespace warpsim::config {

// Loads a YAML file; a missing file or a syntax error is a UserError with file:line:column.
YAML::Node load_yaml_file(const std::string& path);
// The same for a file's text already in memory; `path` names it in messages.
YAML::Node load_yaml_text(const std::string& text, const std::string& path);

}  // namespace warpsim::config
