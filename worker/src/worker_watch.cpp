#include "worker/worker_watch.h"

#include <fstream>
#include <sstream>

#include "util/errors.h"
#include "util/files.h"
#include "worker/stop_signals.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

fs::path failed_candidates_file(const fs::path& control) { return control / "failed_candidates"; }

}  // namespace

WorkerWatch::WorkerWatch(fs::path control) : control_(std::move(control)) {
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

void WorkerWatch::run_started(const fs::path& dir) {
  beat_.run_dir = fs::absolute(dir);
  ++beat_.sequence;
  write_heartbeat(control_, beat_);
}

void WorkerWatch::step(const Point& point, const std::string& kernel, const Step& step) {
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
  beat_.exit_code = exit_code;
  ++beat_.sequence;
  write_heartbeat(control_, beat_);
}

void add_failed_candidate(const fs::path& control, const Point& point, const std::string& variant, const std::string& why) {
  std::ofstream(failed_candidates_file(control), std::ios::app) << point.id() << ' ' << variant << ' ' << why << '\n';
}

}  // namespace abt
