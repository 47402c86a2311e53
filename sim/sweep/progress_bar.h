// A one-line progress bar with elapsed time and ETA on stderr, drawn only on a terminal so that
// logs and pipes stay clean.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace warpsim::sweep {

class ProgressBar {
 public:
  // `enabled` false: every call is a no-op. Use stderr_is_terminal() for the default.
  // `counts` false: the line shows the percentage without "done/total" (a fraction of one run).
  // `label` starts the line ("memory models [###---] ..."), for a command with several stages.
  ProgressBar(size_t total, bool enabled, bool counts = true, std::string label = "");
  ~ProgressBar();
  void update(size_t done);  // redrawn at most every 0.2 s, and always for the last point
  void finish();             // ends the line

  static bool stderr_is_terminal();

 private:
  using Clock = std::chrono::steady_clock;
  size_t total_;
  bool enabled_;
  bool counts_;
  std::string label_;
  bool drawn_ = false;
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

// "[#####-----]  12/40  30%  elapsed 0:12  ETA 0:28" (ETA from the mean time per point so far);
// without `counts`, "[#####-----]  30%  elapsed 0:12  ETA 0:28".
std::string progress_line(size_t done, size_t total, double elapsed_s, int width = 30, bool counts = true);
// Seconds as "M:SS", or "H:MM:SS" from an hour on.
std::string format_duration(double seconds);

}  // namespace warpsim::sweep
