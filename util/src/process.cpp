#include "util/process.h"

#include <boost/filesystem/path.hpp>
#include <boost/process.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "util/child_lifetime.h"
#include "util/files.h"
#include "util/stop_signals.h"

namespace bp = boost::process;

namespace abt {

std::optional<std::string> find_program(const std::string& program) {
  if (program.find('/') != std::string::npos) {
    std::error_code ec;
    auto status = std::filesystem::status(program, ec);
    if (ec || !std::filesystem::is_regular_file(status)) return std::nullopt;
    return std::filesystem::absolute(program).string();
  }
  auto found = bp::search_path(program);
  if (found.empty()) return std::nullopt;
  return found.string();
}

ProcessResult run_process(const ProcessRequest& request) {
  auto program = find_program(request.program);
  if (!program) throw std::runtime_error("program not found: " + request.program);

  bp::environment env = boost::this_process::environment();
  for (const auto& [key, value] : request.extra_env) env[key] = value;

  // Standard streams go through files, not pipes: compilers run from several threads at once,
  // and a child that inherited another child's pipe would hold it open, so that one would never
  // see end-of-file on its input (a deadlock seen with pipes).
  TempDir scratch("abtool-proc-");
  const boost::filesystem::path in = (scratch.path() / "stdin").string();
  const boost::filesystem::path out = (scratch.path() / "stdout").string();
  const boost::filesystem::path err = (scratch.path() / "stderr").string();
  std::ofstream(in.string(), std::ios::binary) << request.stdin_text;

  ProcessResult result;
  try {
    bp::child child(*program, bp::args(request.args), bp::std_in < in, bp::std_out > out, bp::std_err > err, env, dies_with_parent());
    // Polled rather than child.wait_for, which spins or hangs in Boost 1.74 with several threads.
    const auto deadline = std::chrono::steady_clock::now() + request.timeout;
    auto pause = std::chrono::microseconds(200);
    while (child.running()) {
      if (std::chrono::steady_clock::now() >= deadline) {
        result.timed_out = true;
        child.terminate();
        break;
      }
      std::this_thread::sleep_for(pause);
      pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(20));
    }
    if (!result.timed_out) {
      int status = child.native_exit_code();
      result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
  } catch (const bp::process_error& error) {
    throw std::runtime_error("cannot run " + *program + ": " + error.what());
  }
  result.out = read_text_file(out.string());
  result.err = read_text_file(err.string());
  return result;
}

int run_attached(const ProcessRequest& request) {
  auto program = find_program(request.program);
  if (!program) throw std::runtime_error("program not found: " + request.program);
  bp::environment env = boost::this_process::environment();
  for (const auto& [key, value] : request.extra_env) env[key] = value;
  try {
    bp::child child(*program, bp::args(request.args), env, dies_with_parent());
    child.wait();
    const int status = child.native_exit_code();
    return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
  } catch (const bp::process_error& error) {
    throw std::runtime_error("cannot run " + *program + ": " + error.what());
  }
}

namespace {

// The processes of group `group` that still run (zombies, already ended, not counted): read from
// /proc, the one place that lists a group's members.
int running_in_group(pid_t group) {
  int count = 0;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator("/proc", ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(it->path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'.
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(stat.substr(close + 1));
    char state = 0;
    long parent = 0, its_group = 0;
    if (fields >> state >> parent >> its_group && its_group == group && state != 'Z' && state != 'X') ++count;
  }
  return count;
}

// Between fork and exec: the child leads a process group of its own.
auto in_own_process_group() {
  return bp::extend::on_exec_setup = [](auto&) { ::setpgid(0, 0); };
}

}  // namespace

AttachedEnd run_attached_until(const ProcessRequest& request, std::optional<std::chrono::duration<double>> limit,
                               std::chrono::duration<double> grace) {
  using clock = std::chrono::steady_clock;
  auto program = find_program(request.program);
  if (!program) throw std::runtime_error("program not found: " + request.program);
  bp::environment env = boost::this_process::environment();
  for (const auto& [key, value] : request.extra_env) env[key] = value;
  AttachedEnd end;
  try {
    bp::child child(*program, bp::args(request.args), env, dies_with_parent(), in_own_process_group());
    const pid_t group = child.id();
    ::setpgid(group, group);  // here too, so that a signal sent at once finds the group (fails harmlessly after exec)
    auto signal_group = [group](int signal) {
      if (::kill(-group, signal) != 0) ::kill(group, signal);
    };
    const auto started = clock::now();
    std::optional<clock::time_point> told, killed;  // when the workload was told to stop; killed
    while (child.running()) {
      const auto now = clock::now();
      if (!end.stopped_by && stop_signal()) end.stopped_by = stop_signal();
      if (!told) {
        int signal = 0;
        if (limit && now - started >= *limit) {
          end.timed_out = true;
          signal = SIGTERM;
        } else if (end.stopped_by) {
          signal = end.stopped_by;  // a terminal's Ctrl-C does not reach a group of its own: passed on
        }
        if (signal) {
          end.group_at_stop = running_in_group(group);
          signal_group(signal);
          told = now;
        }
      } else if (!killed && now - *told >= grace) {
        signal_group(SIGKILL);
        killed = now;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    child.wait();
    const int status = child.native_exit_code();
    end.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    end.status = WIFEXITED(status) ? WEXITSTATUS(status) : end.signal ? 128 + end.signal : -1;
    // What the program left running (a shell's background job, a launcher's workers) ends with it.
    end.left_running = running_in_group(group);
    if (end.left_running) {
      ::kill(-group, SIGTERM);
      const auto left_at = clock::now();
      while (running_in_group(group) && clock::now() - left_at < grace)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (running_in_group(group)) ::kill(-group, SIGKILL);
    }
  } catch (const bp::process_error& error) {
    throw std::runtime_error("cannot run " + *program + ": " + error.what());
  }
  return end;
}

std::string shell_quoted(const std::string& word) {
  static const std::string plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_";
  if (!word.empty() && word.find_first_not_of(plain) == std::string::npos) return word;
  std::string quoted = "'";
  for (char ch : word) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

std::string signal_name(int signal) {
  const char* name = sigabbrev_np(signal);
  return name ? std::string("SIG") + name : "SIG" + std::to_string(signal);
}

std::string last_line(const std::string& text) {
  const size_t end = text.find_last_not_of("\n ");
  if (end == std::string::npos) return "no message";
  const size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
}

}  // namespace abt
