// A replay's round policy (replay/extra_rounds.h): more interleaved rounds only for a point whose
// A and B sides cannot be told apart yet, within the point's budget and only where A's code was
// measured beside B's.
#include <gtest/gtest.h>

#include <random>

#include "replay/extra_rounds.h"

namespace abt {
namespace {

Side side(SideRole role, double center_us, int rounds, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> noise(0, center_us * 0.02);
  Side side;
  side.role = role;
  for (int r = 0; r < rounds; ++r) {
    Measurement round;
    for (int i = 0; i < 20; ++i) round.samples_us.push_back(center_us + noise(random));
    append_round(side.measurement, round);
  }
  return side;
}

}  // namespace

TEST(ExtraRounds, AnUndecidedPairGetsMoreRoundsWithinItsBudgetAndAClearOneDoesNot) {
  const ExtraRounds policy(2.0, 1000);
  std::vector<Side> close;  // 1% apart with 2% noise over 4 rounds: the interval crosses 2%
  close.push_back(side(SideRole::baseline, 100, 4, 1));
  close.push_back(side(SideRole::measured, 101, 4, 2));
  EXPECT_TRUE(policy.wants_another(close, {0, 1}));
  EXPECT_FALSE(policy.wants_another(close, {1000, 1})) << "its budget is spent";
  std::vector<Side> apart;  // 30% apart: SLOWER, decided
  apart.push_back(side(SideRole::baseline, 100, 4, 3));
  apart.push_back(side(SideRole::measured, 130, 4, 4));
  EXPECT_FALSE(policy.wants_another(apart, {0, 1}));
  std::vector<Side> alone;  // --no-interleave: nothing to pair with
  alone.push_back(side(SideRole::measured, 101, 4, 5));
  EXPECT_FALSE(policy.wants_another(alone, {0, 1}));
  EXPECT_EQ(policy.max_rounds(10), 40) << "at most three times the regular rounds more";
  EXPECT_FALSE(ExtraRounds(2.0, 0).wants_another(close, {0, 1})) << "--max-extra-ms 0";
}

TEST(ExtraRounds, APointIsGivenUpWhenItsBudgetCannotBuyTheRoundsTheSpreadSaysItNeeds) {
  std::vector<Side> close;
  close.push_back(side(SideRole::baseline, 100, 4, 1));
  close.push_back(side(SideRole::measured, 101, 4, 2));
  const Measurement &a = close[0].measurement, &b = close[1].measurement;
  VerdictRule rule{2.0};
  rule.pairing = Pairing::by_round;
  const Decision decision = decide({a.samples_us, a.round_sizes}, {b.samples_us, b.round_sizes}, rule);
  ASSERT_EQ(decision.verdict, Verdict::ambiguous);
  ASSERT_TRUE(decision.to_decide.has_value());
  ASSERT_EQ(decision.to_decide->outlook, RoundsToDecide::Outlook::rounds) << finding_text(more_rounds_finding(*decision.to_decide));
  const int more = decision.to_decide->more;
  // 1000 ms left: rounds of 1000 / (2 more) ms still fit twice over; rounds ten times that do not.
  const ExtraRounds policy(2.0, 1000);
  EXPECT_TRUE(policy.wants_another(close, {0, 1000.0 / (2 * more)})) << more << " more rounds";
  EXPECT_FALSE(policy.wants_another(close, {0, 10 * 1000.0 / more})) << more << " more rounds";
  EXPECT_FALSE(policy.wants_another(close, {900, 400.0 / more})) << "100 ms left: a quarter of the rounds";
}

TEST(Sides, AreFoundByRole) {
  std::vector<Side> sides;
  sides.push_back(side(SideRole::measured, 10, 1, 1));
  sides.push_back(side(SideRole::retuned, 10, 1, 2));
  EXPECT_EQ(find_side(sides, SideRole::retuned), &sides[1]);
  EXPECT_EQ(find_side(sides, SideRole::baseline), nullptr);
  EXPECT_FALSE(sides[0].timed()) << "nothing loaded: not timed on its own";
}

}  // namespace abt
