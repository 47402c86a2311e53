#include "support/test_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/loader.h"

namespace fs = std::filesystem;

namespace warpsim::test {
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

namespace {

struct TempRoot {
  std::string path;
  TempRoot() {
    std::string tmpl = (fs::temp_directory_path() / "warpsim-test-XXXXXX").string();
    path = ::mkdtemp(tmpl.data()) ? tmpl : std::string();
  }
  ~TempRoot() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};
TempRoot& root() {
  static TempRoot r;
  return r;
}
}  // namespace

std::string temp_dir() { return root().path; }

std::string write_temp_file(const std::string& name, const std::string& content) {
  fs::path p = fs::path(temp_dir()) / name;
  fs::create_directories(p.parent_path());
  std::ofstream(p) << content;
  return p.string();
}

CliRun run_cli(const std::string& args) { return run_cli_with_env("", args); }

CliRun run_cli_with_env(const std::string& env, const std::string& args) {
  static int counter = 0;
  const std::string base = temp_dir() + "/cli" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string cmd = (env.empty() ? "" : env + " ") + std::string(WARPSIM_BIN) + " " + args + " >" + base + ".out 2>" + base + ".err";
  int status = std::system(cmd.c_str());
  CliRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  return r;
}

config::HwConfig builtin(const std::string& name) { return config::load_hw_config(name); }

}  // namespace warpsim::test
