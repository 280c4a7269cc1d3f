#include "replay_check.h"

#include <fmt/format.h>
#include <signal.h>

#include <boost/process.hpp>
#include <chrono>
#include <thread>

#include "capture/check_handshake.h"
#include "rundir/run_data.h"
#include "util/child_lifetime.h"
#include "util/errors.h"
#include "util/process.h"

namespace bp = boost::process;

namespace abt::capture {
namespace fs = std::filesystem;
namespace {

constexpr auto kStopGrace = std::chrono::seconds(10);

fs::path check_run(const fs::path& dir) { return dir / ".check-run"; }

}  // namespace

struct PendingCheck::Child {
  bp::child process;
};

PendingCheck::PendingCheck(const fs::path& dir, const std::string& python, const std::string& program)
    : dir_(dir), handshake_("abtool-capture-check-") {
  std::string self = program;
  if (self.empty()) {
    std::error_code error;
    self = fs::read_symlink("/proc/self/exe", error).string();
    if (error) {
      not_started_ = "abtool cannot find its own binary: " + error.message();
      return;
    }
  }
  // The least timing the gate allows: the check is the verification, not a measurement.
  const std::vector<std::string> args{"record", "--ops-dir", (dir / "ops").string(), "--shapes", (dir / "shapes.yaml").string(),
                                      "--compiler", "triton:" + python, "--configs", "library", "--warmup-ms", "1", "--rep-ms", "1",
                                      "--rounds", "1", "--quiet", "--color", "never", "--out", check_run(dir).string(),
                                      "--after-capture", handshake_.path().string()};
  try {
    child_ = std::make_unique<Child>(Child{bp::child(self, bp::args(args), bp::std_in < bp::null,
                                                     bp::std_out > (handshake_.path() / "out.txt").string(),
                                                     bp::std_err > (handshake_.path() / "err.txt").string(), dies_with_parent())});
  } catch (const std::exception& failure) {
    not_started_ = fmt::format("record could not start: {}", failure.what());
  }
}

PendingCheck::~PendingCheck() {
  if (!child_ || !child_->process.valid()) return;
  std::error_code error;
  if (!child_->process.running(error)) {
    child_->process.wait(error);
    return;
  }
  ::kill(child_->process.id(), SIGTERM);  // its worker stops where it waits, its run directory not yet made
  const auto deadline = std::chrono::steady_clock::now() + kStopGrace;
  while (child_->process.running(error) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  if (child_->process.running(error)) child_->process.terminate(error);
  child_->process.wait(error);
}

CaptureManifest::ReplayCheck PendingCheck::finish() {
  CaptureManifest::ReplayCheck check;
  if (!child_) {
    check.not_run = not_started_;
    return check;
  }
  const auto released = std::chrono::steady_clock::now();
  release_check(handshake_.path());
  std::error_code error;
  child_->process.wait(error);
  const int exit_code = error ? -1 : child_->process.exit_code();
  check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - released).count();
  const fs::path run = check_run(dir_);
  fs::copy_file(run / "run.log", dir_ / "check.log", fs::copy_options::overwrite_existing, error);
  try {
    const RunData data = read_run(run, ResultsFile::Samples::skip);
    for (const PointRecord& point : data.results.points) {
      if (point.success) ++check.replays;
      else check.does_not_replay.push_back({point.point.id(), point.error.empty() ? "it failed (check.log)" : point.error});
    }
    check.ran = true;
  } catch (const std::exception& failure) {  // no run directory: record refused before it made one
    const std::string said = read_file_if_present(handshake_.path() / "err.txt").value_or("") +
                             read_file_if_present(handshake_.path() / "out.txt").value_or("");
    check.not_run = fmt::format("record exited {}: {}", exit_code, last_line(said));
  }
  fs::remove_all(run, error);
  return check;
}

}  // namespace abt::capture
