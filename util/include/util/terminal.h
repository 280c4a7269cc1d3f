// Terminal output: colour/tty decisions and the progress line for long sweeps.
#pragma once
#include <chrono>
#include <functional>
#include <cstddef>
#include <string>

#include "util/environment.h"

namespace abt {

// `--color always|never` on the command line: decides over ABTOOL_COLOR and NO_COLOR (automatic:
// they and the terminal decide, as without the option).
void choose_colour(ColourChoice choice);
// `--quiet`: no progress lines (nor the run's lines as they happen: the commands' own business);
// warnings, errors and results are still written.
void choose_quiet(bool quiet);
bool quiet();

// True when progress lines and colour may be written to stderr (--color, else ABTOOL_COLOR,
// overrides the tty test).
bool stderr_is_interactive();

// True when reports on stdout may use colour: --color or ABTOOL_COLOR=always|never if given, else
// not when NO_COLOR is set (no-color.org), else when stdout is a terminal.
bool stdout_wants_colour();

// How wide stdout's lines may be: COLUMNS where it is a number (exported by a user, or a script,
// to ask for a width), else the terminal's width; std::string::npos off a terminal without
// COLUMNS (a pipe or a log: lines are not broken, so what scripts search for stays on one line).
size_t stdout_width();
// `text` broken at spaces into lines of at most `width` characters, counting `indent`, which
// starts every line after the first, and `first_offset` characters already written before the
// first (a word longer than its line stays whole on a line of its own). Each line of a text of
// several is wrapped on its own.
std::string wrap_text(const std::string& text, size_t width, const std::string& indent, size_t first_offset = 0);

// Writes `text` to stdout, through the pager (PAGER, default `less -R`) when stdout is a terminal
// and the text is longer than its height; straight to stdout otherwise, and where the pager cannot
// be started.
void write_paged(const std::string& text);

// Elapsed or remaining time as people read it: "4:07", "1:02:13".
std::string clock_text(double seconds);
// Erases the progress line on stderr (the cursor back at its start), where one may be drawn.
void clear_progress_line();
// Draws `line` as the progress line on stderr, cut to the terminal's width at a word's end ("..."
// marks the cut): a line that wrapped would leave its first part behind at every redraw.
void draw_progress_line(const std::string& line);
// `line` cut to fit `width` columns (the last one left empty) at a word's end, "..." marking the cut.
std::string fit_progress_line(const std::string& line, size_t width);
// While a run's own progress line is up (engine's RunProgress), a part's Progress (a compile's
// "[2/6 variants]") becomes that line's "what runs now" text, under the run's one ETA, instead of
// a line of its own with an ETA of another scope. Empty: none; set and cleared by the run's line.
using ProgressSink = std::function<void(const std::string& current)>;
void set_progress_sink(ProgressSink sink);
// Off a terminal, seconds between plain progress lines: ABTOOL_PROGRESS_S, default 5 (0: none).
double plain_progress_interval_s();

// "what [done/total units] current" on one self-overwriting stderr line, with its own ETA when no
// run's line is up (set_progress_sink); silent when stderr is not interactive, so logs never
// receive control codes.
class Progress {
 public:
  Progress(std::string what, int total, std::string units = "");
  ~Progress();
  void update(int done, const std::string& current);
  void finish();

 private:
  std::string what_;
  int total_;
  std::string units_;
  bool enabled_;
  bool active_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace abt
