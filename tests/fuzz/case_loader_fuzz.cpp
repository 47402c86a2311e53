// libFuzzer target: the validation case loader (docs/validation.md) on any bytes: YAML, case keys,
// extractions, comparisons, and the workloads and GPU configs a case names, loaded as `validate`
// loads them. A UserError is the expected answer to bad input; any other exception, a sanitizer
// report or a hang is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/user_error.h"
#include "validation/cases/case_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)warpsim::validation::load_cases_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.yaml");
  } catch (const warpsim::UserError&) {
  }
  return 0;
}
