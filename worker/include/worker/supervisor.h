// `abtool record` and `abtool replay` as the user runs them: the supervisor (README: "Worker
// processes"). It runs the measurement in a worker process (this binary again, with --worker)
// and watches its heartbeat. When the worker crashes (a signal, or an exit it did not announce:
// a variant calling abort() or exit()) or a limited step outlasts --point-timeout-s, the point in
// progress is written FAILED with POINT_CRASHED or POINT_TIMEOUT (in a sweep, only that candidate
// fails), and a fresh worker resumes the run. The supervisor loads no variant and never touches
// the GPU. It holds the run's lock, passes SIGINT/SIGTERM on, and removes the worker's temporary
// folders (the worker's TMPDIR is inside its control folder).
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
};

// The worker exits with this code when the device context was lost: a fresh one goes on.
inline constexpr int kExitWorkerRestart = 75;

// --point-timeout-s when not given: far above any step of a point at these budgets.
double default_point_timeout_s(double warmup_ms, double rep_ms);

// The worker's command line for an existing run: `args` with its --out replaced by `dir`.
std::vector<std::string> with_run_directory(const std::vector<std::string>& args, const std::filesystem::path& dir);
// `args` without `option` and its value (as "--x V" or "--x=V").
std::vector<std::string> without_option(const std::vector<std::string>& args, const std::string& option);

// Runs to the end and returns abtool's exit code.
int supervise(const SupervisedRun& run);

}  // namespace abt
