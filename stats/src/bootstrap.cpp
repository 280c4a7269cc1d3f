#include "stats/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <utility>

#include "computed_median.h"
#include "resample_rounds.h"
#include "round_order.h"
#include "simulated_median.h"
#include "stats/summary.h"

namespace abt {
namespace {

// One side's resampled medians, simulated or computed (WithinRounds).
class SideResampler {
 public:
  SideResampler(const RoundedSamples& set, WithinRounds within) : rounds_(resample_rounds(set)) {
    RoundOrder order = order_rounds(rounds_);
    ascending_ = std::move(order.ascending);
    size_t fewest = rounds_.empty() ? 0 : rounds_.front().size();
    for (const auto& round : rounds_) fewest = std::min(fewest, round.size());
    // A resample picks as many rounds as there are: at least this many draws, however they fall.
    if (within == WithinRounds::computed_when_large && fewest * rounds_.size() >= size_t(kComputedFromDraws))
      computed_.emplace(std::move(order.sorted_rounds), ascending_);
    else
      simulated_.emplace(rounds_, ascending_);
  }

  size_t round_count() const { return rounds_.size(); }

  double median(const RoundPicks& picks, BootstrapRandom& random) {
    if (computed_) {
      if (computed_->covers(picks.counts)) return computed_->median(random);
      if (!simulated_) simulated_.emplace(rounds_, ascending_);  // for the resamples the approximation does not cover
    }
    return simulated_->median(picks.order, random);
  }

 private:
  std::vector<std::vector<double>> rounds_;
  std::vector<RoundValue> ascending_;  // RoundOrder::ascending, kept for a simulation that may come
  std::optional<SimulatedMedian> simulated_;
  std::optional<ComputedMedian> computed_;
};

// The final count of ratios that some test puts on one side of a boundary, as far as it can be
// told from the `drawn` so far: of those, `count` passed; the `to_come` still to be drawn add
// Bin(to_come, F) more, F being the bootstrap distribution's share, itself known from count of drawn
// only to within its binomial error. The range is kSureBy standard deviations either side.
struct CountRange {
  double least, most;
};
CountRange predicted_count(double count, double drawn, double to_come) {
  constexpr double kSureBy = 4;
  const double share = (count + 1) / (drawn + 2);
  const double expected = count + to_come * share;
  const double spread = std::sqrt(to_come * share * (1 - share) * (1 + to_come / (drawn + 3)));
  return {expected - kSureBy * spread, expected + kSureBy * spread};
}

// The cells (EarlyStop) where the end at quantile `p` of all `final_count` ratios may still fall:
// cell 2i is the stretch below boundaries[i] (and above the one before), 2i + 1 is boundaries[i]
// itself, 2k (k boundaries) the stretch above the last. That end interpolates the order statistics
// x(f) and x(c), f and c the floor and ceiling of p (final_count - 1); so it may lie below a
// boundary b only if x(f) may (more than f ratios below b), above it only if x(c) may (at most c
// at or below b), and at it only if x(f) <= b <= x(c) may hold.
std::vector<size_t> reachable_cells(const std::vector<double>& ratios, double p, int final_count,
                                    const std::vector<double>& boundaries) {
  const double drawn = double(ratios.size()), to_come = double(final_count) - drawn;
  const double position = p * (final_count - 1), f = std::floor(position), c = std::ceil(position);
  std::vector<bool> may_be_below, may_be_at, may_be_above;
  for (double boundary : boundaries) {
    const double below_count = double(std::count_if(ratios.begin(), ratios.end(), [&](double r) { return r < boundary; }));
    const double at_count = double(std::count(ratios.begin(), ratios.end(), boundary));
    const CountRange below = predicted_count(below_count, drawn, to_come);
    const CountRange at_or_below = predicted_count(below_count + at_count, drawn, to_come);
    may_be_below.push_back(below.most >= f + 1);
    may_be_above.push_back(at_or_below.least <= c);
    may_be_at.push_back(at_or_below.most >= f + 1 && below.least <= c);
  }
  std::vector<size_t> cells;
  const size_t k = boundaries.size();
  for (size_t cell = 0; cell <= 2 * k; ++cell) {
    const size_t at = cell % 2 == 1 ? cell / 2 : k;  // the boundary this cell is, if any
    bool reachable = at == k || may_be_at[at];
    for (size_t j = 0; j < k && reachable; ++j)
      if (j != at) reachable = 2 * j + 1 > cell ? may_be_below[j] : may_be_above[j];
    if (reachable) cells.push_back(cell);
  }
  return cells;
}

// A ratio inside `cell` (reachable_cells).
double inside(size_t cell, const std::vector<double>& boundaries) {
  const size_t k = boundaries.size();
  if (k == 0) return 1;
  if (cell % 2 == 1) return boundaries[cell / 2];
  const size_t above = cell / 2;  // the boundary above this stretch
  if (above == 0) return boundaries.front() / 2;
  if (above == k) return boundaries.back() * 2;
  return 0.5 * (boundaries[above - 1] + boundaries[above]);
}

// Whether the outcome of the interval that all `final_count` resamples would give is, with near
// certainty, the outcome of `drawn_ends`, the interval of the ratios drawn so far (bootstrap.h).
bool outcome_decided(const std::vector<double>& ratios, double tail, int final_count, const EarlyStop& stop,
                     const std::vector<double>& boundaries, const std::vector<double>& drawn_ends) {
  const int now = stop.outcome(drawn_ends[0], drawn_ends[1]);
  const std::vector<size_t> lows = reachable_cells(ratios, tail, final_count, boundaries);
  const std::vector<size_t> highs = reachable_cells(ratios, 1 - tail, final_count, boundaries);
  for (size_t low : lows)
    for (size_t high : highs)
      if (low <= high && stop.outcome(inside(low, boundaries), inside(high, boundaries)) != now) return false;
  return true;
}

}  // namespace

RatioInterval bootstrap_median_ratio(const RoundedSamples& a, const RoundedSamples& b, Pairing pairing,
                                     double confidence, int resamples, uint64_t seed, const EarlyStop& early_stop,
                                     WithinRounds within) {
  RatioInterval interval;
  if (a.samples.empty() || b.samples.empty()) return interval;
  auto median = [](const RoundedSamples& set) { return set.median ? *set.median : median_of(set.samples); };
  interval.ratio = median(b) / median(a);
  BootstrapRandom random(seed);
  SideResampler resample_a(a, within), resample_b(b, within);
  const bool paired = pairing == Pairing::by_round && resample_a.round_count() == resample_b.round_count();
  std::vector<double> ratios;
  ratios.reserve(resamples);
  RoundPicks picks_a, picks_b;
  const double tail = (1 - confidence) / 2;
  std::vector<double> boundaries = early_stop.boundaries;
  std::sort(boundaries.begin(), boundaries.end());
  boundaries.erase(std::unique(boundaries.begin(), boundaries.end()), boundaries.end());
  int checkpoint = early_stop.outcome ? std::min(resamples, 250) : resamples;
  for (int i = 0; i < resamples; ++i) {
    picks_a.draw(resample_a.round_count(), random);
    if (!paired) picks_b.draw(resample_b.round_count(), random);
    double median_a = resample_a.median(picks_a, random);
    ratios.push_back(resample_b.median(paired ? picks_a : picks_b, random) / median_a);
    if (i + 1 == checkpoint && checkpoint < resamples) {
      if (outcome_decided(ratios, tail, resamples, early_stop, boundaries, quantiles_of(ratios, {tail, 1 - tail}))) break;
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
