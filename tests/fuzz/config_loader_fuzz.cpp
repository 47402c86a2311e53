// libFuzzer target: the hardware-config loader (YAML, `inherits:`, validation) and `--set`. The
// input is a config file, then optionally a line `#--set` and one `key=value` per line. The file
// is read as if it lay in hw_configs/, so `inherits:` reaches the built-in configs. A UserError is
// the expected answer to bad input; any other exception, a sanitizer report or a hang is a bug.
#include <cstddef>
#include <cstdint>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = (warpsim::data_dir("hw_configs") / "fuzz.yaml").string();
  const auto input = warpsim::fuzz::split_options(data, size, "#--set");
  try {
    (void)warpsim::config::load_hw_config_text(input.file, path, input.options);
  } catch (const warpsim::UserError&) {
  }
  return 0;
}
