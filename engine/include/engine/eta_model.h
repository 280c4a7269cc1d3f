// The progress line's ETA (engine/src/run_progress.h), from what the run's finished points cost:
// their phases_s split into a point's choice (compile, inputs, reference, verify, files, ...) and
// its rounds (warm-up, timing, placement, clock). The two cost very different amounts (a record's
// sweep takes seconds, a round of a small kernel milliseconds) and a run does its choices first,
// op by op, so counting every step as alike misjudges the rest of a run. Choices differ by op too
// (a sweep of 3 configs against one of 12): once points have finished, the choices left are priced
// as the plan prices them (planned_point_cost, op by op) scaled by what the finished points' choices
// cost against their plan, so an op of cheap sweeps first does not make the rest look cheap.
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
  EtaModel(long long choices, long long steps, EtaPrior prior = {})
      : choices_(choices), steps_(steps), prior_(prior), planned_choices_left_s_(prior.choice_s * double(choices)) {}
  // A point's choice began, `elapsed_s` into the run; `planned_s`: what the plan expects it to cost
  // (0: the prior's average).
  void chose(double elapsed_s = 0, double planned_s = 0);
  // A point finished, after `rounds` rounds; `planned_choice_s` as for chose.
  void learn(const PointTime& time, int rounds, double planned_choice_s = 0);
  // Seconds left: from the finished points' phases once there are some, before that from the
  // prior, and with neither from the steps done and the elapsed time; nullopt: nothing to go by.
  std::optional<double> remaining_s(long long steps_done, double elapsed_s) const;
  long long steps() const { return steps_; }
  long long choices() const { return choices_; }
  long long chosen() const { return chosen_; }  // choices begun

 private:
  long long choices_, steps_, chosen_ = 0;
  EtaPrior prior_;
  double chose_at_s_ = 0, underway_planned_s_ = 0;  // the last choice begun: when, and its plan's price
  long long learned_ = 0, rounds_ = 0;
  double choice_s_ = 0, round_s_ = 0;
  double planned_choices_left_s_;      // the plan's price of the choices not begun
  double planned_learned_choice_s_ = 0;  // the plan's price of the finished points' choices
};

}  // namespace abt
