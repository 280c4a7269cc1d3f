#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "stats/bootstrap.h"
#include "computed_median.h"
#include "resample_rounds.h"
#include "round_order.h"
#include "stats/summary.h"

namespace abt {

std::vector<double> noisy(double center, double spread, int n, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> noise(0, spread);
  std::vector<double> samples;
  for (int i = 0; i < n; ++i) samples.push_back(center + noise(random));
  return samples;
}

TEST(Bootstrap, SameDistributionGivesAnIntervalAroundOne) {
  auto interval = bootstrap_median_ratio({noisy(100, 2, 200, 1), {}}, {noisy(100, 2, 200, 2), {}});
  EXPECT_LT(interval.low, 1.0);
  EXPECT_GT(interval.high, 1.0);
  EXPECT_NEAR(interval.ratio, 1.0, 0.01);
}

TEST(Bootstrap, ATwentyPercentShiftExcludesOne) {
  auto interval = bootstrap_median_ratio({noisy(100, 2, 200, 1), {}}, {noisy(120, 2, 200, 2), {}});
  EXPECT_GT(interval.low, 1.15);
  EXPECT_LT(interval.high, 1.25);
}

TEST(Bootstrap, DisagreeingRoundsWidenTheInterval) {
  // A's rounds ran in two machine states (100 and 130); B's all at 100. Pooled samples would
  // make B look 15% faster with a tight interval; rounds make the interval admit "no change".
  std::vector<double> a, b;
  std::vector<int> rounds;
  for (int r = 0; r < 6; ++r) {
    auto block = noisy(r % 2 ? 130 : 100, 1, 20, r);
    a.insert(a.end(), block.begin(), block.end());
    rounds.push_back(20);
    auto other = noisy(r % 3 ? 100 : 130, 1, 20, 10 + r);
    b.insert(b.end(), other.begin(), other.end());
  }
  auto pooled = bootstrap_median_ratio({a, {}}, {b, {}});
  auto by_round = bootstrap_median_ratio({a, rounds}, {b, rounds});
  EXPECT_GT(by_round.high - by_round.low, 2 * (pooled.high - pooled.low));
  EXPECT_LT(by_round.low, 1.0);
  EXPECT_GT(by_round.high, 1.0);
}

TEST(Bootstrap, PairedRoundsCancelWhatARoundSharesOnBothSides) {
  // Each round ran at its own placement, which made A's and B's code alike 0-8% slower; B is
  // 1% slower than A in every round. Independent rounds see the placements as noise and cannot
  // tell; rounds drawn in pairs see the 1% alone.
  std::vector<double> a, b;
  std::vector<int> rounds;
  for (int r = 0; r < 10; ++r) {
    const double placement = 1.0 + 0.08 * ((r * 7) % 10) / 10.0;
    auto block_a = noisy(100 * placement, 0.2, 20, 100 + r);
    auto block_b = noisy(101 * placement, 0.2, 20, 200 + r);
    a.insert(a.end(), block_a.begin(), block_a.end());
    b.insert(b.end(), block_b.begin(), block_b.end());
    rounds.push_back(20);
  }
  auto independent = bootstrap_median_ratio({a, rounds}, {b, rounds}, Pairing::independent);
  auto paired = bootstrap_median_ratio({a, rounds}, {b, rounds}, Pairing::by_round);
  EXPECT_LT(independent.low, 1.0);
  EXPECT_GT(paired.low, 1.0);
  EXPECT_LT(paired.high, 1.03);
  EXPECT_LT(paired.high - paired.low, 0.5 * (independent.high - independent.low));
  EXPECT_EQ(paired.ratio, independent.ratio);  // the estimate is the same; only its interval differs
}

TEST(Bootstrap, PairingNeedsAsManyRoundsOnBothSides) {
  auto a = noisy(100, 1, 40, 5), b = noisy(100, 1, 30, 6);
  auto paired = bootstrap_median_ratio({a, {20, 20}}, {b, {10, 10, 10}}, Pairing::by_round);
  auto independent = bootstrap_median_ratio({a, {20, 20}}, {b, {10, 10, 10}}, Pairing::independent);
  EXPECT_EQ(paired.low, independent.low);
  EXPECT_EQ(paired.high, independent.high);
}

// The resampling as it was first written (draws copied out, median by nth_element): the
// rank-counting median must give the very same intervals, bit for bit (same draws, same order).
RatioInterval sorting_reference(const RoundedSamples& a, const RoundedSamples& b, Pairing pairing) {
  auto rounds_of = [](const RoundedSamples& set) {
    std::vector<std::vector<double>> rounds;
    size_t start = 0;
    for (int size : set.round_sizes.empty() ? std::vector<int>{int(set.samples.size())} : set.round_sizes) {
      std::vector<double> round(set.samples.begin() + long(start), set.samples.begin() + long(start + size));
      start += size_t(size);
      if (size > 256) {  // the sketch of a big round, as bootstrap.cpp makes it
        std::sort(round.begin(), round.end());
        std::vector<double> sketch;
        for (int i = 0; i < 256; ++i) sketch.push_back(quantile_sorted(round, (i + 0.5) / 256));
        round = sketch;
      }
      rounds.push_back(round);
    }
    return rounds;
  };
  const auto ra = rounds_of(a), rb = rounds_of(b);
  std::mt19937_64 random(1);
  auto picks_of = [&](size_t count) {
    std::vector<size_t> picks(count);
    std::uniform_int_distribution<size_t> pick(0, count - 1);
    for (auto& p : picks) p = pick(random);
    return picks;
  };
  auto median = [&](const std::vector<std::vector<double>>& rounds, const std::vector<size_t>& picks) {
    std::vector<double> drawn;
    for (size_t r : picks) {
      std::uniform_int_distribution<int> pick(0, int(rounds[r].size()) - 1);
      for (size_t i = 0; i < rounds[r].size(); ++i) drawn.push_back(rounds[r][size_t(pick(random))]);
    }
    size_t middle = drawn.size() / 2;
    std::nth_element(drawn.begin(), drawn.begin() + long(middle), drawn.end());
    double upper = drawn[middle];
    if (drawn.size() % 2 == 1) return upper;
    return 0.5 * (upper + *std::max_element(drawn.begin(), drawn.begin() + long(middle)));
  };
  std::vector<double> ratios;
  for (int i = 0; i < 2000; ++i) {
    auto pa = picks_of(ra.size());
    auto pb = pairing == Pairing::by_round && ra.size() == rb.size() ? pa : picks_of(rb.size());
    double ma = median(ra, pa);
    ratios.push_back(median(rb, pb) / ma);
  }
  std::sort(ratios.begin(), ratios.end());
  return {0, quantile_sorted(ratios, 0.025), quantile_sorted(ratios, 0.975)};
}

TEST(Bootstrap, CountingRanksGivesTheIntervalsThatSortingTheDrawsGave) {
  std::mt19937 shape(7);
  for (int trial = 0; trial < 12; ++trial) {
    std::vector<double> a, b;
    std::vector<int> rounds_a, rounds_b;
    const int rounds = 2 + trial % 5;
    for (int r = 0; r < rounds; ++r) {
      const int size = trial == 11 ? 300 + r : int(shape() % 40) + 1;  // odd, even, single-sample and sketched rounds
      auto block_a = noisy(100, 3, size, 1000 * trial + r), block_b = noisy(102, 3, size + trial % 2, 2000 * trial + r);
      for (auto& x : block_a) x = std::round(x);  // ties
      a.insert(a.end(), block_a.begin(), block_a.end());
      b.insert(b.end(), block_b.begin(), block_b.end());
      rounds_a.push_back(size);
      rounds_b.push_back(int(block_b.size()));
    }
    for (Pairing pairing : {Pairing::independent, Pairing::by_round}) {
      auto counted = bootstrap_median_ratio({a, rounds_a}, {b, rounds_b}, pairing, 0.95, 2000, 1, {}, WithinRounds::simulated);
      auto sorted = sorting_reference({a, rounds_a}, {b, rounds_b}, pairing);
      EXPECT_EQ(counted.low, sorted.low) << "trial " << trial;
      EXPECT_EQ(counted.high, sorted.high) << "trial " << trial;
    }
  }
}

// Rounds of `size` samples around `center`: jitter within a round, a heavy tail, a drift of each
// round's level (shared between A and B when `levels` is given: an interleaved pair), and times
// rounded to `quantum` (host timers).
RoundedSamples rounds_of(int rounds, int size, double center, double jitter, double drift, double quantum, unsigned seed,
                         const std::vector<double>* levels = nullptr) {
  std::mt19937 random(seed);
  std::normal_distribution<double> normal;
  std::exponential_distribution<double> tail;
  RoundedSamples set;
  for (int r = 0; r < rounds; ++r) {
    const double level = center * (1 + drift * (levels ? (*levels)[r] : normal(random)));
    for (int i = 0; i < size; ++i) {
      double sample = level * (1 + jitter * (normal(random) + (i % 17 == 0 ? 3 * tail(random) : 0)));
      set.samples.push_back(quantum > 0 ? std::round(sample / quantum) * quantum : sample);
    }
    set.round_sizes.push_back(size);
  }
  return set;
}

// The within-round stage computed (computed_median.h) against every draw simulated: each end of
// the computed interval must lie where the simulated resamples put a share of the ratios within
// 4 Monte Carlo standard errors of the end's 2.5%: between the simulated ends at 2.5% -+ that.
TEST(Bootstrap, ComputingTheWithinRoundStageGivesTheIntervalsOfSimulatingIt) {
  struct Case {
    int rounds, size;
    double jitter, drift, quantum, effect;
    Pairing pairing;
  };
  const std::vector<Case> cases = {
      {40, 100, 0.05, 0.0, 0.0, 1.0, Pairing::by_round},     // host-like: many short rounds, a tail
      {40, 100, 0.05, 0.02, 0.1, 1.01, Pairing::independent},  // ... drifting, on a coarse clock
      {10, 300, 0.003, 0.0, 0.0, 1.0, Pairing::by_round},    // GPU-like: few long (sketched) rounds
      {10, 300, 0.003, 0.01, 0.0, 1.02, Pairing::by_round},
      {10, 300, 0.003, 0.01, 0.0, 1.02, Pairing::independent},
      {2, 100, 0.01, 0.05, 0.0, 1.0, Pairing::independent},  // two rounds 5% apart
      {10, 20, 0.02, 0.03, 2.0, 1.03, Pairing::by_round},    // the fewest draws computed, ties
      {5, 41, 0.01, 0.02, 0.0, 0.98, Pairing::independent},  // odd counts
  };
  constexpr int kResamples = 5000;
  const double tail = 0.025, error = 4 * std::sqrt(2 * tail * (1 - tail) / kResamples);
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    std::mt19937 level_random{unsigned(i)};
    std::normal_distribution<double> normal;
    std::vector<double> levels;
    for (int r = 0; r < c.rounds; ++r) levels.push_back(normal(level_random));
    const std::vector<double>* shared = c.pairing == Pairing::by_round ? &levels : nullptr;
    auto a = rounds_of(c.rounds, c.size, 100, c.jitter, c.drift, c.quantum, 10 * unsigned(i), shared);
    auto b = rounds_of(c.rounds, c.size, 100 * c.effect, c.jitter, c.drift, c.quantum, 10 * unsigned(i) + 1, shared);
    ASSERT_GE(c.rounds * std::min(c.size, 256), kComputedFromDraws) << "case " << i << " is computed";
    auto simulated_at = [&](double level) {
      return bootstrap_median_ratio(a, b, c.pairing, 1 - 2 * level, kResamples, 7, {}, WithinRounds::simulated);
    };
    const RatioInterval narrow = simulated_at(tail + error), wide = simulated_at(tail - error);
    const RatioInterval computed = bootstrap_median_ratio(a, b, c.pairing, 1 - 2 * tail, kResamples, 7);
    EXPECT_GE(computed.low, wide.low) << "case " << i;
    EXPECT_LE(computed.low, narrow.low) << "case " << i;
    EXPECT_GE(computed.high, narrow.high) << "case " << i;
    EXPECT_LE(computed.high, wide.high) << "case " << i;
    EXPECT_EQ(computed.ratio, narrow.ratio);
  }
}

// The counts a resample's medians are computed from, tabulated up front or computed as searches
// reach them (a big table): the same medians, bit for bit.
TEST(Bootstrap, TabulatedAndOnDemandCountsGiveTheSameMedians) {
  for (int c = 0; c < 3; ++c) {
    auto set = rounds_of(c == 0 ? 40 : 12, c == 2 ? 300 : 60, 100, 0.02, c == 1 ? 0.03 : 0.0, c == 1 ? 0.1 : 0.0, 90 + unsigned(c));
    const auto rounds = resample_rounds(set);
    const RoundOrder order = order_rounds(rounds);
    ComputedMedian tabulated(order.sorted_rounds, order.ascending), on_demand(order.sorted_rounds, order.ascending, 0);
    BootstrapRandom picks_random(5), random_a(6), random_b(6);
    RoundPicks picks;
    for (int resample = 0; resample < 300; ++resample) {
      picks.draw(rounds.size(), picks_random);
      ASSERT_EQ(tabulated.covers(picks.counts), on_demand.covers(picks.counts));
      ASSERT_EQ(tabulated.median(random_a), on_demand.median(random_b)) << "case " << c << " resample " << resample;
    }
  }
}

// Boost's engine in place of libstdc++'s must not change a single number drawn.
TEST(Bootstrap, ItsRandomNumbersAreTheStandardMersenneTwisters) {
  BootstrapRandom random(1);
  std::mt19937_64 standard(1);
  for (int i = 0; i < 9999; ++i) ASSERT_EQ(random(), standard()) << "number " << i + 1;
  BootstrapRandom fixed;  // the standard's check: the 10000th number from the default seed
  for (int i = 0; i < 9999; ++i) fixed();
  EXPECT_EQ(fixed(), 9981545732273789042ull);
  std::normal_distribution<double> normal;
  std::normal_distribution<double> standard_normal;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(normal(random), standard_normal(standard));
}

// Every sample once, ascending, each pointing back at its round and place; each round sorted.
TEST(Bootstrap, RoundOrderHoldsEverySampleInOrder) {
  std::mt19937 values(3);
  std::uniform_int_distribution<int> tick(1, 40);  // timer ticks: many equal values
  std::vector<std::vector<double>> rounds(7);
  for (size_t r = 0; r < rounds.size(); ++r)
    for (size_t i = 0; i < 50 + 13 * r; ++i) rounds[r].push_back(0.25 * tick(values));
  const RoundOrder order = order_rounds(rounds);
  size_t sample_count = 0;
  std::vector<std::vector<bool>> seen;
  for (const auto& round : rounds) {
    sample_count += round.size();
    seen.emplace_back(round.size(), false);
  }
  ASSERT_EQ(order.ascending.size(), sample_count);
  for (size_t i = 0; i < order.ascending.size(); ++i) {
    const RoundValue& sample = order.ascending[i];
    if (i > 0) {
      EXPECT_LE(order.ascending[i - 1].value, sample.value);
    }
    ASSERT_LT(sample.round, rounds.size());
    ASSERT_LT(sample.index, rounds[sample.round].size());
    EXPECT_EQ(rounds[sample.round][sample.index], sample.value);
    EXPECT_FALSE(seen[sample.round][sample.index]) << "round " << sample.round << " sample " << sample.index << " twice";
    seen[sample.round][sample.index] = true;
  }
  ASSERT_EQ(order.sorted_rounds.size(), rounds.size());
  for (size_t r = 0; r < rounds.size(); ++r) {
    std::vector<double> sorted = rounds[r];
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(order.sorted_rounds[r], sorted) << "round " << r;
  }
}

TEST(Bootstrap, IsDeterministic) {
  auto a = noisy(10, 1, 50, 3), b = noisy(11, 1, 50, 4);
  auto first = bootstrap_median_ratio({a, {}}, {b, {}});
  auto second = bootstrap_median_ratio({a, {}}, {b, {}});
  EXPECT_EQ(first.low, second.low);
  EXPECT_EQ(first.high, second.high);
}

// Early stopping (EarlyStop): the resampling ends at the first checkpoint whose outcome cannot
// change, on the same random stream as without it.
TEST(Bootstrap, AnOutcomeNoEndCanChangeStopsAtTheFirstCheckpoint) {
  const RoundedSamples a{noisy(10, 1, 400, 5), {100, 100, 100, 100}}, b{noisy(10.5, 1, 400, 6), {100, 100, 100, 100}};
  const EarlyStop always_the_same{{0.98, 1.0, 1.02}, [](double, double) { return 0; }};
  const RatioInterval stopped = bootstrap_median_ratio(a, b, Pairing::by_round, 0.95, 2000, 1, always_the_same);
  const RatioInterval first_250 = bootstrap_median_ratio(a, b, Pairing::by_round, 0.95, 250, 1);
  EXPECT_EQ(stopped.resamples, 250);
  EXPECT_EQ(stopped.low, first_250.low);
  EXPECT_EQ(stopped.high, first_250.high);
}

// Timer ticks make ties: here every resample's medians are the same tick on both sides, so every
// ratio is exactly 1, a boundary. Both ends are then surely at it: an outcome read off the ends'
// side of each boundary is decided at the first checkpoint, and an outcome that one end's side
// of 1 would change, were it not exactly 1, too.
TEST(Bootstrap, EndsExactlyOnABoundaryAreDecided) {
  std::vector<double> ticks(400, 10.0);
  for (size_t i = 0; i < ticks.size(); i += 10) ticks[i] = 11.0;
  const RoundedSamples a{ticks, {100, 100, 100, 100}}, b{ticks, {100, 100, 100, 100}};
  const std::vector<double> boundaries = {0.98, 1.0, 1.02};
  auto cell = [](double ratio) { return ratio < 1 ? 0 : ratio == 1 ? 1 : 2; };
  const EarlyStop by_side{boundaries, [&](double low, double high) { return 3 * cell(low) + cell(high); }};
  const RatioInterval interval = bootstrap_median_ratio(a, b, Pairing::by_round, 0.95, 2000, 1, by_side);
  EXPECT_EQ(interval.low, 1.0);
  EXPECT_EQ(interval.high, 1.0);
  EXPECT_EQ(interval.resamples, 250);
}

// The outcome is what must not change, not each end's side of each boundary: an interval from
// well below 0.98 to well above 1.02 is "crosses" wherever its ends fall beyond those, so a wide
// interval stops at once when only that is asked, and runs on when each end's side of a boundary
// it lies near is asked too.
TEST(Bootstrap, OnlyWhatTheOutcomeReadsMustBeDecided) {
  std::vector<double> slow_and_fast;
  for (int round = 0; round < 20; ++round)
    for (double sample : noisy(round % 2 ? 10 : 13, 0.5, 100, 40 + unsigned(round))) slow_and_fast.push_back(sample);
  const RoundedSamples a{slow_and_fast, std::vector<int>(20, 100)}, b{noisy(11.5, 0.5, 2000, 7), std::vector<int>(20, 100)};
  const RatioInterval full = bootstrap_median_ratio(a, b, Pairing::independent, 0.95, 2000, 1);
  ASSERT_LT(full.low, 0.95);
  ASSERT_GT(full.high, 1.05);
  const EarlyStop crosses{{0.98, 1.02}, [](double low, double high) { return low < 0.98 && high > 1.02; }};
  EXPECT_EQ(bootstrap_median_ratio(a, b, Pairing::independent, 0.95, 2000, 1, crosses).resamples, 250);
  // Where the low end lies against a boundary placed on it: not decided from a few resamples.
  const double on_the_low_end = full.low;
  const EarlyStop low_side{{on_the_low_end, 0.98, 1.02},
                           [&](double low, double high) { return 2 * (low < on_the_low_end) + (low < 0.98 && high > 1.02); }};
  EXPECT_EQ(bootstrap_median_ratio(a, b, Pairing::independent, 0.95, 2000, 1, low_side).resamples, 2000);
}

}  // namespace abt
