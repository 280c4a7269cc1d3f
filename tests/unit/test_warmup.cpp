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

TEST(Warmup, SweepCandidatesWarmUpBriefly) {
  TimingSettings full;
  EXPECT_DOUBLE_EQ(sweep_settings(full).warmup_ms, kSweepWarmupMs);
  full.warmup_ms = 5;
  EXPECT_DOUBLE_EQ(sweep_settings(full).warmup_ms, 5);
  EXPECT_DOUBLE_EQ(warmup_budget_ms(WarmupStage::first_round, full), 5);
}

}  // namespace abt
