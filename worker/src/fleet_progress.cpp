#include "fleet_progress.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

#include "engine/progress_snapshot.h"
#include "util/terminal.h"

namespace abt {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

FleetProgress::FleetProgress(std::string mode, std::vector<FleetPart> parts)
    : mode_(std::move(mode)), parts_(std::move(parts)), terminal_(stderr_is_interactive()),
      plain_every_s_(plain_progress_interval_s()), start_(std::chrono::steady_clock::now()), last_plain_(start_) {}

FleetProgress::~FleetProgress() { finish(); }

void FleetProgress::update() {
  if (!terminal_ && (plain_every_s_ <= 0 || seconds_since(last_plain_) < plain_every_s_)) return;
  size_t done = 0, total = 0;
  double eta = 0;
  bool eta_known = true;
  std::vector<std::string> per_gpu;
  for (const auto& part : parts_) {
    auto snapshot = ProgressSnapshot::read(part.progress_file);
    if (!snapshot) {
      eta_known = false;
      per_gpu.push_back(fmt::format("gpu{} starting", part.gpu));
      continue;
    }
    done += snapshot->done;
    total += snapshot->total;
    if (snapshot->eta_s) eta = std::max(eta, *snapshot->eta_s);
    else eta_known = false;
    per_gpu.push_back(fmt::format("gpu{} {}/{}", part.gpu, snapshot->done, snapshot->total));
  }
  const std::string line = fmt::format("{} on {} GPUs {}/{} points, {} elapsed, ETA {} ({})", mode_, parts_.size(), done,
                                       total, clock_text(seconds_since(start_)), eta_known ? clock_text(eta) : "--:--",
                                       fmt::join(per_gpu, ", "));
  if (terminal_) {
    fmt::print(stderr, "\r\x1b[2K{}", line);
    active_ = true;
  } else {
    fmt::print(stderr, "abtool: {}\n", line);
    last_plain_ = std::chrono::steady_clock::now();
  }
  std::fflush(stderr);
}

void FleetProgress::finish() {
  if (!active_) return;
  clear_progress_line();
  active_ = false;
}

}  // namespace abt
