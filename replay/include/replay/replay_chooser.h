// Side B's config choice: A's recorded config for the key, or a live sweep when that config is
// missing or no longer compiles, launches or verifies under B (AUTOTUNE_REPLAY_FALLBACK).
#pragma once
#include "engine/choice.h"
#include "rundir/autotune_store.h"

namespace abt {

class ReplayChooser : public ConfigChooser {
 public:
  // `store_choice`: B's autotune record holds A's config per key; false when B's own sweep
  // fills it instead (--retune).
  explicit ReplayChooser(const AutotuneStore& record, bool store_choice = true)
      : record_(record), store_choice_(store_choice) {}
  Choice choose(PointBench& bench) override;
  // A's config for the point's key (a key A lacks: the space, for the fallback sweep).
  std::vector<Config> configs_needed(const OpSpec& op, const Point& point) const override;

 private:
  Choice fall_back(PointBench& bench, FallbackReason reason, const std::string& detail);
  const AutotuneStore& record_;
  bool store_choice_;
};

}  // namespace abt
