// The parameters of a workload file (docs/workload-format.md): `.param NAME DEFAULT [A|B...]`
// declarations, `--param` overrides, `${NAME}` substitution and `.if` conditions. Used by the
// workload parser, which owns the diagnostics they add to.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/user_error.h"
#include "isa/kernel.h"

namespace warpsim::isa {

// One line of a workload file, comment stripped and trimmed.
struct SourceLine {
  int number;
  std::string text;
};

// A comment starts at `#` or `//` outside a double-quoted string (a `.description` may hold either).
std::string strip_comment(std::string_view s);

class WorkloadParams {
 public:
  // `sink` receives every problem found, naming `file` (or `<--param>` for an override).
  WorkloadParams(const std::string& file, const ParamMap& overrides, DiagnosticSink& sink)
      : file_(file), overrides_(overrides), sink_(sink) {}

  // Pass 1: `.param NAME DEFAULT` anywhere; then the overrides, which must name a parameter.
  void declare(const std::vector<SourceLine>& lines);
  const ParamMap& values() const { return params_; }
  // The line with each `${NAME}` replaced by the parameter's value; `overridden` (when given)
  // gets the `NAME=VALUE` of each replaced parameter an override (--param) set.
  std::string substitute(const SourceLine& l, std::vector<std::string>* overridden = nullptr);
  // `.if NAME`, `.if NAME == VALUE`, `.if NAME != VALUE`.
  bool eval_condition(const std::string& expr, int line);

 private:
  void error(int line, std::string msg, std::string key = "") { sink_.add(Diagnostic{file_, line, 0, std::move(key), std::move(msg)}); }
  void check_choice(const std::string& name, const std::string& value, const std::string& file, int line);

  const std::string& file_;
  const ParamMap& overrides_;
  DiagnosticSink& sink_;
  ParamMap params_;
  std::map<std::string, std::vector<std::string>> choices_;  // values a .param may take, when declared
  std::map<std::string, int> param_line_;                    // where each .param was declared
};

}  // namespace warpsim::isa
