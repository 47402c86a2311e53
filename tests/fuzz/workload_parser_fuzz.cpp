// libFuzzer target: the workload text parser (docs/workload-format.md) on any bytes. The input is a
// .wl file, then optionally a line `#--param` and one `name=value` override per line. A UserError is
// the expected answer to bad input; any other exception, a sanitizer report or a hang is a bug.
#include <cstddef>
#include <cstdint>

#include "common/user_error.h"
#include "fuzz/fuzz_input.h"
#include "isa/workload_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto input = warpsim::fuzz::split_options(data, size, "#--param");
  warpsim::isa::ParamMap overrides;
  for (const auto& o : input.options)
    if (const size_t eq = o.find('='); eq != std::string::npos) overrides[o.substr(0, eq)] = o.substr(eq + 1);
  try {
    (void)warpsim::isa::parse_workload(input.file, "fuzz.wl", overrides);
  } catch (const warpsim::UserError&) {
  }
  return 0;
}
