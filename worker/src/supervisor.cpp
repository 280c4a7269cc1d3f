#include "worker/supervisor.h"

#include <fmt/format.h>
#include <sys/wait.h>

#include <boost/filesystem/path.hpp>
#include <boost/process.hpp>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "model/markers.h"
#include "rundir/run_directory.h"
#include "rundir/run_lock.h"
#include "util/environment.h"
#include "util/child_lifetime.h"
#include "util/errors.h"
#include "util/files.h"
#include "worker/heartbeat.h"
#include "worker/messages.h"
#include "util/process.h"
#include "util/stop_signals.h"
#include "worker/worker_watch.h"

namespace bp = boost::process;

namespace abt {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kWorkerPoll = std::chrono::milliseconds(50);
constexpr auto kStopGrace = std::chrono::seconds(10);  // a worker stuck in a kernel is killed after this
constexpr int kMaxWorkers = 10000;                     // each restart fails a point or a candidate: bounded anyway

// What the supervisor writes to run.log also goes to the terminal, beside the worker's lines.
void echo(const std::string& line) {
  fmt::print("{}\n", line);
  std::fflush(stdout);
}

struct WorkerEnd {
  int status = 0;            // as waitpid gives it
  bool timed_out = false;    // killed by us: a limited step outlasted the limit
  int stopped_by = 0;        // killed by us after SIGINT/SIGTERM and the grace period
};

// The control folders of supervisors that were killed (SIGKILL leaves no chance to clean up):
// each names its supervisor's pid; a folder whose supervisor is gone is removed, on a thread of
// its own beside the run: a killed sweep of thousands of configs leaves tens of thousands of
// files there, and removing them first held the next run up for seconds.
std::thread remove_abandoned_control_folders() {
  std::vector<fs::path> abandoned;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(environment().temp_dir, error)) {
    if (entry.path().filename().string().rfind("abtool-worker-", 0) != 0) continue;
    auto pid = read_file_if_present(entry.path() / "supervisor.pid");
    if (!pid) continue;
    try {
      if (::kill(pid_t(std::stol(*pid)), 0) != 0 && errno == ESRCH) abandoned.push_back(entry.path());
    } catch (const std::exception&) {
    }
  }
  return std::thread([abandoned] {
    for (const auto& folder : abandoned) {
      std::error_code ignored;  // another supervisor may be removing it too
      fs::remove_all(folder, ignored);
    }
  });
}

// Joined when it goes out of scope (also when a constructor after it throws).
struct JoinedThread {
  std::thread thread;
  ~JoinedThread() {
    if (thread.joinable()) thread.join();
  }
};

class Supervisor {
 public:
  explicit Supervisor(const SupervisedRun& run)
      : cleanup_{remove_abandoned_control_folders()}, run_(run), control_("abtool-worker-") {
    write_file_atomically(control_.path() / "supervisor.pid", std::to_string(::getpid()));
    fs::create_directories(control_.path() / "tmp");
    if (run.resume) {
      run_dir_ = fs::absolute(*run.resume);
      const RunLock probe(run_dir_);  // another writer is refused before a worker starts; the worker locks it itself
    }
  }

  const fs::path& run_dir() const { return run_dir_; }

  int run() {
    for (int workers = 0; workers < kMaxWorkers; ++workers) {
      const WorkerEnd end = run_worker(/*takes_over=*/workers > 0);
      const std::optional<Heartbeat> beat = read_heartbeat(control_.path());
      if (beat && !beat->run_dir.empty()) run_dir_ = beat->run_dir;
      if (end.stopped_by) return stopped(end.stopped_by);
      if (beat && beat->exit_code && !end.timed_out) {
        if (*beat->exit_code != kExitWorkerRestart) return *beat->exit_code;
        continue;  // the device context was lost: a fresh worker, a fresh context
      }
      if (int signal = stop_signal()) return stopped(signal);
      if (!record_failure(end, beat)) return kExitInternal;
    }
    say({MessageKind::internal_error, fmt::format("{} worker processes in one run", kMaxWorkers)});
    return kExitInternal;
  }

 private:
  // `takes_over`: a worker after the first goes on with the run the one before it left.
  std::vector<std::string> worker_args(bool takes_over) const {
    std::vector<std::string> args = run_dir_.empty() ? run_.args : with_run_directory(run_.args, run_dir_);
    args.insert(args.end(), {"--worker", control_.path().string()});
    if (!run_dir_.empty()) args.push_back("--worker-resume");
    if (takes_over) args.push_back("--worker-restart");
    return args;
  }

  WorkerEnd run_worker(bool takes_over) {
    bp::environment env = boost::this_process::environment();
    env["TMPDIR"] = (control_.path() / "tmp").string();
    bp::child child(fs::read_symlink("/proc/self/exe").string(), bp::args(worker_args(takes_over)),
                    bp::start_dir(run_.working_directory.string()), env, dies_with_parent());
    WorkerEnd end;
    uint64_t sequence = ~uint64_t(0);
    auto last_progress = Clock::now();
    std::optional<Clock::time_point> stop_deadline;
    int passed_on = 0;
    while (child.running()) {
      std::this_thread::sleep_for(kWorkerPoll);
      if (int signal = stop_signal(); signal && signal != passed_on) {
        ::kill(child.id(), signal);  // it may have had it from the terminal too: it stops at its next step
        passed_on = signal;
        stop_deadline = Clock::now() + kStopGrace;
      }
      if (stop_deadline && Clock::now() > *stop_deadline) {
        ::kill(child.id(), SIGKILL);
        end.stopped_by = passed_on;
        break;
      }
      const std::optional<Heartbeat> beat = read_heartbeat(control_.path());
      if (!beat) continue;
      if (beat->sequence != sequence) {
        sequence = beat->sequence;
        last_progress = Clock::now();
      } else if (beat->step.limited() && !beat->exit_code && !stop_deadline &&
                 Clock::now() - last_progress > std::chrono::duration<double>(run_.point_timeout_s)) {
        ::kill(child.id(), SIGKILL);
        end.timed_out = true;
        break;
      }
    }
    child.wait();
    end.status = child.native_exit_code();
    return end;
  }

  // The crash or hang of a worker: the point (or sweep candidate) it was in fails, with its marker.
  bool record_failure(const WorkerEnd& end, const std::optional<Heartbeat>& beat) {
    Marker marker;
    if (end.timed_out) {
      marker = Marker{MarkerKind::point_timeout, fmt::format("limit_s={:g}", run_.point_timeout_s)};
    } else if (WIFSIGNALED(end.status)) {
      marker = Marker{MarkerKind::point_crashed, "signal=" + signal_name(WTERMSIG(end.status))};
    } else {
      // SPEC's spelling keeps `signal=` first; an exit the worker did not announce has none.
      marker = Marker{MarkerKind::point_crashed, fmt::format("signal=none exit_status={}", WEXITSTATUS(end.status))};
    }
    if (!beat || beat->run_dir.empty() || !beat->point) {
      say({MessageKind::internal_error,
           fmt::format("the measuring process ended ({}) {}", marker.text(),
                       !beat || beat->run_dir.empty() ? "before its run directory existed" : "outside any point")});
      if (!run_dir_.empty()) finish_as(RunStatus::aborted, marker.text() + " outside any point");
      return false;
    }
    RunDirectory run = RunDirectory::resume(run_dir_, run_.build, std::nullopt, echo);
    if (run.finished_point(beat->point->id())) {  // it died after writing that point: no point to blame
      say({MessageKind::internal_error, fmt::format("the measuring process ended ({}) after point {} was written",
                                                    marker.text(), beat->point->id())});
      run.log(marker.text() + " after point " + beat->point->id() + " was written; the run stops");
      run.finish(RunStatus::aborted);
      return false;
    }
    const std::string where = fmt::format("point={} step=\"{}\"", beat->point->id(), beat->step.text());
    if (beat->step.kind == StepKind::sweep_candidate) {
      add_failed_candidate(control_.path(), *beat->point, beat->step.variant, marker.text());
      run.log(marker.text() + " " + where + ": that candidate fails; the sweep goes on in a fresh worker");
      return true;
    }
    const std::string cause =
        WIFSIGNALED(end.status) && WTERMSIG(end.status) == SIGILL && !run_.sigill_cause.empty() ? ": " + run_.sigill_cause : "";
    run.log(marker.text() + " " + where + cause);
    PointRecord failed;
    failed.point = *beat->point;
    failed.kernel = beat->kernel;
    failed.markers.push_back(marker);
    failed.error = fmt::format("{} while {}{}", marker.text(), beat->step.text(), cause);
    run.point_finished(failed);
    return true;
  }

  int stopped(int signal) {
    if (!run_dir_.empty()) {
      // A worker that stopped on its own has marked the run; one that had to be killed has not.
      try {
        if (MetaRecord::read(RunLayout(run_dir_).meta()).status == RunStatus::running)
          finish_as(RunStatus::interrupted, Interrupted(signal).what());
      } catch (const std::exception& error) {
        fmt::print(stderr, "abtool: cannot mark {} interrupted: {}\n", run_dir_.string(), error.what());
      }
    }
    return 128 + signal;
  }

  void finish_as(RunStatus status, const std::string& why) {
    try {
      RunDirectory run = RunDirectory::resume(run_dir_, run_.build, std::nullopt, echo);
      run.log(why);
      run.finish(status);
    } catch (const std::exception& error) {
      fmt::print(stderr, "abtool: cannot mark {} {}: {}\n", run_dir_.string(), spelling(status), error.what());
    }
  }

  JoinedThread cleanup_;  // the abandoned folders are gone when abtool exits, however it exits
  const SupervisedRun& run_;
  TempDir control_;
  fs::path run_dir_;
};

}  // namespace

double default_point_timeout_s(double warmup_ms, double rep_ms) { return 60.0 + 4.0 * (warmup_ms + rep_ms) / 1000.0; }

std::vector<std::string> without_option(const std::vector<std::string>& args, const std::string& option) {
  std::vector<std::string> kept;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == option) {
      ++i;
      continue;
    }
    if (args[i].rfind(option + "=", 0) == 0) continue;
    kept.push_back(args[i]);
  }
  return kept;
}

std::vector<std::string> with_run_directory(const std::vector<std::string>& args, const fs::path& dir) {
  std::vector<std::string> result = without_option(args, "--out");
  result.insert(result.end(), {"--out", fs::absolute(dir).string()});
  return result;
}

int supervise(const SupervisedRun& run, fs::path* run_dir) {
  catch_stop_signals();
  Supervisor supervisor(run);
  const int code = supervisor.run();
  if (run_dir) *run_dir = supervisor.run_dir();
  return code;
}

}  // namespace abt
