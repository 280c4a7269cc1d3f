#include "computed_median.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

namespace abt {
namespace {

// Independent partial sums, so that the sums over rounds run side by side (and in SIMD lanes
// where the compiler can) in a fixed order: the same result on every machine.
constexpr size_t kLanes = 8;
using Lanes = float __attribute__((vector_size(16)));  // GCC's vector extension: SIMD on every x86-64
static_assert(kLanes == 2 * sizeof(Lanes) / sizeof(float));

Lanes lanes_at(const float* from) {
  Lanes lanes;
  std::memcpy(&lanes, from, sizeof lanes);
  return lanes;
}

double total(Lanes first, Lanes second) {
  const Lanes both = first + second;
  return double((both[0] + both[1]) + (both[2] + both[3]));
}
// A round made of one value is never without a draw there: a log chance of about exp(-745).
constexpr double kLogNever = -745;
// Expected draws at a value beyond which none there has a chance under exp(-8) (an even count).
constexpr double kManyDraws = 8;

}  // namespace

ComputedMedian::ComputedMedian(std::vector<std::vector<double>> sorted_rounds, const std::vector<RoundValue>& ascending,
                               size_t max_tabulated)
    : rounds_(std::move(sorted_rounds)) {
  for (size_t i = 0; i < ascending.size(); ++i)
    if (i + 1 == ascending.size() || ascending[i + 1].value != ascending[i].value) {
      values_.push_back(ascending[i].value);
      all_picked_counts_.push_back(double(i + 1));
      value_reaching_.resize(i + 2, uint32_t(values_.size() - 1));
    }
  all_picked_center_ = first_all_picked_reaching(0.5 * double(ascending.size()));
  counts_index_.assign(values_.size(), -1);
  moments_.resize(values_.size());
  holders_.resize(values_.size());
  lanes_ = (rounds_.size() + kLanes - 1) / kLanes * kLanes;
  picks_.assign(lanes_, 0.0f);
  inverse_sizes_.assign(lanes_, 0.0f);
  for (size_t r = 0; r < rounds_.size(); ++r) inverse_sizes_[r] = float(1.0 / double(rounds_[r].size()));
  always_covered_ = least_center_variance() >= kMinCountVariance;
  // Every value's counts at once, in one sweep, unless the table would be big (many rounds of many
  // values): then each value's when a search first needs it.
  if (values_.size() * lanes_ <= max_tabulated) tabulate_counts(ascending);
}

double ComputedMedian::least_center_variance() const {
  // Any picks' median at z = 0 lies where S's mean reaches half the draws: at or above the lowest
  // 40% point of the rounds, below which every round has at most 40% of its values, and at or
  // below the highest 60% point, at which every round has at least 60%. There each round's
  // n F (1 - F) is at least its smaller value at the two ends (F (1 - F) is concave), and the
  // picks are as many as the rounds.
  double low = values_.back(), high = values_.front();
  for (const auto& round : rounds_) {
    low = std::min(low, round[size_t(0.4 * double(round.size() - 1))]);
    high = std::max(high, round[size_t(std::ceil(0.6 * double(round.size() - 1)))]);
  }
  double least = std::numeric_limits<double>::infinity();
  for (const auto& round : rounds_) {
    const double size = double(round.size());
    auto term = [&](double share) { return size * share * (1 - share); };
    const double below_low = double(std::lower_bound(round.begin(), round.end(), low) - round.begin()) / size;
    const double to_high = double(std::upper_bound(round.begin(), round.end(), high) - round.begin()) / size;
    least = std::min(least, std::min(term(below_low), term(to_high)));
  }
  return least * double(rounds_.size());
}

void ComputedMedian::tabulate_counts(const std::vector<RoundValue>& ascending) {
  // One sweep up the samples in order: each value's counts are the ones before, one more in each
  // round for each of its values equal to this one.
  std::vector<float> row(lanes_, 0.0f);
  counts_.reserve(values_.size() * lanes_);
  auto entry = ascending.begin();
  for (size_t value = 0; value < values_.size(); ++value) {
    for (; entry != ascending.end() && entry->value == values_[value]; ++entry) row[entry->round] += 1;
    counts_index_[value] = int32_t(counts_.size());
    counts_.insert(counts_.end(), row.begin(), row.end());
  }
}

const float* ComputedMedian::new_counts_at(size_t value) {
  counts_index_[value] = int32_t(counts_.size());
  counts_.resize(counts_.size() + lanes_, 0.0f);
  float* counts = &counts_[size_t(counts_index_[value])];
  for (size_t r = 0; r < rounds_.size(); ++r)
    counts[r] = float(std::upper_bound(rounds_[r].begin(), rounds_[r].end(), values_[value]) - rounds_[r].begin());
  return counts;
}

ComputedMedian::CountMoments ComputedMedian::count_moments(size_t value) {
  // A resample's searches come back to the same values (the center, the answer's neighbours).
  SummedMoments& summed = moments_[value];
  if (summed.resample == resample_) return summed.moments;
  summed.resample = resample_;
  return summed.moments = sum_moments(value);
}

ComputedMedian::CountMoments ComputedMedian::sum_moments(size_t value) {
  // Two vectors of four lanes per sum: the partial sums stay in registers, each lane summed in
  // round order.
  const float* counts = counts_at(value);
  Lanes sums[3][2] = {};
  for (size_t r = 0; r < lanes_; r += kLanes)
    for (size_t half = 0; half < 2; ++half) {
      const size_t at = r + 4 * half;
      const Lanes picks = lanes_at(&picks_[at]), below = lanes_at(&counts[at]);
      const Lanes variance = below - below * (below * lanes_at(&inverse_sizes_[at]));  // a (1 - a/n)
      const Lanes third = variance - 2 * variance * (below * lanes_at(&inverse_sizes_[at]));
      sums[0][half] += picks * below;
      sums[1][half] += picks * variance;
      sums[2][half] += picks * third;
    }
  return {total(sums[0][0], sums[0][1]), total(sums[1][0], sums[1][1]), total(sums[2][0], sums[2][1])};
}

double ComputedMedian::mean_count(size_t value) {
  const float* counts = counts_at(value);
  Lanes sums[2] = {};
  for (size_t r = 0; r < lanes_; r += kLanes)
    for (size_t half = 0; half < 2; ++half) sums[half] += lanes_at(&picks_[r + 4 * half]) * lanes_at(&counts[r + 4 * half]);
  return total(sums[0], sums[1]);
}

double ComputedMedian::count_quantile(size_t value, double z) {
  const CountMoments moments = count_moments(value);
  if (moments.variance <= 0) return moments.mean;
  return moments.mean + std::sqrt(moments.variance) * z + moments.third * (z * z - 1) / (6 * moments.variance);
}

double ComputedMedian::count_cdf(const CountMoments& moments, double count) {
  if (moments.variance <= 0) return count >= moments.mean ? 1 : 0;
  // Edgeworth: the normal CDF with the first correction for skewness, the counterpart of the
  // Cornish-Fisher quantile in count_quantile.
  const double sd = std::sqrt(moments.variance), u = (count - moments.mean) / sd;
  const double skew = moments.third / (moments.variance * sd);
  const double density = std::exp(-0.5 * u * u) / std::sqrt(2 * M_PI);
  return std::clamp(0.5 * std::erfc(-u / std::sqrt(2.0)) - density * skew * (u * u - 1) / 6, 0.0, 1.0);
}

const ComputedMedian::Holders& ComputedMedian::holders_of(size_t value) {
  Holders& holders = holders_[value];
  if (holders.known) return holders;
  if (value > 0) counts_at(value - 1);  // both rows made before either is read: a new row may move them
  const float* counts = counts_at(value);
  const float* before = value > 0 ? counts_at(value - 1) : nullptr;
  holders.start = uint32_t(holdings_.size());
  for (size_t r = 0; r < rounds_.size(); ++r)
    if (const float at = counts[r] - (before ? before[r] : 0.0f); at > 0) {
      const double count = at, size = double(rounds_[r].size());
      holdings_.push_back({uint32_t(r), count == size ? kLogNever : size * std::log1p(-count / size)});
    }
  holders.end = uint32_t(holdings_.size());
  holders.known = true;
  return holders;
}

double ComputedMedian::log_chance_of_no_draw(size_t value) {
  // Each pick of round r (n values, k of them equal to this one) misses it with chance (1 - k/n)^n
  // (its log worked out once, in holders_of).
  const Holders& holders = holders_of(value);
  double log_none = 0;
  for (size_t i = holders.start; i < holders.end; ++i) {
    const Holding& holding = holdings_[i];
    if (picks_[holding.round] == 0) continue;
    log_none += double(picks_[holding.round]) * holding.log_miss;
  }
  return log_none;
}

size_t ComputedMedian::next_drawn(size_t value, BootstrapRandom& random) {
  while (value + 1 < values_.size()) {
    ++value;
    if (uniform_(random) >= std::exp(log_chance_of_no_draw(value))) return value;
  }
  return value;  // not reached: the largest value with picks is drawn
}

template <typename Reaches>
size_t ComputedMedian::first_reaching(Reaches reaches, size_t low, size_t high, size_t guess) {
  // Gallop out from the guess to a bracket, then halve it.
  guess = std::clamp(guess, low, high);
  if (reaches(guess)) {
    for (size_t step = 1; guess > low; step *= 2) {
      const size_t next = guess - std::min(step, guess - low);
      if (!reaches(next)) {
        low = next + 1;
        break;
      }
      guess = next;
    }
    high = guess;
  } else {
    for (size_t step = 1;; step *= 2) {
      const size_t next = guess + std::min(step, high - guess);
      if (reaches(next)) {
        high = next;
        break;
      }
      guess = next;
    }
    low = guess + 1;
  }
  while (low < high) {
    const size_t middle = low + (high - low) / 2;
    // Selects, not branches: which half holds the answer is a coin toss no predictor learns.
    const bool in_lower_half = reaches(middle);
    high = in_lower_half ? middle : high;
    low = in_lower_half ? low : middle + 1;
  }
  return low;
}

size_t ComputedMedian::first_reaching(double rank, double z, size_t low, size_t high, size_t guess) {
  // The continuity correction puts the integer `rank` half a count lower.
  return first_reaching([&](size_t value) { return count_quantile(value, z) >= rank - 0.5; }, low, high, guess);
}

size_t ComputedMedian::first_all_picked_reaching(double count) const {
  // The counts are whole: the first to reach `count` is the first to reach its ceiling.
  if (!(count > 0)) return 0;
  if (count > double(value_reaching_.size() - 1)) return values_.size() - 1;
  return value_reaching_[size_t(std::ceil(count))];
}

bool ComputedMedian::covers(const std::vector<float>& pick_counts) {
  ++resample_;
  std::copy(pick_counts.begin(), pick_counts.end(), picks_.begin());  // the lanes past the last round stay zero
  // At the last value every round counts all its values: S's mean there is every draw.
  const size_t drawn = size_t(mean_count(values_.size() - 1));
  odd_draws_ = drawn % 2 == 1;
  // As the simulation reads it: the value at 0-based position floor(drawn / 2) of the drawn values
  // in order, averaged with the one before when the count is even.
  middle_ = double(drawn / 2);
  if (always_covered_) return true;
  // Where these rounds put the median on average (S's mean reaching it). The approximation holds
  // when many draws could fall either side of it; when few can (rounds that lie wholly apart, the
  // median in a gap between them), S is a few small binomials, and the caller simulates. Decided
  // before any random draw, so which resamples are computed does not depend on where they land.
  const double rank = middle_ + 1;
  // The search starts where every round picked once would put the median, moved by what these
  // picks change there: where the all-picked counts, shifted by these picks' difference from them
  // at the start, reach the median's rank; twice.
  size_t start = all_picked_center_;
  for (int step = 0; step < 2; ++step) start = first_all_picked_reaching(rank - 0.5 + all_picked_counts_[start] - mean_count(start));
  center_ = first_reaching([&](size_t value) { return mean_count(value) >= rank - 0.5; }, 0, values_.size() - 1, start);
  return count_moments(center_).variance >= kMinCountVariance;
}

size_t ComputedMedian::guess_reaching(double rank, double z) {
  // Where S's quantile for z reaches `rank` if S's spread and skew there are what they are at the
  // center: where its mean reaches rank - 0.5 less the z deviation, found in the all-picked counts
  // shifted by these picks' difference from them at the center (as covers() starts). Only where
  // the search starts: its answer is the same from any start, in fewer steps from a near one.
  const CountMoments at_center = count_moments(center_);
  if (at_center.variance <= 0) return center_;
  const double deviation = std::sqrt(at_center.variance) * z + at_center.third * (z * z - 1) / (6 * at_center.variance);
  return first_all_picked_reaching(rank - 0.5 - deviation + all_picked_counts_[center_] - at_center.mean);
}

double ComputedMedian::median(BootstrapRandom& random) {
  const double z = normal_(random);
  const size_t last = values_.size() - 1;
  if (odd_draws_) return values_[center_ = first_reaching(middle_ + 1, z, 0, last, guess_reaching(middle_ + 1, z))];
  // 1-based, the middle two are draws t = middle_ and t + 1 (computed_median.h).
  const double t = middle_;
  const size_t lower = center_ = first_reaching(t, z, 0, last, guess_reaching(t, z));
  const CountMoments here = count_moments(lower);
  const CountMoments before = lower > 0 ? count_moments(lower - 1) : CountMoments{};
  size_t upper = lower;
  if (here.mean - before.mean >= kManyDraws) {
    // Many draws expected at this value: some draw here is all but sure, and reading S at the
    // same z gives the chance that draw t is the last one here.
    if (count_quantile(lower, z) < t + 0.5) upper = next_drawn(lower, random);
  } else {
    const double below_t_here = count_cdf(here, t - 0.5);
    const double lower_here = (lower > 0 ? count_cdf(before, t - 0.5) : 1.0) - below_t_here;
    const double last_here = (count_cdf(here, t + 0.5) - below_t_here) * (1 - std::exp(log_chance_of_no_draw(lower)));
    if (uniform_(random) * lower_here < last_here) upper = next_drawn(lower, random);
  }
  return 0.5 * (values_[lower] + values_[upper]);
}

}  // namespace abt
