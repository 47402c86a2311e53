// Reading a whole input text file (config, case file, workload, SASS dump, patterns, CSV) with the
// limits a user's typo needs: a device or a binary file (`/dev/zero`, an executable) given where a
// text file belongs is an error at its first NUL byte, and a stream that never ends is cut at
// kMostTextFileBytes, instead of filling memory. Pipes and regular files read alike.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace warpsim {

inline constexpr size_t kMostTextFileBytes = size_t{1} << 30;  // 1 GiB: past any dump or table the project reads

// Throws UserError at `path`'s line of the first byte that is not UTF-8 (common/text.h, invalid_utf8_at), naming `key`: a file in
// another encoding (Latin-1) would otherwise be copied raw into reports and outputs.
void check_utf8(std::string_view text, const std::string& path, const std::string& key);

// The text of `path`. Throws UserError at `path` naming `key` (the option or directive that gave
// it): "cannot open <what>" (e.g. "file", "workload file") with the system's reason, a NUL byte
// (at its line), a byte that is not UTF-8 (at its line), or the size limit.
std::string read_text_file(const std::string& path, const std::string& key, const std::string& what);

}  // namespace warpsim
