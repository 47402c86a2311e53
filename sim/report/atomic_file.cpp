#include "report/atomic_file.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>

#include "common/user_error.h"

namespace warpsim::report {
namespace {

namespace fs = std::filesystem;

std::string temp_path(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

// "cannot write output file: No such file or directory" (libstdc++'s streams leave open(2)'s
// errno in place).
UserError output_error(const std::string& path, const std::string& key, const char* what) {
  return UserError(Diagnostic{path, 0, 0, key, with_system_reason(what)});
}

// The temporary file next to `path`, opened for writing, or the UserError a user sees.
std::ofstream open_temp(const std::string& path, const std::string& key) {
  errno = 0;
  std::ofstream out(temp_path(path), std::ios::binary | std::ios::trunc);
  if (!out) throw output_error(path, key, "cannot write output file");
  return out;
}

// The file a path names: absolute, its symbolic links followed (a dangling one to the file it
// would create), "." and ".." resolved. A relative path stays relative only if the working
// directory cannot be read.
fs::path resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec).lexically_normal();
  if (ec) return fs::path(path);
  for (int hops = 0; hops < 40 && fs::is_symlink(p, ec); ++hops) {
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = (target.is_absolute() ? target : p.parent_path() / target).lexically_normal();
  }
  const fs::path canonical = fs::weakly_canonical(p, ec);
  return ec ? p : canonical;
}

// Where a rename must land: a symbolic link's target (renaming over the link would replace it
// with a plain file), else the path itself.
std::string rename_target(const std::string& path) {
  std::error_code ec;
  return fs::is_symlink(path, ec) ? resolved(path).string() : path;
}

// Written in place, not renamed over: an existing file that is not a regular one (a device, a
// FIFO, a socket), or one of the process's own descriptors (/dev/stdout, /dev/fd/N,
// /proc/self/fd/N: a rename would unlink the file the shell redirected it to). A regular file
// anywhere else, /dev/shm included, is replaced atomically.
bool written_in_place(const std::string& path) {
  std::error_code ec;
  const fs::path abs = fs::absolute(path, ec).lexically_normal();
  const std::string a = ec ? path : abs.string();
  for (const char* descriptor : {"/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/"})
    if (a.starts_with(descriptor)) return true;
  const fs::file_status st = fs::status(path, ec);
  return !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

void write_in_place(const std::string& path, const std::string& content, const std::string& key) {
  // Appending: a descriptor the shell opened on a file (`>file`) keeps what was written before.
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::app);
  if (!out) throw output_error(path, key, "cannot write output file");
  out << content;
  out.flush();
  if (!out) throw output_error(path, key, "error while writing output file");
}

UserError is_a_directory(const std::string& path, const std::string& key) {
  return UserError(Diagnostic{path, 0, 0, key, "is a directory; give a file name"});
}

}  // namespace

void write_file_atomically(const std::string& given_path, const std::string& content, const std::string& key) {
  if (written_in_place(given_path)) {
    write_in_place(given_path, content, key);
    return;
  }
  const std::string path = rename_target(given_path);
  std::error_code dir_ec;
  if (fs::is_directory(path, dir_ec)) throw is_a_directory(path, key);
  const std::string tmp = temp_path(path);
  {
    std::ofstream out = open_temp(path, key);
    errno = 0;
    out << content;
    out.flush();
    if (!out) {
      const UserError e = output_error(path, key, "error while writing output file");
      std::error_code ec;
      fs::remove(tmp, ec);
      throw e;
    }
  }
  std::error_code ec;
  // A file written over keeps its permissions (the temporary one has the umask's).
  if (const fs::file_status old = fs::status(path, ec); !ec && fs::is_regular_file(old)) fs::permissions(tmp, old.permissions(), ec);
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    throw UserError(Diagnostic{path, 0, 0, key, "cannot move output into place: " + why});
  }
}

void check_writable(const std::string& given_path, const std::string& key) {
  if (written_in_place(given_path)) {
    // Not opened now: a FIFO would wait here for its reader.
    errno = 0;
    if (::access(given_path.c_str(), W_OK) != 0) throw output_error(given_path, key, "cannot write output file");
    return;
  }
  const std::string path = rename_target(given_path);
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw is_a_directory(path, key);
  open_temp(path, key).close();
  fs::remove(temp_path(path), ec);
}

void check_outputs(const std::vector<std::pair<std::string, std::string>>& outputs, const std::vector<std::string>& inputs) {
  std::vector<std::pair<std::string, fs::path>> files;  // option, the file it would replace
  for (const auto& [key, path] : outputs) {
    if (path.empty()) continue;
    check_writable(path, key);
    if (written_in_place(path)) continue;
    for (const std::string& input : inputs) {
      std::error_code ec;
      if (!input.empty() && fs::equivalent(input, path, ec))
        throw UserError(Diagnostic{path, 0, 0, key, fmt::format("is the input file '{}'; give the output another path", input)});
    }
    const fs::path file = resolved(path);
    for (const auto& [other_key, other] : files)
      if (other == file)
        throw UserError(Diagnostic{path, 0, 0, key, fmt::format("is also {}'s file; give each output its own file", other_key)});
    files.emplace_back(key, file);
  }
}

}  // namespace warpsim::report
