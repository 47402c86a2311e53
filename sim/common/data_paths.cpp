#include "common/data_paths.h"

#include <cstdlib>

namespace warpsim {

std::filesystem::path data_root() {
  if (const char* env = std::getenv("WARPSIM_DATA_DIR"); env && *env) return env;
  return WARPSIM_SOURCE_DIR;
}

std::filesystem::path data_dir(const char* sub) { return data_root() / sub; }

}  // namespace warpsim
