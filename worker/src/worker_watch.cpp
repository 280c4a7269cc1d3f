#include "worker/worker_watch.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "util/errors.h"
#include "util/files.h"
#include "util/stop_signals.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

fs::path failed_candidates_file(const fs::path& control) { return control / "failed_candidates"; }

// The supervisor that started this worker (it wrote its pid before starting it).
pid_t supervisor_of(const fs::path& control) {
  const auto text = read_file_if_present(control / "supervisor.pid");
  try {
    if (text) return pid_t(std::stol(*text));
  } catch (const std::exception&) {
  }
  return ::getppid();
}

}  // namespace

WorkerWatch::WorkerWatch(fs::path control) : control_(std::move(control)), supervisor_(supervisor_of(control_)) {
  exit_if_orphaned();
  if (auto previous = read_heartbeat(control_)) beat_.sequence = previous->sequence + 1;
  if (auto text = read_file_if_present(failed_candidates_file(control_))) {
    std::istringstream lines(*text);
    for (std::string line; std::getline(lines, line);) {
      std::istringstream fields(line);
      std::string id, variant, why;
      if (!(fields >> id >> variant)) continue;
      std::getline(fields >> std::ws, why);
      failed_candidates_[id + " " + variant] = why;
    }
  }
  write_heartbeat(control_, beat_);
}

void WorkerWatch::exit_if_orphaned() const {
  // The second line behind the parent-death signal (child_lifetime.h): nothing more is written
  // for a supervisor that is gone, and the run stays as a resume will find it.
  if (::getppid() != supervisor_) ::_exit(kExitOrphaned);
}

void WorkerWatch::run_started(const fs::path& dir) {
  exit_if_orphaned();
  beat_.run_dir = fs::absolute(dir);
  ++beat_.sequence;
  write_heartbeat(control_, beat_);
}

void WorkerWatch::step(const Point& point, const std::string& kernel, const Step& step) {
  exit_if_orphaned();
  if (int signal = stop_signal()) throw Interrupted(signal);
  beat_.point = point;
  beat_.kernel = kernel;
  beat_.step = step;
  ++beat_.sequence;
  write_heartbeat(control_, beat_);
}

std::optional<std::string> WorkerWatch::known_failure(const Point& point, const std::string& variant) const {
  auto found = failed_candidates_.find(point.id() + " " + variant);
  if (found == failed_candidates_.end()) return std::nullopt;
  return found->second;
}

void WorkerWatch::finished(int exit_code) {
  exit_if_orphaned();
  beat_.exit_code = exit_code;
  ++beat_.sequence;
  write_heartbeat(control_, beat_);
}

void add_failed_candidate(const fs::path& control, const Point& point, const std::string& variant, const std::string& why) {
  std::ofstream(failed_candidates_file(control), std::ios::app) << point.id() << ' ' << variant << ' ' << why << '\n';
}

}  // namespace abt
