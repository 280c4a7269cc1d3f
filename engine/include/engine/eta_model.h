// The progress line's ETA (engine/src/run_progress.h), from what the run's finished points cost:
// their phases_s split into a point's choice (compile, inputs, reference, verify, files, ...) and
// its rounds (warm-up, timing, placement, clock). The two cost very different amounts (a record's
// sweep takes seconds, a round of a small kernel milliseconds) and a run does its choices first,
// op by op, so counting every step as alike misjudges the rest of a run.
#pragma once
#include <optional>

#include "model/point_phases.h"

namespace abt {

class EtaModel {
 public:
  // `choices`: the points to choose; `steps`: their choices and rounds together.
  EtaModel(long long choices, long long steps) : choices_(choices), steps_(steps) {}
  void chose() { ++chosen_; }                     // a point's choice began
  void learn(const PointTime& time, int rounds);  // a point finished, after `rounds` rounds
  // Seconds left, from steps done and the elapsed time; nullopt: nothing to go by yet.
  std::optional<double> remaining_s(long long steps_done, double elapsed_s) const;
  long long steps() const { return steps_; }

 private:
  long long choices_, steps_, chosen_ = 0;
  long long learned_ = 0, rounds_ = 0;
  double choice_s_ = 0, round_s_ = 0;
};

}  // namespace abt
