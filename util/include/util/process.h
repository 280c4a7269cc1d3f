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
};

// As run_attached, stopped when `limit` passes or this process is told to stop (catch_stop_signals
// called before): the program gets SIGTERM (SIGINT from a terminal reaches it by itself; it is
// passed on only where it did not end within 2 s), and SIGKILL `grace` after that. A workload
// stopped so can still write what it has.
AttachedEnd run_attached_until(const ProcessRequest& request, std::optional<std::chrono::duration<double>> limit,
                               std::chrono::duration<double> grace);

// "SIGSEGV", "SIGTERM": a signal as people read it ("SIG63" where it has no name).
std::string signal_name(int signal);

// The last line of a program's output that says something (what Valgrind or a compiler said
// last names what went wrong); "no message" when there is none.
std::string last_line(const std::string& text);

// Absolute path of `program` (as given if it contains '/', else found on PATH); nullopt if absent.
std::optional<std::string> find_program(const std::string& program);

}  // namespace abt
