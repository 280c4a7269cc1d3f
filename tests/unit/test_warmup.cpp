#include <gtest/gtest.h>

#include "graphtime/timer.h"
#include "graphtime/warmup.h"

namespace abt {

TEST(Warmup, BudgetBecomesACallCountClampedTo5And200) {
  EXPECT_EQ(warmup_call_count(10'000, 1000), 100);   // 10 ms calls, 1 s budget
  EXPECT_EQ(warmup_call_count(1, 1000), 200);        // tiny kernel: clamped high
  EXPECT_EQ(warmup_call_count(900'000, 1000), 5);    // slow kernel: clamped low
  EXPECT_EQ(warmup_call_count(0, 1000), 200);
}

TEST(Warmup, LaterRoundsGetTheMinimumWarmupAndAShareOfTheBudget) {
  TimingSettings full;
  full.rep_ms = 500;
  full.rounds = 10;
  EXPECT_DOUBLE_EQ(round_settings(full, 0).warmup_ms, full.warmup_ms);
  EXPECT_DOUBLE_EQ(round_settings(full, 3).warmup_ms, 0);
  EXPECT_DOUBLE_EQ(round_settings(full, 3).rep_ms, 50);
}

TEST(Warmup, EveryRoundAndEverySideOfAnInterleavedRoundTakesTheMinimumSamples) {
  TimingSettings full;
  full.rep_ms = 500;
  full.rounds = 10;
  full.min_samples = 10;
  const TimingSettings round = round_settings(full, 1);
  EXPECT_EQ(round.min_samples, kMinSamplesPerRound);
  const TimingSettings side = interleaved_side_settings(round);
  EXPECT_DOUBLE_EQ(side.rep_ms, 25);
  EXPECT_EQ(side.min_samples, kMinSamplesPerRound);
  EXPECT_EQ(side.max_samples, full.max_samples / full.rounds / 2);
  full.min_samples = 200;  // a larger total minimum is shared out over the rounds
  EXPECT_EQ(round_settings(full, 1).min_samples, 21);
}

TEST(Warmup, SweepCandidatesWarmUpBriefly) {
  TimingSettings full;
  EXPECT_DOUBLE_EQ(sweep_settings(full).warmup_ms, kSweepWarmupMs);
  full.warmup_ms = 5;
  EXPECT_DOUBLE_EQ(sweep_settings(full).warmup_ms, 5);
  EXPECT_DOUBLE_EQ(warmup_budget_ms(WarmupStage::first_round, full), 5);
}

}  // namespace abt
