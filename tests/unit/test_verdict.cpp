// The verdict rule (verdict/verdict.h) on synthetic samples: the band, AMBIGUOUS's three reasons,
// the noise floor from A's own rounds, and cycles.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>

#include "verdict/verdict.h"

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
  ASSERT_TRUE(decision.undecided);
  EXPECT_EQ(decision.undecided->code, FindingCode::crosses_threshold);
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
  ASSERT_TRUE(decision.undecided);
  EXPECT_EQ(decision.undecided->code, FindingCode::too_few_samples);
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

// Pairs from "clearly the same" through every threshold to "clearly slower" (B/A 0.96 to 1.04 in
// 50 steps, every `step`-th), jitter 0.1-2%, with round-to-round drift and without, paired and not.
struct SyntheticPair {
  double effect, jitter;
  int shape;
  Pairing pairing;
  RoundedSamples a, b;
};

template <typename Body>
void for_each_synthetic_pair(int step, Body body) {
  for (int effect_step = 0; effect_step < 50; effect_step += step)
    for (int shape = 0; shape < 6; ++shape)
      for (Pairing pairing : {Pairing::independent, Pairing::by_round}) {
        const double effect = 0.96 + 0.0016 * effect_step;  // through 2% and the floors
        const double jitter = shape % 3 == 0 ? 0.001 : shape % 3 == 1 ? 0.005 : 0.02;
        const std::vector<double> drift = shape < 3 ? std::vector<double>{0} : std::vector<double>{0.01, -0.01, 0.004};
        const unsigned seed = unsigned(effect_step * 100 + shape * 10 + int(pairing));
        body(SyntheticPair{effect, jitter, shape, pairing, synthetic(100, 10, 40, jitter, drift, seed),
                           synthetic(100 * effect, 10, 40, jitter, drift, seed + 7)});
      }
}

// Stopping the resampling early (bootstrap.h) must not change a verdict: 600 pairs from "clearly
// the same" through every threshold to "clearly slower", with round-to-round drift and without,
// paired and not, each decided with early stopping and with all 2000 resamples.
TEST(Verdict, StoppingTheResamplingEarlyGivesTheVerdictOfAllResamples) {
  int early = 0, cases = 0;
  for_each_synthetic_pair(1, [&](const SyntheticPair& pair) {
    VerdictRule fast{2.0}, full{2.0};
    fast.pairing = full.pairing = pair.pairing;
    full.early_stop = false;
    const Decision quick = decide(pair.a, pair.b, fast), all = decide(pair.a, pair.b, full);
    ++cases;
    ASSERT_EQ(quick.verdict, all.verdict) << "effect " << pair.effect << " jitter " << pair.jitter << " shape " << pair.shape;
    EXPECT_EQ(quick.undecided, all.undecided);
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
  });
  EXPECT_GT(early, cases / 3) << "most pairs are clear of every threshold";
  std::cout << early << " of " << cases << " pairs stopped early, each with the verdict of all 2000 resamples\n";
}

// The within-round stage computed instead of simulated (bootstrap.h) must not change a verdict
// that the simulation itself is sure of: 300 pairs through every threshold, all 2000 resamples
// each way. Where the verdicts differ, a boundary must lie within the simulated ends' own Monte
// Carlo error (4 standard errors of the 2.5% share): a coin the simulation would flip too.
TEST(Verdict, ComputingTheWithinRoundStageGivesTheVerdictsOfSimulatingIt) {
  int differ = 0, cases = 0;
  const double tail = 0.025, error = 4 * std::sqrt(2 * tail * (1 - tail) / 2000);
  for_each_synthetic_pair(2, [&](const SyntheticPair& pair) {
    VerdictRule computed{2.0}, simulated{2.0};
    computed.pairing = simulated.pairing = pair.pairing;
    computed.early_stop = simulated.early_stop = false;
    simulated.within = WithinRounds::simulated;
    const Decision fast = decide(pair.a, pair.b, computed), reference = decide(pair.a, pair.b, simulated);
    ++cases;
    if (fast.verdict == reference.verdict) return;
    ++differ;
    auto simulated_at = [&](double level) {
      return bootstrap_median_ratio(pair.a, pair.b, pair.pairing, 1 - 2 * level, 2000, 1, {}, WithinRounds::simulated);
    };
    const RatioInterval narrow = simulated_at(tail + error), wide = simulated_at(tail - error);
    const double effective = 1 + reference.effective_threshold_pct / 100;
    bool borderline = false;
    for (double boundary : {effective, 1 / effective, 1.02, 1 / 1.02, 1.0})
      borderline = borderline || (wide.low <= boundary && boundary <= narrow.low) ||
                   (narrow.high <= boundary && boundary <= wide.high);
    EXPECT_TRUE(borderline) << "effect " << pair.effect << " jitter " << pair.jitter << " shape " << pair.shape << ": "
                            << spelling(fast.verdict) << " vs " << spelling(reference.verdict);
  });
  EXPECT_LE(differ, cases / 20) << "the shortcut is that rare coin, not a habit";
  std::cout << differ << " of " << cases << " verdicts differ, each at a boundary within Monte Carlo error\n";
}

}  // namespace abt

namespace abt {

bool same_decision(const Decision& x, const Decision& y) {
  return x.verdict == y.verdict && x.speedup.ratio == y.speedup.ratio && x.speedup.low == y.speedup.low &&
         x.speedup.high == y.speedup.high && x.speedup.resamples == y.speedup.resamples && x.undecided == y.undecided &&
         x.noise_floor_pct == y.noise_floor_pct && x.effective_threshold_pct == y.effective_threshold_pct &&
         x.to_decide.has_value() == y.to_decide.has_value() &&
         (!x.to_decide || (x.to_decide->outlook == y.to_decide->outlook && x.to_decide->more == y.to_decide->more));
}

TEST(KeptInterval, ReadingItDecidesBitForBitAsResamplingDoes) {
  // An AMBIGUOUS pair near the threshold (all 2000 resamples), a SLOWER one and a SAME one, each
  // paired by round as an interleaved replay keeps them, with the medians its summaries give.
  const std::vector<std::pair<RoundedSamples, RoundedSamples>> pairs{
      {synthetic(100, 12, 100, 0.01, {0.02, -0.02}, 11), synthetic(102, 12, 100, 0.01, {-0.02, 0.02, 0.0}, 12)},
      {synthetic(100, 10, 100, 0.002, {0}, 13), synthetic(104, 10, 100, 0.002, {0}, 14)},
      {synthetic(100, 10, 100, 0.002, {0}, 15), synthetic(100.1, 10, 100, 0.002, {0}, 16)}};
  VerdictRule rule{2.0};
  rule.pairing = Pairing::by_round;
  for (const auto& [a, b] : pairs) {
    const StoredInterval kept = interval_to_keep(a, b, rule);
    EXPECT_EQ(kept.inputs.size(), 16u);
    EXPECT_EQ(kept.inputs, interval_inputs(a, b, rule)) << "the digest depends on the inputs alone";
    const Decision resampled = decide(a, b, rule), read = decide(a, b, rule, &kept);
    EXPECT_TRUE(same_decision(resampled, read)) << spelling(resampled.verdict) << " vs " << spelling(read.verdict);
  }
  EXPECT_EQ(decide(pairs[0].first, pairs[0].second, rule).speedup.resamples, 2000);
}

TEST(KeptInterval, ItIsReadOnlyForTheSamplesAndRuleItCameFrom) {
  const RoundedSamples a = synthetic(100, 10, 100, 0.002, {0}, 21), b = synthetic(103, 10, 100, 0.002, {0}, 22);
  VerdictRule rule{2.0};
  rule.pairing = Pairing::by_round;
  // A kept interval whose numbers are not the resampled ones: where it is read, they show.
  StoredInterval kept = interval_to_keep(a, b, rule);
  kept.low = 0.5;
  EXPECT_DOUBLE_EQ(decide(a, b, rule, &kept).speedup.high, 2.0) << "read where the inputs match";

  auto ignored = [&](const RoundedSamples& a2, const RoundedSamples& b2, const VerdictRule& rule2) {
    return same_decision(decide(a2, b2, rule2, &kept), decide(a2, b2, rule2));
  };
  RoundedSamples one_sample_moved = b;
  one_sample_moved.samples[517] = std::nextafter(one_sample_moved.samples[517], 1e9);
  EXPECT_TRUE(ignored(a, one_sample_moved, rule)) << "another sample";
  RoundedSamples rounds_regrouped = b;
  rounds_regrouped.round_sizes[0] += 1, rounds_regrouped.round_sizes[1] -= 1;
  EXPECT_TRUE(ignored(a, rounds_regrouped, rule)) << "other rounds";
  RoundedSamples median_given = a;
  median_given.median = 100.0;
  EXPECT_TRUE(ignored(median_given, b, rule)) << "another median";
  EXPECT_TRUE(ignored(b, a, rule)) << "the sides swapped";
  VerdictRule other = rule;
  other.threshold_pct = 1.0;
  EXPECT_TRUE(ignored(a, b, other)) << "another threshold";
  other = rule;
  other.pairing = Pairing::independent;
  EXPECT_TRUE(ignored(a, b, other)) << "unpaired";
  other = rule;
  other.early_stop = false, other.within = WithinRounds::simulated;
  EXPECT_TRUE(ignored(a, b, other)) << "the exhaustive bootstrap (ABTOOL_EXHAUSTIVE_BOOTSTRAP)";
}

}  // namespace abt
