// Resolving --workload: a generator name, a workload file under workloads/, or a path.
#pragma once

#include <string>
#include <vector>

#include "isa/kernel.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

struct WorkloadEntry {
  std::string name;
  std::string kind;  // "generator" or "kernel"
  std::string description;
  std::string params;  // "alpha=8 loads=64"
};

std::vector<WorkloadEntry> list_workloads();
// "key=value" items (--param) -> map; throws UserError naming the bad item.
ParamMap parse_params(const std::vector<std::string>& items);
Kernel load_workload(const std::string& name_or_path, const ParamMap& params = {});
// The workload text (generated, or the file's contents), for `warpsim explain`.
std::string workload_text(const std::string& name_or_path, const ParamMap& params = {});

}  // namespace warpsim::isa
