// Writing output files so that bad input or a crash never leaves a half-written file:
// content goes to "<path>.tmp.<pid>" and is renamed over <path> only when complete.
#pragma once

#include <string>

namespace warpsim::report {

// Writes `content` to `path` atomically. Throws UserError (naming `key`, the option that gave the
// path) if the directory is not writable.
void write_file_atomically(const std::string& path, const std::string& content, const std::string& key = "--out");

// Throws the same UserError now if `path` could not be written later: lets a command with several
// outputs check them all before it runs, so none is written when another would fail.
void check_writable(const std::string& path, const std::string& key);

}  // namespace warpsim::report
