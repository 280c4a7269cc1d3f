// Side B's config choice: A's recorded config for the key, or a live sweep when that config is
// missing or no longer compiles, launches or verifies under B (AUTOTUNE_REPLAY_FALLBACK).
#pragma once
#include "recorder/run_engine.h"
#include "rundir/autotune_store.h"

namespace abt {

class ReplayChooser : public ConfigChooser {
 public:
  explicit ReplayChooser(const AutotuneStore& record) : record_(record) {}
  Choice choose(PointBench& bench) override;

 private:
  Choice fall_back(PointBench& bench, FallbackReason reason, const std::string& detail);
  const AutotuneStore& record_;
};

}  // namespace abt
