#include "report/atomic_file.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/user_error.h"

namespace warpsim::report {

void write_file_atomically(const std::string& path, const std::string& content, const std::string& key) {
  namespace fs = std::filesystem;
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw UserError(Diagnostic{path, 0, 0, key, "cannot write output file"});
    out << content;
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw UserError(Diagnostic{path, 0, 0, key, "error while writing output file"});
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw UserError(Diagnostic{path, 0, 0, key, "cannot move output into place: " + ec.message()});
  }
}

void check_writable(const std::string& path, const std::string& key) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw UserError(Diagnostic{path, 0, 0, key, "cannot write output file"});
  }
  std::error_code ec;
  std::filesystem::remove(tmp, ec);
}

}  // namespace warpsim::report
