// Helpers shared by the test suites: running the CLI, temporary files, built-in configs.
#pragma once

#include <string>

#include "config/hw_config.h"

namespace warpsim::test {

struct CliRun {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs the built `warpsim` binary with `args` (a shell-quoted argument string).
CliRun run_cli(const std::string& args);
// The same with `env` (shell assignments, "A=1 B=2") set for the command.
CliRun run_cli_with_env(const std::string& env, const std::string& args);

// A fresh, empty temporary directory, removed at process exit.
std::string temp_dir();
// Writes `content` to `name` inside temp_dir(); returns the full path.
std::string write_temp_file(const std::string& name, const std::string& content);

// The whole content of a file ("" if it cannot be read).
std::string slurp(const std::string& path);

// A built-in GPU config by name (throws on error).
config::HwConfig builtin(const std::string& name);

// Whether this build runs under AddressSanitizer (WARPSIM_SANITIZE), whose shadow memory reserves
// terabytes of address space: a memory bound set with `ulimit -v` cannot hold there.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace warpsim::test
