// Reading a workload file from disk; the text is parsed by workload_parser.cpp.
#include <cerrno>
#include <fstream>
#include <sstream>

#include "common/user_error.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

Kernel parse_workload_file(const std::string& path, const ParamMap& overrides) {
  errno = 0;
  std::ifstream in(path);
  if (!in) throw UserError(Diagnostic{path, 0, 0, "", with_system_reason("cannot open workload file")});
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_workload(ss.str(), path, overrides);
}

}  // namespace warpsim::isa
