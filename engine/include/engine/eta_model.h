// The progress line's ETA (engine/src/run_progress.h), from what the run's finished points cost:
// their phases_s split into a point's choice (compile, inputs, reference, verify, files, ...) and
// its rounds (warm-up, timing, placement, clock). The two cost very different amounts (a record's
// sweep takes seconds, a round of a small kernel milliseconds) and a run does its choices first,
// op by op, so counting every step as alike misjudges the rest of a run.
#pragma once
#include <optional>

#include "model/point_phases.h"

namespace abt {

// Until a point has finished, what the plan's budgets say a choice and a round cost
// (engine/run.h planned_point_cost, averaged over the points to measure).
struct EtaPrior {
  double choice_s = 0, round_s = 0;
};

class EtaModel {
 public:
  // `choices`: the points to choose; `steps`: their choices and rounds together.
  EtaModel(long long choices, long long steps, EtaPrior prior = {}) : choices_(choices), steps_(steps), prior_(prior) {}
  void chose(double elapsed_s = 0) {  // a point's choice began, `elapsed_s` into the run
    ++chosen_;
    chose_at_s_ = elapsed_s;
  }
  void learn(const PointTime& time, int rounds);  // a point finished, after `rounds` rounds
  // Seconds left: from the finished points' phases once there are some, before that from the
  // prior, and with neither from the steps done and the elapsed time; nullopt: nothing to go by.
  std::optional<double> remaining_s(long long steps_done, double elapsed_s) const;
  long long steps() const { return steps_; }

 private:
  long long choices_, steps_, chosen_ = 0;
  EtaPrior prior_;
  double chose_at_s_ = 0;
  long long learned_ = 0, rounds_ = 0;
  double choice_s_ = 0, round_s_ = 0;
};

}  // namespace abt
