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

// One problem with a directive or attribute list: the key it concerns ("" when none is known,
// e.g. a word that is not key=value) and what is wrong ("" when nothing is).
struct KeyedError {
  std::string key, message;
};
using LaunchError = KeyedError;

// Parses one memory-access attribute list "pattern=stride:2 bytes=4 array=a"; used by generators too.
// Returns the first error (empty message if none) and fills `out`; `array_index` and
// `sparse_index` resolve array and `.sparse` matrix names.
KeyedError parse_access_pattern(const std::string& attrs, AccessPattern& out, const std::map<std::string, int>& array_index,
                                const std::map<std::string, int>& sparse_index = {});

// Parses the words after `.array`, "NAME [SIZE]" (array_parser.cpp), into `out`: an empty
// message, or the problem (key `.array`).
KeyedError parse_array(const std::vector<std::string>& words, ArraySpec& out);

// Parses the key=value words after `.launch` into `launch` (launch_parser.cpp). Returns one
// (key, message) per bad word; the good ones are applied.
std::vector<LaunchError> parse_launch(const std::vector<std::string>& words, LaunchSpec& launch);

// Parses the words after `.sparse`, "NAME rows=R cols=C nnz_per_row=K structure=S [max_row=M]"
// (sparse_parser.cpp), into `out`. Returns one (key, message) per problem.
std::vector<KeyedError> parse_sparse(const std::vector<std::string>& words, SparseSpec& out);

}  // namespace warpsim::isa
