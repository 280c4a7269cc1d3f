// One progress line for the parts of a --gpus run (gpu_fleet.h): each part's run writes its
// progress to a file (engine/progress_snapshot.h); this line adds them up: every part's points,
// the slowest part's ETA, and each GPU's count. On a terminal it overwrites itself; otherwise a
// plain line every ABTOOL_PROGRESS_S seconds.
#pragma once
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace abt {

struct FleetPart {
  int gpu = 0;
  std::filesystem::path progress_file;
};

class FleetProgress {
 public:
  FleetProgress(std::string mode, std::vector<FleetPart> parts);
  ~FleetProgress();
  void update();
  void finish();

 private:
  std::string mode_;
  std::vector<FleetPart> parts_;
  bool terminal_;
  double plain_every_s_;
  bool active_ = false;
  std::chrono::steady_clock::time_point start_, last_plain_;
};

}  // namespace abt
