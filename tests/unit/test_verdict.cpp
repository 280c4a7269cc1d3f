// The verdict rule (compare/verdict.h) on synthetic samples: the band, AMBIGUOUS's three reasons,
// the noise floor from A's own rounds, and cycles.
#include <gtest/gtest.h>

#include <random>

#include "compare/verdict.h"

namespace abt {

// `rounds` rounds of `per_round` samples around `center` (relative jitter `jitter`), each round's
// level moved by `round_offsets[r % size]` (relative).
RoundedSamples synthetic(double center, int rounds, int per_round, double jitter, std::vector<double> round_offsets,
                         unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> noise(0, jitter * center);
  RoundedSamples set;
  for (int r = 0; r < rounds; ++r) {
    const double level = center * (1 + round_offsets[r % round_offsets.size()]);
    for (int i = 0; i < per_round; ++i) set.samples.push_back(level + noise(random));
    set.round_sizes.push_back(per_round);
  }
  return set;
}

TEST(Verdict, TheWholeIntervalBeyondTheThresholdDecides) {
  auto a = synthetic(100, 10, 50, 0.002, {0}, 1);
  EXPECT_EQ(decide(a, synthetic(103, 10, 50, 0.002, {0}, 2), {2.0}).verdict, Verdict::slower);
  EXPECT_EQ(decide(a, synthetic(97, 10, 50, 0.002, {0}, 3), {2.0}).verdict, Verdict::faster);
  EXPECT_EQ(decide(a, synthetic(100.2, 10, 50, 0.002, {0}, 4), {2.0}).verdict, Verdict::same);
  // 1% slower, measured to +-0.1%: a real change, below a 2% threshold: SAME; at a 1% threshold
  // the interval straddles the band edge: AMBIGUOUS, never FASTER.
  auto one_percent = synthetic(101, 10, 50, 0.002, {0}, 5);
  EXPECT_EQ(decide(a, one_percent, {2.0}).verdict, Verdict::same);
  Decision at_one = decide(a, one_percent, {1.0});
  EXPECT_TRUE(at_one.verdict == Verdict::ambiguous || at_one.verdict == Verdict::slower);
  EXPECT_NE(at_one.verdict, Verdict::faster);
  EXPECT_EQ(decide(a, synthetic(102, 10, 50, 0.002, {0}, 6), {1.0}).verdict, Verdict::slower);
}

TEST(Verdict, AnIntervalAcrossTheThresholdIsAmbiguous) {
  // Rounds disagree by +-3%: a 2% change cannot be told from no change.
  auto a = synthetic(100, 10, 50, 0.002, {0.03, -0.03}, 1);
  auto b = synthetic(102, 10, 50, 0.002, {-0.03, 0.03, 0.0}, 2);
  Decision decision = decide(a, b, {2.0});
  EXPECT_EQ(decision.verdict, Verdict::ambiguous);
  EXPECT_NE(decision.why.find("crosses"), std::string::npos) << decision.why;
}

TEST(Verdict, AChangeBelowTheNoiseFloorIsAmbiguousNotSlower) {
  // A's even and odd rounds differ by 6% in the same process: its floor is 6%, so a 4% change,
  // however tight each side, is not called SLOWER at a 2% threshold.
  auto a = synthetic(100, 10, 200, 0.001, {0.03, -0.03}, 1);
  auto b = synthetic(104, 10, 200, 0.001, {0.0}, 2);
  Decision decision = decide(a, b, {2.0});
  ASSERT_TRUE(decision.noise_floor_pct.has_value());
  EXPECT_NEAR(*decision.noise_floor_pct, 6.2, 0.3);
  EXPECT_NEAR(decision.effective_threshold_pct, *decision.noise_floor_pct, 1e-12);
  EXPECT_EQ(decision.verdict, Verdict::ambiguous);
}

TEST(Verdict, TooFewSamplesOrRoundsAreAmbiguous) {
  auto a = synthetic(100, 1, 50, 0.001, {0}, 1);
  auto b = synthetic(150, 1, 50, 0.001, {0}, 2);
  Decision decision = decide(a, b, {2.0});
  EXPECT_EQ(decision.verdict, Verdict::ambiguous) << "one round cannot show how the machine varies";
  EXPECT_NE(decision.why.find("too few"), std::string::npos);
  EXPECT_EQ(decide(synthetic(100, 4, 2, 0.001, {0}, 1), synthetic(150, 4, 2, 0.001, {0}, 2), {2.0}).verdict,
            Verdict::ambiguous);
  EXPECT_FALSE(noise_floor_pct(synthetic(100, 3, 5, 0.001, {0}, 1)).has_value()) << "needs 4 rounds";
}

TEST(Verdict, SamplesInCyclesFollowTheirRoundsClock) {
  RoundedSamples samples{{1.0, 2.0, 3.0}, {2, 1}};
  RoundedSamples cycles = in_cycles(samples, {1000, 2000});
  EXPECT_EQ(cycles.samples, (std::vector<double>{1000, 2000, 6000}));
  EXPECT_TRUE(in_cycles(samples, {1000}).samples.empty()) << "a clock per round, or none";
}

// Stopping the resampling early (bootstrap.h) must not change a verdict: 600 pairs from "clearly
// the same" through every threshold to "clearly slower", with round-to-round drift and without,
// paired and not, each decided with early stopping and with all 2000 resamples.
TEST(Verdict, StoppingTheResamplingEarlyGivesTheVerdictOfAllResamples) {
  int early = 0, cases = 0;
  for (int effect_step = 0; effect_step < 50; ++effect_step)
    for (int shape = 0; shape < 6; ++shape)
      for (Pairing pairing : {Pairing::independent, Pairing::by_round}) {
        const double effect = 0.96 + 0.0016 * effect_step;  // 0.96 .. 1.04: through 2% and the floors
        const double jitter = shape % 3 == 0 ? 0.001 : shape % 3 == 1 ? 0.005 : 0.02;
        const std::vector<double> drift = shape < 3 ? std::vector<double>{0} : std::vector<double>{0.01, -0.01, 0.004};
        const unsigned seed = unsigned(effect_step * 100 + shape * 10 + int(pairing));
        auto a = synthetic(100, 10, 40, jitter, drift, seed);
        auto b = synthetic(100 * effect, 10, 40, jitter, drift, seed + 7);
        VerdictRule fast{2.0}, full{2.0};
        fast.pairing = full.pairing = pairing;
        full.early_stop = false;
        const Decision quick = decide(a, b, fast), all = decide(a, b, full);
        ++cases;
        ASSERT_EQ(quick.verdict, all.verdict) << "effect " << effect << " jitter " << jitter << " shape " << shape;
        EXPECT_EQ(quick.why, all.why);
        EXPECT_EQ(all.speedup.resamples, 2000);
        if (quick.speedup.resamples < 2000) {
          ++early;
          // The same statistic from fewer resamples: the ends agree to within their Monte Carlo error.
          const double width = all.speedup.high - all.speedup.low;
          EXPECT_NEAR(quick.speedup.low, all.speedup.low, 0.25 * width + 1e-4);
          EXPECT_NEAR(quick.speedup.high, all.speedup.high, 0.25 * width + 1e-4);
        } else {
          EXPECT_EQ(quick.speedup.low, all.speedup.low) << "not stopped early: the same random stream, bit for bit";
          EXPECT_EQ(quick.speedup.high, all.speedup.high);
        }
        EXPECT_EQ(quick.speedup.ratio, all.speedup.ratio);
      }
  EXPECT_GT(early, cases / 3) << "most pairs are clear of every threshold";
}

}  // namespace abt
