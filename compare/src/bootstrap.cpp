#include "compare/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>

#include "computed_median.h"
#include "resample_rounds.h"
#include "simulated_median.h"
#include "util/statistics.h"

namespace abt {
namespace {

// One side's resampled medians, simulated or computed (WithinRounds).
class SideResampler {
 public:
  SideResampler(const RoundedSamples& set, WithinRounds within) {
    auto rounds = resample_rounds(set);
    round_count_ = rounds.size();
    size_t fewest = rounds.empty() ? 0 : rounds.front().size();
    for (const auto& round : rounds) fewest = std::min(fewest, round.size());
    // A resample picks round_count_ rounds: at least this many draws, however they fall.
    if (within == WithinRounds::computed_when_large && fewest * round_count_ >= size_t(kComputedFromDraws)) {
      computed_.emplace(rounds);
      rounds_ = std::move(rounds);  // to simulate the resamples the approximation does not cover
    } else {
      simulated_.emplace(rounds);
    }
  }

  size_t round_count() const { return round_count_; }

  double median(const std::vector<size_t>& picks, std::mt19937_64& random) {
    if (computed_) {
      if (computed_->covers(picks)) return computed_->median(random);
      if (!simulated_) simulated_.emplace(rounds_);
    }
    return simulated_->median(picks, random);
  }

 private:
  size_t round_count_ = 0;
  std::optional<SimulatedMedian> simulated_;
  std::optional<ComputedMedian> computed_;
  std::vector<std::vector<double>> rounds_;
};

void pick_rounds(size_t count, std::mt19937_64& random, std::vector<size_t>& picks) {
  picks.resize(count);
  std::uniform_int_distribution<size_t> pick(0, count - 1);
  for (size_t& round : picks) round = pick(random);
}

// Whether each end of the interval that all `final_count` resamples would give is, with near
// certainty, on the side of every boundary where it lies now (bootstrap.h). For one end and one
// boundary: the final interval's end is the order statistic at position p (N - 1) of N ratios, so
// it lies below the boundary when more than that many ratios do, and above when at most that many
// do. Of the n drawn so far c lie below; the N - n still to come add Bin(N - n, F) more, F being
// the bootstrap distribution's share below the boundary, itself known from the c of n only to
// within its binomial error. The end counts as decided when that predicted count is kSureBy
// standard deviations clear of the end's position, for the ratios below the boundary and for
// those at or below it (a ratio that equals a boundary decides nothing).
bool ends_decided(const std::vector<double>& ratios, double tail, int final_count, const std::vector<double>& boundaries) {
  constexpr double kSureBy = 4;
  const double drawn = double(ratios.size()), to_come = double(final_count) - drawn;
  for (double boundary : boundaries) {
    const double below = double(std::count_if(ratios.begin(), ratios.end(), [&](double r) { return r < boundary; }));
    const double at_or_below = below + double(std::count(ratios.begin(), ratios.end(), boundary));
    for (double p : {tail, 1 - tail}) {
      const double position = p * (final_count - 1);
      int side = 0;  // -1: the end stays above the boundary; +1: below
      for (double count : {below, at_or_below}) {
        const double share = (count + 1) / (drawn + 2);
        const double expected = count + to_come * share;
        const double spread = std::sqrt(to_come * share * (1 - share) * (1 + to_come / (drawn + 3)));
        const int now = expected + kSureBy * spread <= std::floor(position) ? -1
                        : expected - kSureBy * spread >= std::ceil(position) + 1 ? 1 : 0;
        if (now == 0 || (side != 0 && now != side)) return false;
        side = now;
      }
    }
  }
  return true;
}

}  // namespace

RatioInterval bootstrap_median_ratio(const RoundedSamples& a, const RoundedSamples& b, Pairing pairing,
                                     double confidence, int resamples, uint64_t seed, const std::vector<double>& boundaries,
                                     WithinRounds within) {
  RatioInterval interval;
  if (a.samples.empty() || b.samples.empty()) return interval;
  auto median = [](const RoundedSamples& set) { return set.median ? *set.median : median_of(set.samples); };
  interval.ratio = median(b) / median(a);
  std::mt19937_64 random(seed);
  SideResampler resample_a(a, within), resample_b(b, within);
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
      if (ends_decided(ratios, tail, resamples, boundaries)) break;
      checkpoint = std::min(resamples, checkpoint * 2);
    }
  }
  interval.resamples = int(ratios.size());
  const std::vector<double> ends = quantiles_of(std::move(ratios), {tail, 1 - tail});
  interval.low = ends[0];
  interval.high = ends[1];
  return interval;
}

}  // namespace abt
