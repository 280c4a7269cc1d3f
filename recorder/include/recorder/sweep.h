// The record side's autotuner: every variant compiled (in parallel) and verified on the point
// (on a device, its outputs are compared there: no copy to the host), then timed by successive
// halving: every verified candidate briefly (screen_settings), the best quarter with the sweep's
// budget (sweep_settings); the fastest finalist is chosen and stored with every candidate.
#pragma once
#include "engine/choice.h"
#include "engine/sweep_budget.h"

namespace abt {

Choice sweep_point(PointBench& bench, ConfigSource source);
// The same over `configs` alone (each of the point's space), not the whole space.
Choice sweep_point(PointBench& bench, ConfigSource source, const std::vector<Config>& configs);

class SweepChooser : public ConfigChooser {
 public:
  Choice choose(PointBench& bench) override { return sweep_point(bench, ConfigSource::sweep); }
};

}  // namespace abt
