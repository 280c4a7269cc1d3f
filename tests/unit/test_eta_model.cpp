// The progress line's ETA: a choice and a round priced apart from the finished points' phases.
#include <gtest/gtest.h>

#include "engine/eta_model.h"

namespace abt {

PointTime point_time(double wall_s, double choice_s, double rounds_s) {
  PointTime time;
  time.wall_s = wall_s;
  time.phases.add(PointPhase::compile, choice_s);
  time.phases.add(PointPhase::warmup, rounds_s / 4);
  time.phases.add(PointPhase::timing, rounds_s / 2);
  time.phases.add(PointPhase::placement, rounds_s / 8);
  time.phases.add(PointPhase::clock, rounds_s / 8);
  return time;
}

TEST(EtaModel, BeforeAnyPointFinishesEveryStepCostsTheSame) {
  EtaModel eta(4, 4 * 11);
  EXPECT_FALSE(eta.remaining_s(0, 1.0)) << "nothing to go by";
  EXPECT_DOUBLE_EQ(*eta.remaining_s(4, 2.0), 0.5 * 40);
  EXPECT_DOUBLE_EQ(*eta.remaining_s(44, 9.0), 0);
}

TEST(EtaModel, ChoicesAndRoundsArePricedFromTheFinishedPointsPhases) {
  // 4 points, 10 rounds each: a record whose choices (2 s, a sweep) dwarf its rounds (10 ms).
  EtaModel eta(4, 4 * 11);
  eta.chose();
  eta.chose();
  eta.learn(point_time(2.1, 2.0, 0.1), 10);
  eta.learn(point_time(2.1, 2.0, 0.1), 10);
  // 22 steps done: two choices and their 20 rounds; two choices and 20 rounds are left.
  EXPECT_NEAR(*eta.remaining_s(22, 4.2), 2 * 2.0 + 20 * 0.01, 1e-9);
  // The step count alone would have said 22 steps left at 0.19 s each: 4.2 s.
  eta.chose();
  EXPECT_NEAR(*eta.remaining_s(23, 6.2), 1 * 2.0 + 20 * 0.01, 1e-9) << "the third choice has begun";
}

TEST(EtaModel, TimeOutsideEveryPhaseCountsWithTheChoice) {
  EtaModel eta(2, 2 * 3);
  eta.chose();
  eta.learn(point_time(1.0, 0.5, 0.3), 2);  // 0.2 s in no phase: the choice's
  EXPECT_NEAR(*eta.remaining_s(3, 1.0), 0.7 + 2 * 0.15, 1e-9);
}

}  // namespace abt
