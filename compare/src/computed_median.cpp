#include "computed_median.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace abt {
namespace {

// Independent partial sums, so that the sums over rounds run side by side (and in SIMD lanes
// where the compiler can) in a fixed order: the same result on every machine.
constexpr size_t kLanes = 8;
enum Term : size_t { kAtOrBelow, kVariance, kThird, kLogNone, kTerms };
// A round made of one value is never without a draw there: a log chance of about exp(-745).
constexpr double kLogNever = -745;
// Expected draws at a value beyond which none there has a chance under exp(-8) (an even count).
constexpr double kManyDraws = 8;

}  // namespace

ComputedMedian::ComputedMedian(const std::vector<std::vector<double>>& rounds, size_t max_tabulated) : rounds_(rounds) {
  // The sorted rounds merged pairwise: every value in order, in N log(rounds) steps.
  std::vector<size_t> runs = {0};
  for (auto& round : rounds_) {
    std::sort(round.begin(), round.end());
    values_.insert(values_.end(), round.begin(), round.end());
    runs.push_back(values_.size());
  }
  for (size_t width = 1; width + 1 < runs.size(); width *= 2)
    for (size_t first = 0; first + width + 1 < runs.size(); first += 2 * width)
      std::inplace_merge(values_.begin() + long(runs[first]), values_.begin() + long(runs[first + width]),
                         values_.begin() + long(runs[std::min(first + 2 * width, runs.size() - 1)]));
  values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
  terms_index_.assign(values_.size(), -1);
  moments_.resize(values_.size());
  moments_resample_.assign(values_.size(), 0);
  lanes_ = (rounds_.size() + kLanes - 1) / kLanes * kLanes;
  picks_.assign(lanes_, 0.0f);
  always_covered_ = least_center_variance() >= kMinCountVariance;
  // Every value's row at once, in one sweep, unless the table would be big (many rounds of many
  // values): then each row when a search first needs it.
  if (values_.size() * kTerms * lanes_ <= max_tabulated) tabulate_terms();
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

void ComputedMedian::fill_terms(float* terms, size_t round, double at_or_below, double at) const {
  const double size = double(rounds_[round].size()), share = at_or_below / size;
  terms[kAtOrBelow * lanes_ + round] = float(at_or_below);
  terms[kVariance * lanes_ + round] = float(at_or_below * (1 - share));
  terms[kThird * lanes_ + round] = float(at_or_below * (1 - share) * (1 - 2 * share));
  terms[kLogNone * lanes_ + round] = at == 0 ? 0.0f : float(at == size ? kLogNever : size * std::log1p(-at / size));
}

void ComputedMedian::tabulate_terms() {
  // One sweep up the values, a cursor per round: each value's row is the one before, changed
  // only in the rounds that hold this value.
  const size_t row = kTerms * lanes_;
  terms_.assign(values_.size() * row, 0.0f);
  std::vector<size_t> cursor(rounds_.size(), 0);
  for (size_t value = 0; value < values_.size(); ++value) {
    float* terms = &terms_[value * row];
    if (value > 0) std::copy(terms - row, terms, terms);
    for (size_t r = 0; r < rounds_.size(); ++r) {
      const size_t before = cursor[r];
      while (cursor[r] < rounds_[r].size() && rounds_[r][cursor[r]] <= values_[value]) ++cursor[r];
      const size_t at = cursor[r] - before;
      if (at > 0 || terms[kLogNone * lanes_ + r] != 0) fill_terms(terms, r, double(cursor[r]), double(at));
    }
    terms_index_[value] = int32_t(value * row);
  }
}

const float* ComputedMedian::terms_at(size_t value) {
  if (terms_index_[value] < 0) {
    terms_index_[value] = int32_t(terms_.size());
    terms_.resize(terms_.size() + kTerms * lanes_, 0.0f);
    float* terms = &terms_[size_t(terms_index_[value])];
    for (size_t r = 0; r < rounds_.size(); ++r) {
      const auto [first, last] = std::equal_range(rounds_[r].begin(), rounds_[r].end(), values_[value]);
      fill_terms(terms, r, double(last - rounds_[r].begin()), double(last - first));
    }
  }
  return &terms_[size_t(terms_index_[value])];
}

ComputedMedian::CountMoments ComputedMedian::count_moments(size_t value) {
  // A resample's searches come back to the same values (the center, the answer's neighbours).
  if (moments_resample_[value] == resample_) return moments_[value];
  moments_resample_[value] = resample_;
  return moments_[value] = sum_moments(value);
}

ComputedMedian::CountMoments ComputedMedian::sum_moments(size_t value) {
  // Two vectors of four lanes per sum (GCC's vector extension): the partial sums stay in
  // registers, in SIMD on every x86-64, each lane summed in round order.
  using Lanes = float __attribute__((vector_size(16)));
  static_assert(kLanes == 8);
  const float* terms = terms_at(value);
  Lanes sums[3][2] = {};
  for (size_t r = 0; r < lanes_; r += kLanes)
    for (size_t half = 0; half < 2; ++half) {
      Lanes picks;
      std::memcpy(&picks, &picks_[r + 4 * half], sizeof picks);
      for (size_t term = 0; term < 3; ++term) {
        Lanes here;
        std::memcpy(&here, &terms[term * lanes_ + r + 4 * half], sizeof here);
        sums[term][half] += picks * here;
      }
    }
  double totals[3] = {};
  for (size_t term = 0; term < 3; ++term) {
    const Lanes both = sums[term][0] + sums[term][1];
    totals[term] = double((both[0] + both[1]) + (both[2] + both[3]));
  }
  return {totals[kAtOrBelow], totals[kVariance], totals[kThird]};
}

double ComputedMedian::mean_count(size_t value) {
  using Lanes = float __attribute__((vector_size(16)));
  const float* terms = terms_at(value) + kAtOrBelow * lanes_;
  Lanes sums[2] = {};
  for (size_t r = 0; r < lanes_; r += kLanes)
    for (size_t half = 0; half < 2; ++half) {
      Lanes picks, here;
      std::memcpy(&picks, &picks_[r + 4 * half], sizeof picks);
      std::memcpy(&here, &terms[r + 4 * half], sizeof here);
      sums[half] += picks * here;
    }
  const Lanes both = sums[0] + sums[1];
  return double((both[0] + both[1]) + (both[2] + both[3]));
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

double ComputedMedian::log_chance_of_no_draw(size_t value) {
  const float* terms = terms_at(value);
  double log_none = 0;
  for (size_t r = 0; r < rounds_.size(); ++r) log_none += double(picks_[r]) * terms[kLogNone * lanes_ + r];
  return log_none;
}

size_t ComputedMedian::next_drawn(size_t value, std::mt19937_64& random) {
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
    if (reaches(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

size_t ComputedMedian::first_reaching(double rank, double z, size_t low, size_t high, size_t guess) {
  // The continuity correction puts the integer `rank` half a count lower.
  return first_reaching([&](size_t value) { return count_quantile(value, z) >= rank - 0.5; }, low, high, guess);
}

bool ComputedMedian::covers(const std::vector<size_t>& picks) {
  ++resample_;
  drawn_ = 0;
  std::fill(picks_.begin(), picks_.end(), 0.0f);
  for (size_t round : picks) {
    picks_[round] += 1;
    drawn_ += double(rounds_[round].size());
  }
  // As the simulation reads it: the value at 0-based position floor(drawn / 2) of the drawn values
  // in order, averaged with the one before when the count is even.
  middle_ = std::floor(drawn_ / 2);
  if (always_covered_) return true;
  // Where these rounds put the median on average (S's mean reaching it). The approximation holds
  // when many draws could fall either side of it; when few can (rounds that lie wholly apart, the
  // median in a gap between them), S is a few small binomials, and the caller simulates. Decided
  // before any random draw, so which resamples are computed does not depend on where they land.
  const double rank = middle_ + 1;
  center_ = first_reaching([&](size_t value) { return mean_count(value) >= rank - 0.5; }, 0, values_.size() - 1, center_);
  return count_moments(center_).variance >= kMinCountVariance;
}

double ComputedMedian::median(std::mt19937_64& random) {
  const double z = normal_(random);
  const size_t last = values_.size() - 1;
  if (std::fmod(drawn_, 2) == 1) return values_[center_ = first_reaching(middle_ + 1, z, 0, last, center_)];
  // 1-based, the middle two are draws t = middle_ and t + 1 (computed_median.h).
  const double t = middle_;
  const size_t lower = center_ = first_reaching(t, z, 0, last, center_);
  const CountMoments here = count_moments(lower);
  const CountMoments before = lower > 0 ? count_moments(lower - 1) : CountMoments{};
  size_t upper = lower;
  if (here.mean - before.mean >= kManyDraws) {
    // Many draws expected at this value: some draw here is all but sure, and reading S at the
    // same z gives the chance that draw t is the last one here.
    if (count_quantile(lower, z) < t + 0.5) upper = next_drawn(lower, random);
  } else {
    const double lower_here = (lower > 0 ? count_cdf(before, t - 0.5) : 1.0) - count_cdf(here, t - 0.5);
    const double last_here = (count_cdf(here, t + 0.5) - count_cdf(here, t - 0.5)) * (1 - std::exp(log_chance_of_no_draw(lower)));
    if (uniform_(random) * lower_here < last_here) upper = next_drawn(lower, random);
  }
  return 0.5 * (values_[lower] + values_[upper]);
}

}  // namespace abt
