// One progress line for a whole record or replay: points done of the run's total, what runs
// now, elapsed time and an ETA from what the run's finished points cost, a choice and a round
// apart (engine/eta_model.h). On a terminal it overwrites itself on stderr;
// otherwise (a CI log, a pipe) it is a plain line at most every ABTOOL_PROGRESS_S seconds
// (default 5), so logs never receive control codes and a long run still shows it is alive.
// With ABTOOL_PROGRESS_FILE set it also writes progress_snapshot.h's file for a supervisor.
// Between steps (a Valgrind count, a long compile) a ticker redraws it, its elapsed clock counting:
// every second on a terminal, every ABTOOL_PROGRESS_S in a log, so no gap is longer than that.
// While it is up, a compile's own Progress shows as its "what runs now" (util/terminal.h
// set_progress_sink): one line, one ETA, and a snapshot that follows the compiles too.
#pragma once
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "engine/eta_display.h"
#include "engine/eta_model.h"
#include "engine/step.h"

namespace abt {

class RunProgress {
 public:
  // `plain_every_s`: a log's interval (a test's; default ABTOOL_PROGRESS_S).
  RunProgress(std::string mode, size_t total_points, EtaModel eta, std::optional<double> plain_every_s = std::nullopt);
  ~RunProgress();
  // A step of `kind` begins (a point's choice, or one of its rounds); `planned_choice_s`: what the
  // plan expects a choice of this op to cost (engine/run.h planned_point_cost).
  void update(size_t points_done, long long steps_done, StepKind kind, const std::string& current,
              double planned_choice_s = 0);
  void learn(const PointTime& finished, int rounds, double planned_choice_s = 0) {
    eta_.learn(finished, rounds, planned_choice_s);
  }
  // Before the first step: what the run waits for (the compiler's start).
  void waiting(size_t points_done, const std::string& what);
  void finish();

 private:
  std::string line(size_t points_done, long long steps_done, const std::string& current);
  void show(size_t points_done, long long steps_done, const std::string& current);
  std::optional<double> eta_s(long long steps_done) const;  // the model's
  std::optional<double> shown_eta_s(long long steps_done);    // the line's (eta_display.h)
  void write_snapshot(size_t points_done, long long steps_done, const std::string& current);
  std::string mode_;
  size_t total_points_;
  EtaModel eta_;
  EtaDisplay eta_display_;
  bool terminal_;
  double plain_every_s_;
  bool active_ = false;
  std::chrono::steady_clock::time_point start_, last_plain_, last_snapshot_;
  std::filesystem::path snapshot_file_;
  size_t last_points_done_ = 0;
  long long last_steps_done_ = 0;
  std::string last_current_;
  bool shown_ = false;  // a step was shown: the ticker has something to redraw
  std::mutex mutex_;  // the sink calls from compile threads
  std::condition_variable_any tick_;
  std::jthread ticker_;  // last: it stops (and joins) before what it reads goes
};

}  // namespace abt
