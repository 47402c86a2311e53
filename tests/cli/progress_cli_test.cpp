// Progress on a terminal: every command that can run for more than a moment (run over several
// occupancies, sweep, compare-memory, validate) draws a bar on stderr when stderr is a terminal,
// and prints none into a pipe or file. The terminal is a pseudo-terminal from util-linux's
// `script`, which copies what the command wrote to it into a file.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace warpsim::test {
namespace {

// What `args` writes to its terminal (stdout sent to /dev/null), and the exit status.
CliRun on_a_terminal(const std::string& args) {
  const std::string dir = temp_dir();
  const std::string typescript = dir + "/typescript.txt";
  const std::string inner = std::string(WARPSIM_BIN) + " " + args + " >/dev/null";
  // -e: the command's exit status; -q: no "Script started" lines; -c: the command.
  const std::string cmd = "script -qec \"" + inner + "\" " + typescript + " </dev/null >/dev/null 2>&1";
  CliRun r;
  r.exit_code = WEXITSTATUS(std::system(cmd.c_str()));
  r.err = slurp(typescript);
  return r;
}

void expect_bars(const std::string& args, const std::vector<std::string>& labels) {
  const CliRun tty = on_a_terminal(args);
  ASSERT_EQ(tty.exit_code, 0) << args << "\n" << tty.err;
  EXPECT_NE(tty.err.find("100%"), std::string::npos) << args << "\n" << tty.err;
  if (labels.empty()) {
    EXPECT_NE(tty.err.find("\r["), std::string::npos) << args << "\n" << tty.err;  // redrawn in place
  }
  for (const auto& label : labels)
    EXPECT_NE(tty.err.find("\r" + label + " ["), std::string::npos) << args << ": " << label << "\n" << tty.err;
  const CliRun piped = run_cli(args);
  ASSERT_EQ(piped.exit_code, 0) << args << "\n" << piped.err;
  EXPECT_EQ(piped.err.find('\r'), std::string::npos) << args << ": a bar was drawn into a pipe\n" << piped.err;
  EXPECT_EQ(piped.err.find("ETA"), std::string::npos) << args << "\n" << piped.err;
}

}  // namespace

TEST(ProgressCli, LongCommandsDrawABarOnATerminalAndNoneIntoAPipe) {
  expect_bars("run --gpu maxwell --workload alpha_mix --param loads=4 --warps 4:16:4 --sms 1", {});
  expect_bars("run --gpu maxwell --workload alpha_mix --param loads=4 --warps 4:16:4 --sms 1 --jobs 2", {});
  expect_bars("sweep --gpu maxwell --workload alpha_mix --param loads=4 --warps 4:16:4 --sms 1", {});
  expect_bars("memloop --gpu kepler --warps 8:32:8 --measure 20000 --warmup 2000", {});
  expect_bars("compare-memory --gpu kepler --models fixed,servers --warps 8:32:8 --loads 4 --sms 1", {});
  const std::string out = temp_dir() + "/report";
  expect_bars("validate --gpu kepler --case 't6_2.*' --no-figures --memory-models fixed --out-dir " + out,
              {"validate: case simulations", "validate: memory models"});
}

}  // namespace warpsim::test
