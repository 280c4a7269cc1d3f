#include "engine/eta_model.h"

#include <algorithm>

namespace abt {

void EtaModel::chose(double elapsed_s, double planned_s) {
  ++chosen_;
  chose_at_s_ = elapsed_s;
  underway_planned_s_ = planned_s > 0 ? planned_s : prior_.choice_s;
  planned_choices_left_s_ = std::max(0.0, planned_choices_left_s_ - (planned_s > 0 ? planned_s : prior_.choice_s));
}

void EtaModel::learn(const PointTime& time, int rounds, double planned_choice_s) {
  planned_learned_choice_s_ += planned_choice_s > 0 ? planned_choice_s : prior_.choice_s;
  double in_rounds = 0;
  for (PointPhase phase : {PointPhase::warmup, PointPhase::timing, PointPhase::placement, PointPhase::clock})
    in_rounds += time.phases.of(phase);
  choice_s_ += std::max(0.0, time.wall_s - in_rounds);
  round_s_ += in_rounds;
  rounds_ += std::max(0, rounds);
  ++learned_;
}

std::optional<double> EtaModel::remaining_s(long long steps_done, double elapsed_s) const {
  if (steps_done >= steps_) return 0.0;
  const long long choices_left = std::max(0LL, choices_ - chosen_);
  const long long rounds_left = std::max(0LL, steps_ - steps_done - choices_left);
  if (learned_ > 0) {
    const double per_round = rounds_ > 0 ? round_s_ / double(rounds_) : prior_.round_s;
    const double choices_left_s = planned_learned_choice_s_ > 0 && (choices_left == 0 || planned_choices_left_s_ > 0)
                                      ? planned_choices_left_s_ * choice_s_ / planned_learned_choice_s_  // the plan, as it fared
                                      : double(choices_left) * choice_s_ / double(learned_);
    // The point chosen last, until it finishes, has had some of its choice's price (a finished
    // point's choice holds all but its rounds: a Valgrind count after them too): the rest is left.
    const double underway_price_s = planned_learned_choice_s_ > 0 && underway_planned_s_ > 0
                                        ? underway_planned_s_ * choice_s_ / planned_learned_choice_s_
                                        : choice_s_ / double(learned_);
    const double underway_s = chosen_ > learned_ ? std::max(0.0, underway_price_s - (elapsed_s - chose_at_s_)) : 0.0;
    return underway_s + choices_left_s + double(rounds_left) * per_round;
  }
  if (prior_.choice_s > 0 || prior_.round_s > 0) {
    // The choice under way has had some of its share: what it took so far, up to all of it.
    const double underway_s = chosen_ > 0 ? std::max(0.0, prior_.choice_s - (elapsed_s - chose_at_s_)) : 0.0;
    return underway_s + double(choices_left) * prior_.choice_s + double(rounds_left) * prior_.round_s;
  }
  if (steps_done <= 0) return std::nullopt;
  return elapsed_s / double(steps_done) * double(steps_ - steps_done);
}

}  // namespace abt
