// The record side's autotuner: every variant compiled (in parallel), each verified and timed
// briefly on the point, the fastest verified one chosen and stored with every candidate.
#pragma once
#include "recorder/run_engine.h"

namespace abt {

Choice sweep_point(PointBench& bench, ConfigSource source);

class SweepChooser : public ConfigChooser {
 public:
  Choice choose(PointBench& bench) override { return sweep_point(bench, ConfigSource::sweep); }
};

}  // namespace abt
