#include "util/environment.h"
#include "run_progress.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "engine/progress_snapshot.h"
#include "util/terminal.h"

namespace abt {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

RunProgress::RunProgress(std::string mode, size_t total_points, EtaModel eta, std::optional<double> plain_every_s)
    : mode_(std::move(mode)), total_points_(total_points), eta_(eta),
      terminal_(stderr_is_interactive()), plain_every_s_(plain_every_s.value_or(plain_progress_interval_s())),
      start_(std::chrono::steady_clock::now()), last_plain_(start_), last_snapshot_(start_ - std::chrono::hours(1)) {
  if (const auto& file = environment().progress_file) snapshot_file_ = *file;
  set_progress_sink([this](const std::string& current) {
    std::lock_guard lock(mutex_);
    show(last_points_done_, last_steps_done_, current);
  });
  // A log's lines stay plain_every_s_ apart (show's own spacing): woken four times as often, the
  // ticker leaves no gap much longer than that.
  const double every_s = terminal_ ? 1.0 : plain_every_s_ / 4;
  if (every_s <= 0) return;  // quiet, or ABTOOL_PROGRESS_S=0: nothing to keep alive
  ticker_ = std::jthread([this, every_s](std::stop_token stop) {
    std::unique_lock lock(mutex_);
    for (;;) {
      tick_.wait_for(lock, stop, std::chrono::duration<double>(every_s), [] { return false; });
      if (stop.stop_requested()) return;
      if (shown_) show(last_points_done_, last_steps_done_, last_current_);
    }
  });
}

RunProgress::~RunProgress() {
  ticker_.request_stop();
  if (ticker_.joinable()) ticker_.join();
  set_progress_sink({});
  try {
    finish();
  } catch (const std::exception&) {
  }
}

std::optional<double> RunProgress::eta_s(long long steps_done) const { return eta_.remaining_s(steps_done, seconds_since(start_)); }

// Best effort: progress is never worth failing a run for.
void RunProgress::write_snapshot(size_t points_done, long long steps_done, const std::string& current) {
  if (snapshot_file_.empty()) return;
  last_snapshot_ = std::chrono::steady_clock::now();
  try {
    ProgressSnapshot{points_done, total_points_, seconds_since(start_), eta_s(steps_done), current}.write(snapshot_file_);
  } catch (const std::exception&) {
  }
}

std::optional<double> RunProgress::shown_eta_s(long long steps_done) { return eta_display_.shown(eta_s(steps_done), seconds_since(start_)); }

std::string RunProgress::line(size_t points_done, long long steps_done, const std::string& current) {
  const double elapsed = seconds_since(start_);
  std::string eta = "--:--";
  if (auto left = shown_eta_s(steps_done); left && *left > 0) eta = clock_text(*left);
  // A record chooses an op's points before it times them: its point count stands still meanwhile.
  const size_t done_before = total_points_ - size_t(std::max(0LL, eta_.choices()));  // a resumed run's
  const long long chosen = eta_.chosen() - (long long)(points_done - std::min(points_done, done_before));
  return fmt::format("{} {}/{} points{}, {} elapsed, ETA {}{}", mode_, points_done, total_points_,
                     chosen > 0 && points_done < total_points_ ? fmt::format(" ({} more chosen)", chosen) : "",
                     clock_text(elapsed), eta, current.empty() ? "" : ": " + current);
}

void RunProgress::update(size_t points_done, long long steps_done, StepKind kind, const std::string& current,
                         double planned_choice_s) {
  std::lock_guard lock(mutex_);
  if (kind == StepKind::choosing) eta_.chose(seconds_since(start_), planned_choice_s);
  show(points_done, steps_done, current);
}

void RunProgress::waiting(size_t points_done, const std::string& what) {
  std::lock_guard lock(mutex_);
  show(points_done, 0, what);
}

void RunProgress::show(size_t points_done, long long steps_done, const std::string& current) {
  last_points_done_ = points_done;
  last_steps_done_ = steps_done;
  last_current_ = current;
  shown_ = true;
  if (!snapshot_file_.empty() && seconds_since(last_snapshot_) >= 0.5) write_snapshot(points_done, steps_done, current);
  if (terminal_) {
    draw_progress_line(line(points_done, steps_done, current));
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
  ticker_.request_stop();
  std::lock_guard lock(mutex_);
  if (!snapshot_file_.empty()) write_snapshot(last_points_done_, eta_.steps(), "");
  if (!active_) return;
  clear_progress_line();
  active_ = false;
}

}  // namespace abt
