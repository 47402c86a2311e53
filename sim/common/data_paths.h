// Where warpsim finds its built-in data (hw_configs/, workloads/, validation/, plots/).
// Order, the first that applies:
//   1. $WARPSIM_DATA_DIR, when set and not empty;
//   2. the root a program embedding the library named with set_data_root (the Python module names
//      the data installed beside it; a program built with find_package(warpsim) may name
//      warpsim_DATA_DIR);
//   3. the data installed with the running program, <exe dir>/../share/warpsim, when the program
//      is not in the build tree and that directory holds hw_configs/;
//   4. the source tree the library was built from.
#pragma once

#include <filesystem>

namespace warpsim {

std::filesystem::path data_root();
std::filesystem::path data_dir(const char* sub);  // data_root() / sub

// Step 2 above; an empty path clears it. Thread-safe, but meant to be called once, before any
// data is read.
void set_data_root(const std::filesystem::path& root);

// The data installed `relative` to the directory of `file` (an installed program or module), or
// an empty path when `file` lies in the build tree (which reads the source tree) or that
// directory holds no hw_configs/.
std::filesystem::path installed_data_beside(const std::filesystem::path& file, const std::filesystem::path& relative);

}  // namespace warpsim
