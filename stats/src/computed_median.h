// The median of one resample, drawn from its distribution instead of made draw by draw.
//
// Given how often each round was picked (c_r times, a round of n_r values), a resample holds
// c_r * n_r draws from round r. The number of draws at or below a value v is then a sum of
// binomials, S(v) = sum_r Bin(c_r n_r, F_r(v)), F_r being round r's share of values <= v; and the
// t-th smallest draw is at or below v exactly when S(v) >= t. So the t-th order statistic is drawn
// by inversion: one standard normal deviate z, and the smallest sample value at which S's
// quantile for z reaches t. That quantile is S's mean + z * its sd plus the Cornish-Fisher term of
// its skewness, with a continuity correction: close to exact when many draws could fall either
// side of the median (kMinCountVariance; tests/unit/test_bootstrap.cpp measures how close).
//
// An even count's median is the mean of the two middle draws, t and t + 1. Given draw t at value
// v, draw t + 1 is elsewhere when draw t was the last at v: S(v) = t with some draw at v, of all
// the ways draw t falls at v (S below v under t, S(v) at least t); the chances are read off S's
// distribution (Edgeworth) and that of no draw at v; where many draws are expected at v, reading
// S(v) at the same z says the same, for less. It is then the next value above v drawn at all,
// each value being skipped with the chance that none of its draws happened.
//
// Cost: about log2(distinct values) sums over the rounds per resample, whatever the number of
// samples; against one random draw per sample when simulated.
#pragma once
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "bootstrap_random.h"
#include "round_order.h"

namespace abt {

// S's variance at the median below which a resample is simulated instead (ComputedMedian::covers).
constexpr double kMinCountVariance = 30;

// The most counts tabulated up front (4 MB of floats).
constexpr size_t kMaxTabulated = size_t(1) << 20;

class ComputedMedian {
 public:
  // From a RoundOrder's two parts. The counts below are tabulated up front when they take at most
  // `max_tabulated` floats, else as searches need them (the same values either way).
  ComputedMedian(std::vector<std::vector<double>> sorted_rounds, const std::vector<RoundValue>& ascending,
                 size_t max_tabulated = kMaxTabulated);

  // Takes a resample's picks (how often each round was picked: RoundPicks::counts); false when
  // they leave too few draws near the median for the approximation (kMinCountVariance): that
  // resample is to be simulated.
  bool covers(const std::vector<float>& pick_counts);
  // The median of a resample of the picks covered last.
  double median(BootstrapRandom& random);

 private:
  struct CountMoments {
    double mean = 0, variance = 0, third = 0;
  };
  // The smallest index into values_ in [low, high] where S's quantile for z reaches `rank`;
  // `high` reaches; the search starts at `guess`.
  size_t first_reaching(double rank, double z, size_t low, size_t high, size_t guess);
  size_t guess_reaching(double rank, double z);  // a start for that search, near its answer
  template <typename Reaches>  // ... where `reaches(index)` first holds
  size_t first_reaching(Reaches reaches, size_t low, size_t high, size_t guess);
  CountMoments count_moments(size_t value);        // of S at values_[value], for the picks in picks_
  CountMoments sum_moments(size_t value);          // ... computed, not looked up
  double mean_count(size_t value);                 // ... its mean alone (whole numbers)
  double count_quantile(size_t value, double z);  // ... its quantile for z
  static double count_cdf(const CountMoments& moments, double count);  // P(S <= count)
  double log_chance_of_no_draw(size_t value);  // at exactly values_[value]
  // The rounds that hold values_[value] and how many of their values are it, in round order: found
  // when first asked for (most rounds hold none of a given value; the same values are asked for
  // over and over, near the median).
  struct Holding {
    uint32_t round;
    double log_miss;  // the log chance that one pick of the round misses the value: n log(1 - k/n)
  };
  struct Holders {
    uint32_t start = 0, end = 0;  // in holdings_
    bool known = false;
  };
  const Holders& holders_of(size_t value);
  // The next value above values_[value] that has a draw.
  size_t next_drawn(size_t value, BootstrapRandom& random);
  const float* counts_at(size_t value) {  // inline: the searches' every step
    return counts_index_[value] >= 0 ? &counts_[size_t(counts_index_[value])] : new_counts_at(value);
  }
  const float* new_counts_at(size_t value);
  void tabulate_counts(const std::vector<RoundValue>& ascending);  // every value's counts, in one sweep
  // A floor under S's variance at the z = 0 median of any picks: when it is kMinCountVariance or
  // more, every resample is covered, and covers() need not find that median.
  double least_center_variance() const;
  // The first value where all_picked_counts_ reaches `count` (the last if none does).
  size_t first_all_picked_reaching(double count) const;

  std::vector<std::vector<double>> rounds_;  // each ascending
  std::vector<double> values_;               // every distinct value of every round, ascending
  std::vector<double> all_picked_counts_;    // per value, S's mean with every round picked once
  size_t all_picked_center_ = 0;             // where that reaches half the draws
  std::vector<uint32_t> value_reaching_;     // per whole count k, the first value where that reaches k
  size_t lanes_ = 0;                         // the round count, rounded up to a multiple of kLanes
  // Per value, all at once or when a search first needs it: each round's count of values at or
  // below it, a run of lanes_ floats (zero past the last round). One pick of round r (n values, a
  // of them at or below) adds Bin(n, a/n) to S: a to its mean, a (1 - a/n) to its variance and
  // a (1 - a/n)(1 - 2a/n) to its third cumulant, worked out from the count as the sums need them.
  // Floats: the counts and their sums are whole numbers, exact in a float below 2^24 draws; the
  // others need no more than its 7 digits.
  std::vector<int32_t> counts_index_;
  std::vector<float> counts_;
  std::vector<float> inverse_sizes_;  // 1/n per round, lanes_ long (zero past the last round)
  std::vector<float> picks_;       // the current resample's picks per round, lanes_ long
  bool odd_draws_ = false;         // its draws are an odd count
  double middle_ = 0;              // the median's 0-based position among them
  size_t center_ = 0;              // its median at z = 0 (or the last answer), where the searches start
  bool always_covered_ = false;    // least_center_variance() >= kMinCountVariance
  uint64_t resample_ = 0;          // counts the picks covered
  // Per value, the moments as summed for the resample numbered `resample` (0: none yet): side by
  // side, so that the check and the moments come in one cache line.
  struct SummedMoments {
    CountMoments moments;
    uint64_t resample = 0;
  };
  std::vector<SummedMoments> moments_;
  std::vector<Holders> holders_;            // per value
  std::vector<Holding> holdings_;
  std::normal_distribution<double> normal_;
  std::uniform_real_distribution<double> uniform_;
};

}  // namespace abt
