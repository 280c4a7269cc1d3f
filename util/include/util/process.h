// Running external programs (compilers, disassemblers) without a shell.
#pragma once
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace abt {

struct ProcessResult {
  int exit_code = -1;     // -1 when the process was killed (timeout) or died from a signal
  bool timed_out = false;
  std::string out;
  std::string err;
};

struct ProcessRequest {
  std::string program;  // absolute path, or a name looked up on PATH
  std::vector<std::string> args;
  std::string stdin_text;
  std::map<std::string, std::string> extra_env;  // added to this process's environment
  std::chrono::seconds timeout{600};
};

// Throws std::runtime_error when the program cannot be found or started.
ProcessResult run_process(const ProcessRequest& request);

// Runs a program attached to this process's standard streams (a user's workload: its output is
// theirs to see), no time limit; returns its exit status, or 128 + the signal that ended it.
// Throws std::runtime_error when it cannot be started.
int run_attached(const ProcessRequest& request);

// How an attached program ended (run_attached_until).
struct AttachedEnd {
  int status = 0;          // its exit status, or 128 + the signal that ended it
  int signal = 0;          // the signal that ended it (0: it exited)
  bool timed_out = false;  // its time limit passed: it was told to stop
  int stopped_by = 0;      // SIGINT or SIGTERM this process received (util/stop_signals.h) while it ran
  int group_at_stop = 0;   // the processes of its group when it was told to stop (0: it was not)
  int left_running = 0;    // processes of its group still running after the program ended (then stopped too)
};

// As run_attached, in a process group of its own (a launcher's or a shell's children are the
// workload too), stopped when `limit` passes or this process is told to stop (catch_stop_signals
// called before): the group gets SIGTERM (or the SIGINT this process got), and SIGKILL `grace`
// after that. A workload stopped so can still write what it has. Whatever of the group still runs
// when the program itself has ended is stopped the same way, and counted. (Being outside the
// terminal's foreground group, the workload cannot read the terminal, as under timeout(1).)
AttachedEnd run_attached_until(const ProcessRequest& request, std::optional<std::chrono::duration<double>> limit,
                               std::chrono::duration<double> grace);

// "SIGSEGV", "SIGTERM": a signal as people read it ("SIG63" where it has no name).
std::string signal_name(int signal);

// The last line of a program's output that says something (what Valgrind or a compiler said
// last names what went wrong); "no message" when there is none.
std::string last_line(const std::string& text);

// A word as a POSIX shell reads it back (a command abtool prints for a user to run): as it is where
// it holds only characters a shell takes literally, else in single quotes.
std::string shell_quoted(const std::string& word);

// Absolute path of `program` (as given if it contains '/', else found on PATH); nullopt if absent.
std::optional<std::string> find_program(const std::string& program);

}  // namespace abt
