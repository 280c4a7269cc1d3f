// The progress line's ETA: a choice and a round priced apart from the finished points' phases.
#include <gtest/gtest.h>

#include "engine/eta_display.h"
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

// Issue 44: "an ETA of 3:23 after 6 s of an 11 s run". From the first second, before any point
// has finished, the plan's budgets price what is left; the choice under way counts down.
TEST(EtaModel, BeforeAnyPointFinishesThePlansBudgetsPriceTheRest) {
  EtaModel eta(4, 4 * 11, EtaPrior{0.5, 0.15});  // 4 points: a 0.5 s choice and 10 rounds of 0.15 s each
  EXPECT_NEAR(*eta.remaining_s(0, 0.0), 4 * 0.5 + 40 * 0.15, 1e-9) << "the whole plan, at its start";
  eta.chose(1.0);  // the first choice began 1 s in (the compiler started first)
  EXPECT_NEAR(*eta.remaining_s(1, 1.2), 0.3 + 3 * 0.5 + 40 * 0.15, 1e-9);
  EXPECT_NEAR(*eta.remaining_s(1, 5.0), 3 * 0.5 + 40 * 0.15, 1e-9) << "a choice over its share adds no more";
  EXPECT_NEAR(*eta.remaining_s(6, 5.5), 3 * 0.5 + 35 * 0.15, 1e-9) << "five rounds done";
  eta.learn(point_time(2.0, 1.0, 1.0), 10);  // then the finished point decides
  EXPECT_NEAR(*eta.remaining_s(11, 6.0), 3 * 1.0 + 30 * 0.1, 1e-9);
}

// Issue 61: a 7-point record said "ETA 0:02" with 9.7 s left: its first op's sweeps were cheap and
// the rest was priced at their mean. The choices left are priced by the plan, op by op, scaled by
// how the finished choices fared against theirs.
TEST(EtaModel, ChoicesLeftArePricedByThePlanAsItFared) {
  // Two ops of 2 points, 1 round each: the first's sweeps planned at 0.5 s, the second's at 2 s.
  EtaModel eta(4, 4 * 2, EtaPrior{1.25, 0.1});
  eta.chose(0.0, 0.5);
  eta.chose(1.0, 0.5);
  eta.learn(point_time(1.1, 1.0, 0.1), 1, 0.5);  // each took twice its plan
  eta.learn(point_time(1.1, 1.0, 0.1), 1, 0.5);
  EXPECT_NEAR(*eta.remaining_s(4, 2.2), 2 * 2.0 * 2 + 2 * 0.1, 1e-9) << "the second op's sweeps, at twice their plan";
  eta.chose(2.2, 2.0);
  EXPECT_NEAR(*eta.remaining_s(5, 2.3), (2.0 * 2 - 0.1) + 1 * 2.0 * 2 + 2 * 0.1, 1e-9)
      << "the third's sweep under way, less the 0.1 s it has had; the fourth's; the rounds";
}

// Issue 74: through a step longer than its price (a Valgrind count after a point's rounds) the
// model's estimate counts down, and the point's choice was priced though it had begun.
TEST(EtaModel, TheChoiceUnderWayCountsDownUntilItsPointFinishes) {
  EtaModel eta(3, 3 * 2);
  eta.chose(0.0);
  eta.learn(point_time(10.0, 9.9, 0.1), 1);  // a choice (and count) of 9.9 s, a round of 0.1 s
  eta.chose(10.0);
  // 3 steps done: the first point's two and the second's choice, begun (as the run counts them)
  EXPECT_NEAR(*eta.remaining_s(3, 11.0), (9.9 - 1.0) + 9.9 + 2 * 0.1, 1e-9);
  EXPECT_NEAR(*eta.remaining_s(4, 16.0), (9.9 - 6.0) + 9.9 + 1 * 0.1, 1e-9) << "its round done, its count going on";
  EXPECT_NEAR(*eta.remaining_s(4, 25.0), 0 + 9.9 + 1 * 0.1, 1e-9) << "past its price: nothing more is assumed of it";
}

// What the line shows: a countdown between the model's steps, good news at once, bad news a
// quarter plus a second per second at most (never the 2x jump up of the raw estimate).
TEST(EtaDisplay, CountsDownTakesGoodNewsAndRisesGradually) {
  EtaDisplay eta;
  EXPECT_FALSE(eta.shown(std::nullopt, 0.0));
  EXPECT_DOUBLE_EQ(*eta.shown(8.0, 1.0), 8.0);
  EXPECT_DOUBLE_EQ(*eta.shown(8.0, 2.0), 8.0) << "the model unchanged: at most its own estimate";
  EXPECT_DOUBLE_EQ(*eta.shown(3.0, 3.0), 3.0) << "good news at once";
  EXPECT_DOUBLE_EQ(*eta.shown(std::nullopt, 4.0), 2.0) << "nothing new: it counts down";
  double shown = 2.0;
  for (double now = 5.0; now <= 9.0; now += 1.0) {  // the model now says 16 s: a jump of 8x
    const double next = *eta.shown(16.0, now);
    EXPECT_LE(next, shown * 1.25 + 1.0 + 1e-9) << "at " << now;
    EXPECT_GE(next, shown) << "it rises toward the model";
    shown = next;
  }
  EXPECT_LT(shown, 16.0);
  for (double now = 10.0; now <= 30.0; now += 1.0) shown = *eta.shown(16.0 - (now - 9.0) * 0.1, now);
  EXPECT_NEAR(shown, 16.0 - 21 * 0.1, 1e-9) << "it reaches the model's estimate";
}

TEST(EtaModel, TimeOutsideEveryPhaseCountsWithTheChoice) {
  EtaModel eta(2, 2 * 3);
  eta.chose();
  eta.learn(point_time(1.0, 0.5, 0.3), 2);  // 0.2 s in no phase: the choice's
  EXPECT_NEAR(*eta.remaining_s(3, 1.0), 0.7 + 2 * 0.15, 1e-9);
}

}  // namespace abt
