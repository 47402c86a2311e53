// libFuzzer target: the memory-trace reader (docs/trace-format.md) on any bytes, both forms and
// their headers. A UserError is the expected answer to bad input; any other exception, a sanitizer
// report, a hang or memory out of proportion to the input is a bug.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "common/user_error.h"
#include "trace/trace_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    (void)warpsim::trace::read_trace(in, "fuzz.trace");
  } catch (const warpsim::UserError&) {
  }
  return 0;
}
