#include "run_progress.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

#include "util/terminal.h"

namespace abt {
namespace {

double plain_interval() {
  if (const char* text = std::getenv("ABTOOL_PROGRESS_S"); text && *text) return std::strtod(text, nullptr);
  return 5.0;
}

}  // namespace

RunProgress::RunProgress(std::string mode, size_t total_points, long long total_steps)
    : mode_(std::move(mode)), total_points_(total_points), total_steps_(std::max(1LL, total_steps)),
      terminal_(stderr_is_interactive()), plain_every_s_(plain_interval()), start_(std::chrono::steady_clock::now()),
      last_plain_(start_) {}

RunProgress::~RunProgress() { finish(); }

std::string RunProgress::line(size_t points_done, long long steps_done, const std::string& current) const {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string eta = "--:--";
  if (steps_done > 0 && steps_done < total_steps_)
    eta = clock_text(elapsed / double(steps_done) * double(total_steps_ - steps_done));
  return fmt::format("{} {}/{} points, {} elapsed, ETA {}{}", mode_, points_done, total_points_, clock_text(elapsed), eta,
                     current.empty() ? "" : ": " + current);
}

void RunProgress::update(size_t points_done, long long steps_done, const std::string& current) {
  if (terminal_) {
    fmt::print(stderr, "\r\x1b[2K{}", line(points_done, steps_done, current));
    std::fflush(stderr);
    active_ = true;
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (plain_every_s_ <= 0 || std::chrono::duration<double>(now - last_plain_).count() < plain_every_s_) return;
  last_plain_ = now;
  fmt::print(stderr, "abtool: {}\n", line(points_done, steps_done, current));
  std::fflush(stderr);
}

void RunProgress::finish() {
  if (!active_) return;
  clear_progress_line();
  active_ = false;
}

}  // namespace abt
