// Writing output files so that bad input or a crash never leaves a half-written file:
// content goes to "<path>.tmp.<pid>" and is renamed over <path> only when complete.
#pragma once

#include <string>

namespace warpsim::report {

// Writes `content` to `path` atomically. Throws UserError if the directory is not writable.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace warpsim::report
