// Where warpsim finds its built-in data (hw_configs/, workloads/, validation/, plots/).
// Order: $WARPSIM_DATA_DIR, then the source tree the binary was built from.
#pragma once

#include <filesystem>

namespace warpsim {

std::filesystem::path data_root();
std::filesystem::path data_dir(const char* sub);  // data_root() / sub

}  // namespace warpsim
