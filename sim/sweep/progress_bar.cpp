#include "sweep/progress_bar.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace warpsim::sweep {

std::string format_duration(double seconds) {
  const auto s = static_cast<long long>(std::llround(std::max(0.0, seconds)));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

std::string progress_line(size_t done, size_t total, double elapsed_s, int width, bool counts) {
  const double frac = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const int filled = std::clamp(static_cast<int>(frac * width), 0, width);
  const std::string bar = fmt::format("[{}{}]", std::string(filled, '#'), std::string(width - filled, '-'));
  std::string eta = "?";
  if (done > 0) eta = format_duration(elapsed_s / static_cast<double>(done) * static_cast<double>(total - done));
  const std::string of = counts ? fmt::format(" {}/{}", done, total) : "";
  return fmt::format("{}{} {:3.0f}%  elapsed {}  ETA {}", bar, of, 100 * frac, format_duration(elapsed_s), eta);
}

ProgressBar::ProgressBar(size_t total, bool enabled, bool counts, std::string label)
    : total_(total),
      enabled_(enabled),
      counts_(counts),
      label_(label.empty() ? label : label + " "),
      start_(Clock::now()),
      last_draw_(start_) {}

ProgressBar::~ProgressBar() { finish(); }

bool ProgressBar::stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

void ProgressBar::update(size_t done) {
  if (!enabled_) return;
  const auto now = Clock::now();
  if (drawn_ && done < total_ && now - last_draw_ < std::chrono::milliseconds(200)) return;
  last_draw_ = now;
  drawn_ = true;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  // \r and clear-to-end-of-line: the line is redrawn in place.
  std::fprintf(stderr, "\r%s%s\x1b[K", label_.c_str(), progress_line(done, total_, elapsed, 30, counts_).c_str());
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!enabled_ || !drawn_) return;
  std::fputc('\n', stderr);
  std::fflush(stderr);
  drawn_ = false;
  enabled_ = false;
}

}  // namespace warpsim::sweep
