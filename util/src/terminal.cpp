#include "util/terminal.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "util/environment.h"

namespace abt {

bool stderr_is_interactive() {
  const ColourChoice forced = environment().colour;
  if (forced != ColourChoice::automatic) return forced == ColourChoice::always;
  return ::isatty(STDERR_FILENO) == 1;
}

bool stdout_wants_colour() {
  const ColourChoice forced = environment().colour;
  if (forced != ColourChoice::automatic) return forced == ColourChoice::always;
  if (environment().no_colour) return false;
  return ::isatty(STDOUT_FILENO) == 1;
}

std::string clock_text(double seconds) {
  const long long whole = (long long)(seconds + 0.5);
  if (whole >= 3600) return fmt::format("{}:{:02}:{:02}", whole / 3600, whole / 60 % 60, whole % 60);
  return fmt::format("{}:{:02}", whole / 60, whole % 60);
}

void clear_progress_line() {
  fmt::print(stderr, "\r\x1b[2K");
  std::fflush(stderr);
}

Progress::Progress(std::string what, int total)
    : what_(std::move(what)), total_(total), enabled_(stderr_is_interactive()),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() { finish(); }

void Progress::update(int done, const std::string& current) {
  if (!enabled_) return;
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string eta = "--:--";
  if (done > 0 && done < total_) eta = clock_text(elapsed / done * (total_ - done));
  fmt::print(stderr, "\r\x1b[2K{} [{}/{}] {}  ETA {}", what_, done, total_, current, eta);
  std::fflush(stderr);
  active_ = true;
}

void Progress::finish() {
  if (!active_) return;
  clear_progress_line();
  active_ = false;
}

double plain_progress_interval_s() { return environment().progress_s; }

}  // namespace abt
