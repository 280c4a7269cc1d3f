#include "compare/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "util/statistics.h"

namespace abt {
namespace {

// A round of more samples than this is represented by as many of its quantiles, evenly spaced:
// the resampled median then varies a little more than with every sample (a wider interval, never
// a narrower one), and a point of 100,000 samples costs what one of a few thousand does.
constexpr int kMaxDrawsPerRound = 256;

class RoundResampler {
 public:
  explicit RoundResampler(const RoundedSamples& set) {
    std::vector<int> sizes = set.round_sizes;
    if (sizes.empty() || std::accumulate(sizes.begin(), sizes.end(), 0) != int(set.samples.size()))
      sizes = {int(set.samples.size())};
    size_t start = 0;
    for (int size : sizes) {
      if (size <= 0) continue;
      std::vector<double> round(set.samples.begin() + long(start), set.samples.begin() + long(start) + size);
      start += size_t(size);
      if (size > kMaxDrawsPerRound) {
        std::sort(round.begin(), round.end());
        std::vector<double> sketch;
        for (int i = 0; i < kMaxDrawsPerRound; ++i) sketch.push_back(quantile_sorted(round, (i + 0.5) / kMaxDrawsPerRound));
        round = std::move(sketch);
      }
      rounds_.push_back({int(samples_.size()), int(round.size())});
      samples_.insert(samples_.end(), round.begin(), round.end());
    }
  }

  size_t round_count() const { return rounds_.size(); }

  // The median of one resample made of the rounds `picks` (indices into this set's rounds).
  // Each draw counts its sample's rank in the sorted set; the median is then read off the counts
  // in one pass, which gives what sorting the drawn values would, at a fraction of the cost.
  double median(const std::vector<size_t>& picks, std::mt19937_64& random) {
    if (rank_.empty()) rank_samples();
    std::fill(counts_.begin(), counts_.end(), 0u);
    size_t drawn = 0;
    for (size_t round : picks) {
      auto [start, size] = rounds_[round];
      std::uniform_int_distribution<int> pick(0, size - 1);
      for (int i = 0; i < size; ++i) ++counts_[rank_[size_t(start + pick(random))]];
      drawn += size_t(size);
    }
    // The value at position `middle` of the drawn values in order, and (even count) the one before.
    const size_t middle = drawn / 2;
    double below = 0, at = 0;
    size_t seen = 0;
    for (size_t rank = 0; rank < counts_.size(); ++rank) {
      if (!counts_[rank]) continue;
      if (middle > 0 && seen <= middle - 1 && middle - 1 < seen + counts_[rank]) below = sorted_[rank];
      if (seen <= middle && middle < seen + counts_[rank]) {
        at = sorted_[rank];
        break;
      }
      seen += counts_[rank];
    }
    return drawn % 2 == 1 ? at : 0.5 * (at + below);
  }

 private:
  void rank_samples() {
    std::vector<size_t> order(samples_.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return samples_[a] < samples_[b]; });
    rank_.resize(samples_.size());
    sorted_.resize(samples_.size());
    for (size_t rank = 0; rank < order.size(); ++rank) {
      rank_[order[rank]] = uint32_t(rank);
      sorted_[rank] = samples_[order[rank]];
    }
    counts_.assign(samples_.size(), 0u);
  }

  std::vector<double> samples_;
  std::vector<std::pair<int, int>> rounds_;  // (start, size) in samples_
  std::vector<uint32_t> rank_;               // samples_[i] is sorted_[rank_[i]]
  std::vector<double> sorted_;
  std::vector<uint32_t> counts_;             // draws per rank in the current resample
};

void pick_rounds(size_t count, std::mt19937_64& random, std::vector<size_t>& picks) {
  picks.resize(count);
  std::uniform_int_distribution<size_t> pick(0, count - 1);
  for (size_t& round : picks) round = pick(random);
}

}  // namespace

namespace {

// Whether every order statistic within the margin of each end of the interval lies on one side
// of every boundary (bootstrap.h).
bool ends_decided(const std::vector<double>& sorted, double tail, int final_count, const std::vector<double>& boundaries) {
  constexpr double kStandardErrors = 4;
  const double count = double(sorted.size());
  for (double p : {tail, 1 - tail}) {
    const double spread = std::sqrt(p * (1 - p));
    // In positions of the current sort: this count's error, and the final count's, scaled here.
    const double margin = kStandardErrors * spread * (std::sqrt(count) + count / std::sqrt(double(final_count)));
    const double center = p * (count - 1);
    const size_t first = size_t(std::max(0.0, std::floor(center - margin)));
    const size_t last = size_t(std::min(count - 1, std::ceil(center + margin)));
    for (double boundary : boundaries)
      if (sorted[first] <= boundary && sorted[last] >= boundary) return false;
  }
  return true;
}

}  // namespace

RatioInterval bootstrap_median_ratio(const RoundedSamples& a, const RoundedSamples& b, Pairing pairing,
                                     double confidence, int resamples, uint64_t seed, const std::vector<double>& boundaries) {
  RatioInterval interval;
  if (a.samples.empty() || b.samples.empty()) return interval;
  interval.ratio = median_of(b.samples) / median_of(a.samples);
  std::mt19937_64 random(seed);
  RoundResampler resample_a(a), resample_b(b);
  const bool paired = pairing == Pairing::by_round && resample_a.round_count() == resample_b.round_count();
  std::vector<double> ratios;
  ratios.reserve(resamples);
  std::vector<size_t> picks_a, picks_b;
  const double tail = (1 - confidence) / 2;
  int checkpoint = boundaries.empty() ? resamples : std::min(resamples, 250);
  for (int i = 0; i < resamples; ++i) {
    pick_rounds(resample_a.round_count(), random, picks_a);
    if (paired) picks_b = picks_a;
    else pick_rounds(resample_b.round_count(), random, picks_b);
    double median_a = resample_a.median(picks_a, random);
    ratios.push_back(resample_b.median(picks_b, random) / median_a);
    if (i + 1 == checkpoint && checkpoint < resamples) {
      std::vector<double> sorted(ratios);
      std::sort(sorted.begin(), sorted.end());
      if (ends_decided(sorted, tail, resamples, boundaries)) break;
      checkpoint = std::min(resamples, checkpoint * 2);
    }
  }
  interval.resamples = int(ratios.size());
  std::sort(ratios.begin(), ratios.end());
  interval.low = quantile_sorted(ratios, tail);
  interval.high = quantile_sorted(ratios, 1 - tail);
  return interval;
}

}  // namespace abt
