#include "util/terminal.h"

#include <fmt/format.h>

#include <mutex>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "util/environment.h"
#include "util/process.h"

namespace abt {

namespace {

ColourChoice& chosen_colour() {
  static ColourChoice chosen = ColourChoice::automatic;
  return chosen;
}

bool& chosen_quiet() {
  static bool quiet = false;
  return quiet;
}

ColourChoice forced_colour() {
  return chosen_colour() != ColourChoice::automatic ? chosen_colour() : environment().colour;
}

}  // namespace

void choose_colour(ColourChoice choice) { chosen_colour() = choice; }
void choose_quiet(bool quiet) { chosen_quiet() = quiet; }
bool quiet() { return chosen_quiet(); }

bool stderr_is_interactive() {
  if (quiet()) return false;
  const ColourChoice forced = forced_colour();
  if (forced != ColourChoice::automatic) return forced == ColourChoice::always;
  return ::isatty(STDERR_FILENO) == 1;
}

bool stdout_wants_colour() {
  const ColourChoice forced = forced_colour();
  if (forced != ColourChoice::automatic) return forced == ColourChoice::always;
  if (environment().no_colour) return false;
  return ::isatty(STDOUT_FILENO) == 1;
}

size_t stdout_width() {
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value >= 20 && value <= 10000) return size_t(value);
  }
  winsize size{};
  if (::isatty(STDOUT_FILENO) == 1) return ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20 ? size.ws_col : 80;
  return std::string::npos;
}

namespace {

// A pager process fed through a pipe; closed (and waited for) when it goes.
class PagerPipe {
 public:
  explicit PagerPipe(const std::string& command) : pipe_(::popen(command.c_str(), "w")) {}
  ~PagerPipe() {
    if (pipe_) ::pclose(pipe_);
  }
  PagerPipe(const PagerPipe&) = delete;
  PagerPipe& operator=(const PagerPipe&) = delete;
  bool write(const std::string& text) { return pipe_ && std::fwrite(text.data(), 1, text.size(), pipe_) == text.size(); }

 private:
  FILE* pipe_;
};

}  // namespace

void write_paged(const std::string& text) {
  const std::string& pager = environment().pager;
  winsize size{};
  const bool terminal = ::isatty(STDOUT_FILENO) == 1 && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0;
  const size_t lines = size_t(std::count(text.begin(), text.end(), '\n'));
  const std::string program = pager.substr(0, pager.find(' '));
  if (!terminal || lines < size.ws_row || pager.empty() || program == "cat" || !find_program(program)) {
    std::fwrite(text.data(), 1, text.size(), stdout);  // no pager here: the text as it is
    return;
  }
  std::fflush(stdout);
  // A reader who quits the pager early closes the pipe: the rest is dropped, abtool is not killed.
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  {
    PagerPipe paged(pager);
    paged.write(text);
  }
  ::sigaction(SIGPIPE, &previous, nullptr);
}

std::string wrap_text(const std::string& text, size_t width, const std::string& indent, size_t first_offset) {
  if (const size_t newline = text.find('\n'); newline != std::string::npos)  // each line of its own
    return wrap_text(text.substr(0, newline), width, indent, first_offset) + "\n" +
           wrap_text(text.substr(newline + 1), width, indent, first_offset);
  std::string wrapped, line;
  bool first = true;
  auto flush = [&] {
    if (!first) wrapped += "\n" + indent;
    wrapped += line;
    line.clear();
    first = false;
  };
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const size_t used = first ? first_offset : indent.size();
    const size_t room = width > used ? width - used : 1;
    if (!line.empty() && line.size() + 1 + word.size() > room) flush();
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) flush();
  return wrapped;
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

namespace {
std::mutex sink_mutex;
ProgressSink& sink() {
  static ProgressSink current;
  return current;
}
}  // namespace

void set_progress_sink(ProgressSink new_sink) {
  std::lock_guard lock(sink_mutex);
  sink() = std::move(new_sink);
}

Progress::Progress(std::string what, int total, std::string units)
    : what_(std::move(what)), total_(total), units_(std::move(units)), enabled_(stderr_is_interactive()),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() { finish(); }

void draw_progress_line(const std::string& line) {
  winsize size{};
  size_t width = std::string::npos;  // not a terminal (ABTOOL_COLOR=always into a file): the whole line
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20) width = size.ws_col;
  fmt::print(stderr, "\r\x1b[2K{}", fit_progress_line(line, width));
  std::fflush(stderr);
}

std::string fit_progress_line(const std::string& line, size_t width) {
  // The last column stays empty: a terminal that wraps on it would leave the line behind too.
  if (width == std::string::npos || line.size() < width) return line;
  const std::string mark = "...";
  const size_t room = width > mark.size() + 1 ? width - 1 - mark.size() : 0;
  size_t cut = line.rfind(' ', room);
  while (cut != std::string::npos && cut > 0 && (line[cut - 1] == ' ' || line[cut - 1] == ',' || line[cut - 1] == ':'))
    --cut;  // "ETA 0:12, compiling" cut after "0:12", not after its comma
  if (cut == std::string::npos || cut < room / 2) cut = room;  // one long word: cut inside it
  return line.substr(0, cut) + mark;
}

void Progress::update(int done, const std::string& current) {
  {
    std::lock_guard lock(sink_mutex);
    if (sink()) {
      sink()(fmt::format("{} [{}/{}{}]{}{}", what_, done, total_, units_.empty() ? "" : " " + units_,
                         current.empty() ? "" : " ", current));
      return;
    }
  }
  if (!enabled_) return;
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string eta = "--:--";
  if (done > 0 && done < total_) eta = clock_text(elapsed / done * (total_ - done));
  draw_progress_line(fmt::format("{} [{}/{}] {}  ETA {}", what_, done, total_, current, eta));
  active_ = true;
}

void Progress::finish() {
  if (!active_) return;
  clear_progress_line();
  active_ = false;
}

double plain_progress_interval_s() { return quiet() ? 0 : environment().progress_s; }

}  // namespace abt
