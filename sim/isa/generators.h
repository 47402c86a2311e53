// Named generators for the seeds' synthetic instruction mixes. Each emits workload text in the
// format of workload_parser.h, so every generated kernel can be printed, edited and re-run.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "isa/workload_parser.h"

namespace warpsim::isa {

struct ParamDoc {
  std::string name;
  std::string default_value;
  std::string description;
};

struct Generator {
  std::string name;
  std::string description;  // one line, with the seed section
  std::vector<ParamDoc> params;
  // Workload text for the given parameter values (defaults filled in). Throws UserError.
  std::function<std::string(const ParamMap&)> text;
};

const std::vector<Generator>& generators();
const Generator* find_generator(const std::string& name);

// Text and Kernel of generator `name` with `overrides` checked against its parameters.
std::string generate_text(const Generator& g, const ParamMap& overrides);
Kernel generate(const Generator& g, const ParamMap& overrides);

}  // namespace warpsim::isa
