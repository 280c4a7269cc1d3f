// One progress line for a whole record or replay: points done of the run's total, what runs
// now, elapsed time and an ETA from the measured cost of the steps done so far (choosing and
// verifying a point, each of its timing rounds). On a terminal it overwrites itself on stderr;
// otherwise (a CI log, a pipe) it is a plain line at most every ABTOOL_PROGRESS_S seconds
// (default 5), so logs never receive control codes and a long run still shows it is alive.
#pragma once
#include <chrono>
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
  std::string mode_;
  size_t total_points_;
  long long total_steps_;
  bool terminal_;
  double plain_every_s_;
  bool active_ = false;
  std::chrono::steady_clock::time_point start_, last_plain_;
};

}  // namespace abt
