// One progress line for a whole record or replay: points done of the run's total, what runs
// now, elapsed time and an ETA from the measured cost of the steps done so far (choosing and
// verifying a point, each of its timing rounds). On a terminal it overwrites itself on stderr;
// otherwise (a CI log, a pipe) it is a plain line at most every ABTOOL_PROGRESS_S seconds
// (default 5), so logs never receive control codes and a long run still shows it is alive.
// With ABTOOL_PROGRESS_FILE set it also writes progress_snapshot.h's file for a supervisor.
#pragma once
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace abt {

class RunProgress {
 public:
  RunProgress(std::string mode, size_t total_points, long long total_steps);
  ~RunProgress();
  void update(size_t points_done, long long steps_done, const std::string& current);
  void finish();

 private:
  std::string line(size_t points_done, long long steps_done, const std::string& current) const;
  std::optional<double> eta_s(long long steps_done) const;
  void write_snapshot(size_t points_done, long long steps_done, const std::string& current);
  std::string mode_;
  size_t total_points_;
  long long total_steps_;
  bool terminal_;
  double plain_every_s_;
  bool active_ = false;
  std::chrono::steady_clock::time_point start_, last_plain_, last_snapshot_;
  std::filesystem::path snapshot_file_;
  size_t last_points_done_ = 0;
};

}  // namespace abt
