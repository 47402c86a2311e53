#include "report/atomic_file.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/user_error.h"

namespace warpsim::report {
namespace {

std::string temp_path(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

// The temporary file next to `path`, opened for writing, or the UserError a user sees.
std::ofstream open_temp(const std::string& path, const std::string& key) {
  std::ofstream out(temp_path(path), std::ios::binary | std::ios::trunc);
  if (!out) throw UserError(Diagnostic{path, 0, 0, key, "cannot write output file"});
  return out;
}

// Where a rename must land: a symbolic link's target (renaming over the link would replace it
// with a plain file), else the path itself.
std::string rename_target(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_symlink(path, ec)) return path;
  const fs::path target = fs::weakly_canonical(path, ec);
  return ec ? path : target.string();
}

}  // namespace

void write_file_atomically(const std::string& given_path, const std::string& content, const std::string& key) {
  namespace fs = std::filesystem;
  const std::string path = rename_target(given_path);
  const std::string tmp = temp_path(path);
  {
    std::ofstream out = open_temp(path, key);
    out << content;
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw UserError(Diagnostic{path, 0, 0, key, "error while writing output file"});
    }
  }
  std::error_code ec;
  // A file written over keeps its permissions (the temporary one has the umask's).
  if (const fs::file_status old = fs::status(path, ec); !ec && fs::is_regular_file(old)) fs::permissions(tmp, old.permissions(), ec);
  fs::rename(tmp, path, ec);
  if (ec) {
    std::error_code dir_ec;
    const std::string why = fs::is_directory(path, dir_ec) ? "it is a directory" : ec.message();
    fs::remove(tmp, ec);
    throw UserError(Diagnostic{path, 0, 0, key, "cannot move output into place: " + why});
  }
}

void check_writable(const std::string& path, const std::string& key) {
  open_temp(path, key).close();
  std::error_code ec;
  std::filesystem::remove(temp_path(path), ec);
}

}  // namespace warpsim::report
