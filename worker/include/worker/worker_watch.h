// The worker's side of the protocol (heartbeat.h): each step of the engine goes to the heartbeat,
// a stop signal becomes Interrupted at the next step, and the sweep candidates that crashed or
// hung an earlier worker (CONTROL/failed_candidates, written by the supervisor) are skipped.
#pragma once
#include <sys/types.h>

#include <filesystem>
#include <map>
#include <string>

#include "engine/op_session.h"
#include "worker/heartbeat.h"

namespace abt {

// A worker whose supervisor is gone exits with this code at its next step, writing nothing.
inline constexpr int kExitOrphaned = 70;

class WorkerWatch : public StepWatch {
 public:
  explicit WorkerWatch(std::filesystem::path control);
  void run_started(const std::filesystem::path& dir) override;
  void step(const Point& point, const std::string& kernel, const Step& step) override;
  std::optional<std::string> known_failure(const Point& point, const std::string& variant) const override;
  // The last word: the worker exits on purpose with this code.
  void finished(int exit_code);

 private:
  void exit_if_orphaned() const;

  std::filesystem::path control_;
  pid_t supervisor_;
  Heartbeat beat_;
  std::map<std::string, std::string> failed_candidates_;  // "<point id> <variant>" -> why
};

// CONTROL/failed_candidates: one line per candidate, "<point id> <variant> <why...>".
void add_failed_candidate(const std::filesystem::path& control, const Point& point, const std::string& variant,
                          const std::string& why);

}  // namespace abt
