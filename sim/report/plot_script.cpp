#include "report/plot_script.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/data_paths.h"
#include "common/text.h"
#include "common/user_error.h"

extern char** environ;

namespace warpsim::report {

namespace fs = std::filesystem;

std::string plots_unavailable() {
#ifdef WARPSIM_HAVE_PLOTS
  return "";
#else
  return "matplotlib was not found under " WARPSIM_PYTHON
         " when warpsim was configured; figures need it (apt-get install python3-matplotlib, then re-run cmake and rebuild)";
#endif
}

ScratchDir::ScratchDir() {
  std::string pattern = (fs::temp_directory_path() / "warpsim-plot.XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw std::runtime_error(with_system_reason("cannot create a scratch directory in " + fs::temp_directory_path().string()));
  path_ = pattern;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string read_drawn_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("the figure script did not write " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

ScriptRun run_plot_script(const std::string& script, const std::vector<std::string>& args) {
  ScratchDir scratch;
  const fs::path log = scratch.path() / "output.txt";
  std::vector<std::string> argv_text = {WARPSIM_PYTHON, (data_dir("plots") / script).string()};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  // Standard output and error to one file, read once the script has ended (a pipe could fill up
  // while nobody reads it).
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ScriptRun run;
  if (rc != 0) {
    run.status = -1;
    run.output = fmt::format("cannot start {}: {}", WARPSIM_PYTHON, std::strerror(rc));
    return run;
  }
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  run.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
  std::ifstream in(log, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  run.output = text.str();
  return run;
}

void draw_or_throw(const std::string& script, const std::vector<std::string>& args) {
  const ScriptRun run = run_plot_script(script, args);
  if (run.status == 0) return;
  if (run.status == 2) {
    // The last line says what is wrong, after the script's "NAME: error: " prefix.
    std::string line(trim(run.output));
    line = line.substr(line.find_last_of('\n') + 1);
    if (const size_t at = line.find(": error: "); at != std::string::npos) line = line.substr(at + 9);
    const size_t colon = line.find(": ");
    if (colon != std::string::npos) throw UserError(Diagnostic{line.substr(0, colon), 0, 0, "", line.substr(colon + 2)});
  }
  throw std::runtime_error(fmt::format("plots/{} failed (status {}): {}", script, run.status, run.output));
}

}  // namespace warpsim::report
