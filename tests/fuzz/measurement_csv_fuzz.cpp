// libFuzzer target: the measurement CSV loader (validation/measurements/README.md) on any bytes,
// through the CSV reader, the row checks and the duplicate-id check. A UserError is the expected
// answer to bad input; any other exception, a sanitizer report or a hang is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/user_error.h"
#include "validation/measurements/measurements.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)warpsim::validation::load_measurements_text(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.csv");
  } catch (const warpsim::UserError&) {
  }
  return 0;
}
