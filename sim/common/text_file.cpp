#include "common/text_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "common/text.h"
#include "common/user_error.h"

namespace warpsim {

void check_utf8(std::string_view text, const std::string& path, const std::string& key) {
  const size_t at = invalid_utf8_at(text);
  if (at == std::string_view::npos) return;
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  throw UserError(Diagnostic{
      path, line, 0, key,
      fmt::format("is not UTF-8 text (byte 0x{:02X} at offset {}): save the file as UTF-8", static_cast<unsigned char>(text[at]), at)});
}

std::string read_text_file(const std::string& path, const std::string& key, const std::string& what) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UserError(Diagnostic{path, 0, 0, key, "is a directory; give a file"});
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError(Diagnostic{path, 0, 0, key, with_system_reason("cannot open " + what)});
  std::string text;
  std::string chunk(size_t{1} << 20, '\0');
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<size_t>(in.gcount());
    if (got == 0) break;
    if (const size_t nul = chunk.find('\0'); nul < got) {
      const size_t at = text.size() + nul;
      text.append(chunk, 0, nul);
      const int line = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
      throw UserError(Diagnostic{path, line, 0, key, fmt::format("holds binary data (a NUL byte at offset {}): not a text file", at)});
    }
    if (text.size() + got > kMostTextFileBytes)
      throw UserError(
          Diagnostic{path, 0, 0, key, fmt::format("larger than {} GiB: not a text file this command reads", kMostTextFileBytes >> 30)});
    text.append(chunk, 0, got);
  }
  if (in.bad()) throw UserError(Diagnostic{path, 0, 0, key, with_system_reason("cannot read " + what)});
  check_utf8(text, path, key);
  return text;
}

}  // namespace warpsim
