#include "sweep/sweep_output.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <unordered_map>

#include "cli/exit_status.h"
#include "common/user_error.h"
#include "report/atomic_file.h"

namespace warpsim::sweep {
namespace {

constexpr const char* kOtherColumns =
    "the file holds other columns than this sweep writes (another sweep, --format or --steady); choose another --out or remove the file";

UserError file_error(const std::string& path, int line, const std::string& message) {
  return UserError(Diagnostic{path, line, 0, "--out", message});
}

std::optional<std::string> read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Calls `fn(line_without_newline, line_number, end_offset)` for each whole line after the header.
template <typename Fn>
void for_each_line(const std::string& text, size_t pos, int first_line, Fn fn) {
  for (int n = first_line; pos < text.size(); ++n) {
    const size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) return;  // a torn last line: not part of the file's valid content
    fn(text.substr(pos, nl - pos), n, nl + 1);
    pos = nl + 1;
  }
}

}  // namespace

size_t ResumeState::held() const {
  size_t n = 0;
  for (const auto& l : lines) n += l.has_value();
  return n;
}

ResumeState read_resume_state(const std::string& path, LineFormat f, const std::vector<report::Column>& columns,
                              const std::vector<std::string>& keys, const std::vector<std::vector<std::string>>& identities) {
  ResumeState st;
  st.lines.resize(keys.size());
  const auto text = read_all(path);
  if (!text || text->empty()) return st;
  const std::string header = header_line(f, columns);
  if (text->size() < header.size() && header.compare(0, text->size(), *text) == 0) return st;  // torn header
  if (text->compare(0, header.size(), header) != 0) throw file_error(path, 1, kOtherColumns);
  st.exists = true;
  st.keep_bytes = header.size();
  std::unordered_map<std::string, size_t> index;
  for (size_t i = 0; i < keys.size(); ++i) index.emplace(keys[i], i);
  size_t held = 0;
  for_each_line(*text, header.size(), header.empty() ? 1 : 2, [&](const std::string& line, int n, size_t end) {
    const auto key = line_key(f, columns, line);
    if (!key && header.empty() && n == 1)  // JSON lines have no header to tell another format by
      throw file_error(path, n, kOtherColumns);
    if (!key) throw file_error(path, n, "not a line of this sweep's output; choose another --out or remove the file");
    const auto it = index.find(*key);
    if (it == index.end())
      throw file_error(path, n, fmt::format("point '{}' is not in this sweep's grid; choose another --out or remove the file", *key));
    if (st.lines[it->second]) throw file_error(path, n, fmt::format("point '{}' is written twice", *key));
    if (const auto bad = non_numeric_field(f, columns, line))
      throw UserError(Diagnostic{
          path, n, 0, bad->column,
          fmt::format("'{}' is not a number: not a line this sweep wrote; fix or remove the line, or choose another --out", bad->text)});
    if (it->second < identities.size())
      if (const auto bad = identity_mismatch(f, columns, line, identities[it->second]))
        throw UserError(Diagnostic{path, n, 0, bad->column,
                                   fmt::format("'{}' is not what point '{}' runs: not a line this sweep wrote; fix or remove the line, or "
                                               "choose another --out",
                                               bad->text, *key)});
    st.lines[it->second] = line + "\n";
    st.in_order = st.in_order && it->second == held++;
    st.keep_bytes = end;
  });
  return st;
}

LineWriter::LineWriter(const std::string& path) : path_(path) {
  if (path.empty()) return;
  // A directory, pipe or device cannot be read back and rewritten (and opening a FIFO would wait
  // for a reader): refused before it is opened.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw file_error(path, 0,
                     S_ISDIR(st.st_mode)
                         ? "is a directory; give a file name"
                         : "not a regular file: a sweep reads its output back to resume; leave out --out to write to standard output");
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw file_error(path, 0, fmt::format("cannot open for writing: {}", std::strerror(errno)));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd_);
    fd_ = 1;
    throw file_error(path, 0,
                     err == EWOULDBLOCK ? "another warpsim sweep is writing this file; wait for it, or choose another --out"
                                        : fmt::format("cannot lock the file: {}", std::strerror(err)));
  }
}

void LineWriter::start(const std::string& header, const ResumeState& state) {
  // O_APPEND writes go to the end of the file, i.e. right after the kept part.
  if (!path_.empty() && ::ftruncate(fd_, static_cast<off_t>(state.exists ? state.keep_bytes : 0)) != 0)
    throw file_error(path_, 0, fmt::format("cannot cut the torn end of the file: {}", std::strerror(errno)));
  if (path_.empty() || !state.exists) write(header);
}

LineWriter::~LineWriter() {
  if (fd_ != 1) ::close(fd_);
}

void LineWriter::write(const std::string& line) {
  if (path_.empty()) {
    // Through std::cout, whose failure main reports as every command's ("writing standard output:
    // ...", exit 1, cli/standard_output.h): descriptor 1 may be /dev/null standing in for a closed one.
    std::cout << line << std::flush;
    if (!std::cout) throw cli::ExitStatus{1};
    return;
  }
  size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw file_error(path_, 0, fmt::format("write failed: {}", std::strerror(errno)));
    done += static_cast<size_t>(n);
  }
}

void rewrite_in_grid_order(const std::string& path, LineFormat f, const std::vector<report::Column>& columns,
                           const std::vector<std::string>& keys) {
  const ResumeState st = read_resume_state(path, f, columns, keys);
  std::string out = header_line(f, columns);
  for (const auto& line : st.lines)
    if (line) out += *line;
  report::write_file_atomically(path, out);
}

}  // namespace warpsim::sweep
