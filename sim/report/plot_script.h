// Running the matplotlib scripts of plots/ (found through common/data_paths.h) under the Python
// that CMake found with matplotlib (WARPSIM_PYTHON, WARPSIM_HAVE_PLOTS).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace warpsim::report {

// "" when figures can be drawn; otherwise why not and how to get them.
std::string plots_unavailable();

struct ScriptRun {
  int status = 0;      // the script's exit status; -1 when it could not be started or was killed
  std::string output;  // its standard output and error, together
};

// Runs plots/<script> with `args` (passed as they are, never through a shell's word splitting).
ScriptRun run_plot_script(const std::string& script, const std::vector<std::string>& args);

// run_plot_script for a command's figures: a script exits 2 on bad data, with one line
// `WHERE: what`, which becomes the UserError the command reports (exit 2); any other failure is
// a warpsim bug (std::runtime_error, exit 1).
void draw_or_throw(const std::string& script, const std::vector<std::string>& args);

// A fresh private directory for a script's inputs and outputs, removed with the object, so that
// a command writes its own files only once all of them are drawn.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The whole content of a file a script wrote (throws std::runtime_error when it is missing).
std::string read_drawn_file(const std::filesystem::path& path);

}  // namespace warpsim::report
