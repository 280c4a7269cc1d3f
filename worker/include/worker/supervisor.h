// `abtool record` and `abtool replay` as the user runs them: the supervisor (docs/run-directory.md: "Worker
// processes"). It runs the measurement in a worker process (this binary again, with --worker)
// and watches its heartbeat. When the worker crashes (a signal, or an exit it did not announce:
// a variant calling abort() or exit()) or a limited step outlasts --point-timeout-s, the point in
// progress is written FAILED with POINT_CRASHED or POINT_TIMEOUT (in a sweep, only that candidate
// fails), and a fresh worker resumes the run. The supervisor loads no variant and never touches
// the GPU. It passes SIGINT/SIGTERM on and removes the worker's temporary folders (the worker's
// TMPDIR is inside its control folder). The run's lock is held by whoever writes the run: the
// worker while it lives, the supervisor only to write a crashed point or the run's end. A worker
// dies with its supervisor (util/child_lifetime.h) and, as a second line, exits at its next step
// once its parent is another process (worker_watch.h), so no orphan finishes a run unseen.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace abt {

struct SupervisedRun {
  std::vector<std::string> args;           // the measuring command line without the program: {"record", ...}
  std::filesystem::path working_directory;  // where the worker runs (a resumed run: where it first ran)
  std::optional<std::filesystem::path> resume;  // an existing run directory to finish
  double point_timeout_s = 0;
  std::string build;  // this abtool, "version (git sha)": what a crashed point's record names
  std::string sigill_cause;  // said beside a point that dies of SIGILL (a replay of A's code built for another CPU)
};

// The worker exits with this code when the device context was lost: a fresh one goes on.
inline constexpr int kExitWorkerRestart = 75;

// The smallest --point-timeout-s: the supervisor reads the heartbeat every 50 ms, so a limit near
// that would time steps out by chance, and one below it would never act.
inline constexpr double kMinPointTimeoutS = 0.5;

// --point-timeout-s when not given: far above any step of a point at these budgets.
double default_point_timeout_s(double warmup_ms, double rep_ms);

// The worker's command line for an existing run: `args` with its --out replaced by `dir`.
std::vector<std::string> with_run_directory(const std::vector<std::string>& args, const std::filesystem::path& dir);
// `args` without `option` and its value (as "--x V" or "--x=V").
std::vector<std::string> without_option(const std::vector<std::string>& args, const std::string& option);

// Runs to the end and returns abtool's exit code; `run_dir`, where given, is set to the run
// directory the worker wrote (empty where none was made).
int supervise(const SupervisedRun& run, std::filesystem::path* run_dir = nullptr);

}  // namespace abt
