// Terminal output: colour/tty decisions and the progress line for long sweeps.
#pragma once
#include <chrono>
#include <string>

namespace abt {

// True when progress lines and colour may be written to stderr (ABTOOL_COLOR overrides the tty test).
bool stderr_is_interactive();

// True when reports on stdout may use colour: ABTOOL_COLOR=always|never if set, else not when
// NO_COLOR is set (no-color.org), else when stdout is a terminal.
bool stdout_wants_colour();

// Elapsed or remaining time as people read it: "4:07", "1:02:13".
std::string clock_text(double seconds);
// Erases the progress line on stderr (the cursor back at its start), where one may be drawn.
void clear_progress_line();
// Off a terminal, seconds between plain progress lines: ABTOOL_PROGRESS_S, default 5 (0: none).
double plain_progress_interval_s();

// "points done/total, current point, ETA" on one self-overwriting stderr line; silent when
// stderr is not interactive, so logs never receive control codes.
class Progress {
 public:
  Progress(std::string what, int total);
  ~Progress();
  void update(int done, const std::string& current);
  void finish();

 private:
  std::string what_;
  int total_;
  bool enabled_;
  bool active_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace abt
