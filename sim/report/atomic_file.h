// Writing output files so that bad input or a crash never leaves a half-written file:
// content goes to "<path>.tmp.<pid>" and is renamed over <path> only when complete. A path that
// is not a regular file (a device such as /dev/null, a FIFO, /dev/stdout) is written in place:
// renaming over it would replace the device or the pipe with a plain file.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace warpsim::report {

// Writes `content` to `path` atomically. Throws UserError (naming `key`, the option that gave the
// path) if the directory is not writable.
void write_file_atomically(const std::string& path, const std::string& content, const std::string& key = "--out");

// Throws the same UserError now if `path` could not be written later (a directory, a missing or
// read-only directory): lets a command with several outputs check them all before it runs, so
// none is written when another would fail.
void check_writable(const std::string& path, const std::string& key);

// check_writable() for each (option, path) with a path, and no two options naming one file (the
// second write would silently replace the first), nor an output naming one of `inputs`, the files
// the command reads (writing it would replace the command's own input). Devices and pipes may be shared.
void check_outputs(const std::vector<std::pair<std::string, std::string>>& outputs, const std::vector<std::string>& inputs = {});

}  // namespace warpsim::report
