// Side B's config choice: A's recorded config for the key, or a live sweep when that config is
// missing or no longer compiles, launches or verifies under B (AUTOTUNE_REPLAY_FALLBACK).
#pragma once
#include "recorder/autotune_store.h"
#include "recorder/run_engine.h"

namespace abt {

class ReplayChooser : public ConfigChooser {
 public:
  explicit ReplayChooser(const AutotuneStore& record) : record_(record) {}
  Choice choose(PointBench& bench) override;

 private:
  Choice fall_back(PointBench& bench, const std::string& reason, const std::string& detail);
  const AutotuneStore& record_;
};

std::string replay_fallback_marker(const std::string& reason);

}  // namespace abt
