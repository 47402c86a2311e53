// The workload text format (docs/workload-format.md): a SASS-like instruction list with
// directives for parameters, arrays, loops, conditionals and the launch. Errors name file:line.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "isa/kernel.h"

namespace warpsim::isa {

// Parses `text` (read from `file`, used in messages). `overrides` replace `.param` defaults;
// an override naming no declared parameter is an error. Throws UserError.
Kernel parse_workload(const std::string& text, const std::string& file, const ParamMap& overrides = {});
Kernel parse_workload_file(const std::string& path, const ParamMap& overrides = {});

// Parses one memory-access attribute list "pattern=stride:2 bytes=4 array=a"; used by generators too.
// Returns an error message or "" and fills `out`; `array_index` resolves array names.
std::string parse_access_pattern(const std::string& attrs, AccessPattern& out, const std::map<std::string, int>& array_index);

// Parses the key=value words after `.launch` into `launch` (launch_parser.cpp). Returns one
// (key, message) per bad word; the good ones are applied.
struct LaunchError {
  std::string key, message;
};
std::vector<LaunchError> parse_launch(const std::vector<std::string>& words, LaunchSpec& launch);

}  // namespace warpsim::isa
