#include "replay_check.h"

#include <fmt/format.h>

#include <chrono>

#include "rundir/run_data.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"

namespace abt::capture {
namespace fs = std::filesystem;

CaptureManifest::ReplayCheck check_by_replaying(const fs::path& dir, const std::string& python) {
  CaptureManifest::ReplayCheck check;
  const fs::path run = dir / ".check-run";
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) {
    check.not_run = "abtool cannot find its own binary: " + error.message();
    return check;
  }
  // The least timing the gate allows: the check is the verification, not a measurement.
  ProcessRequest record{self.string(),
                        {"record", "--ops-dir", (dir / "ops").string(), "--shapes", (dir / "shapes.yaml").string(), "--compiler",
                         "triton:" + python, "--configs", "library", "--warmup-ms", "1", "--rep-ms", "1", "--rounds", "1", "--quiet",
                         "--color", "never", "--out", run.string()},
                        "",
                        {},
                        std::chrono::hours(24)};
  const auto started = std::chrono::steady_clock::now();
  ProcessResult result;
  try {
    result = run_process(record);
  } catch (const std::runtime_error& failure) {
    check.not_run = fmt::format("record could not start: {}", failure.what());
    return check;
  }
  check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  fs::copy_file(run / "run.log", dir / "check.log", fs::copy_options::overwrite_existing, error);
  try {
    const RunData data = read_run(run, ResultsFile::Samples::skip);
    for (const PointRecord& point : data.results.points) {
      if (point.success) ++check.replays;
      else check.does_not_replay.push_back({point.point.id(), point.error.empty() ? "it failed (check.log)" : point.error});
    }
    check.ran = true;
  } catch (const std::exception& failure) {  // no run directory: record refused before it made one
    check.not_run = fmt::format("record exited {}: {}", result.exit_code, last_line(result.err + result.out));
  }
  fs::remove_all(run, error);
  return check;
}

}  // namespace abt::capture
