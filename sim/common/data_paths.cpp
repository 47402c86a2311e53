#include "common/data_paths.h"

#include <cstdlib>
#include <mutex>
#include <system_error>

namespace warpsim {
namespace fs = std::filesystem;
namespace {

std::mutex& root_mutex() {
  static std::mutex m;
  return m;
}

fs::path& program_root() {
  static fs::path root;
  return root;
}

bool inside(const fs::path& file, const fs::path& dir) {
  const fs::path rel = file.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

fs::path installed_data_beside(const fs::path& file, const fs::path& relative) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(file, ec);
  // A build-tree program next to an installed tree (a prefix that holds the checkout) must not
  // read that install's data.
  if (ec || inside(canonical, fs::weakly_canonical(WARPSIM_BINARY_DIR, ec))) return {};
  const fs::path root = (canonical.parent_path() / relative).lexically_normal();
  return fs::is_directory(root / "hw_configs", ec) ? root : fs::path();
}

fs::path data_root() {
  if (const char* env = std::getenv("WARPSIM_DATA_DIR"); env && *env) return env;
  {
    std::lock_guard<std::mutex> lock(root_mutex());
    if (!program_root().empty()) return program_root();
  }
  // Linux names the running program's file in /proc/self/exe.
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec)
    if (fs::path installed = installed_data_beside(exe, WARPSIM_BIN_TO_DATA); !installed.empty()) return installed;
  return WARPSIM_SOURCE_DIR;
}

fs::path data_dir(const char* sub) { return data_root() / sub; }

void set_data_root(const fs::path& root) {
  std::lock_guard<std::mutex> lock(root_mutex());
  program_root() = root;
}

}  // namespace warpsim
