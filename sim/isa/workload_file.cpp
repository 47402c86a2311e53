// Reading a workload file from disk; the text is parsed by workload_parser.cpp.
#include <cerrno>
#include <fstream>
#include <sstream>

#include "common/text_file.h"
#include "common/user_error.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

Kernel parse_workload_file(const std::string& path, const ParamMap& overrides) {
  return parse_workload(read_text_file(path, "", "workload file"), path, overrides);
}

}  // namespace warpsim::isa
