// Confidence interval of the ratio of medians of two sample sets, by percentile bootstrap.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace abt {

// A point's samples, grouped into the measurement rounds they came from.
struct RoundedSamples {
  RoundedSamples() = default;
  RoundedSamples(std::vector<double> samples, std::vector<int> round_sizes, std::optional<double> median = std::nullopt)
      : samples(std::move(samples)), round_sizes(std::move(round_sizes)), median(median) {}

  std::vector<double> samples;
  std::vector<int> round_sizes;  // empty or summing to samples.size(); empty = one round
  std::optional<double> median;  // of samples, when already known (a record's summary); else computed
};

struct RatioInterval {
  double ratio = 0;  // median(b) / median(a)
  double low = 0;
  double high = 0;
  int resamples = 0;  // how many were drawn (fewer than asked when stopped early: EarlyStop)
};

// How A's rounds relate to B's. `by_round`: round i of A and round i of B ran back to back in one
// process on the same buffers (an interleaved replay), so whatever made round i fast or slow
// (its placement, the clock) touched both; they are resampled together and that shared part
// cancels in the ratio. `independent`: two processes, nothing shared.
enum class Pairing { independent, by_round };

// How a resample's median is had once its rounds are picked. `simulated`: every draw made, as the
// bootstrap is defined. `computed_when_large`: a resample of at least kComputedFromDraws draws
// takes its median from the distribution those draws would give it (computed_median.h), at a
// cost that does not grow with the samples; tests/unit/test_bootstrap.cpp checks that the two
// give the same intervals to within their Monte Carlo error.
enum class WithinRounds { computed_when_large, simulated };
constexpr int kComputedFromDraws = 200;

// Two-stage bootstrap: rounds are resampled first, then samples within each chosen round, so
// the interval is as wide as the disagreement between rounds (a machine whose speed drifts),
// not just the jitter within one stretch of samples. `by_round` draws the same rounds for both
// sides; with unequal round counts it falls back to `independent`. A round of many samples is
// resampled from a sketch of 256 of its quantiles (resample_rounds.h). Deterministic for a given seed.
//
// When the resampling may stop before `resamples`: at 250, 500 or 1000 resamples, once the outcome
// that the caller reads off the interval (a verdict) is sure to be the one that all `resamples`
// would give. `boundaries` are the ratios where that outcome can change: `outcome(low, high)` must
// be the same for any two intervals whose ends lie in the same cells, a cell being a boundary
// itself or the open stretch between two neighbours (or beyond the last). For each end, the cells
// it could still reach are those where the count of ratios below and at each boundary that the
// rest of the resamples would bring, predicted from those drawn so far, may put it within 4
// standard deviations (bootstrap.cpp); the resampling stops when every pair of such cells, and the
// interval drawn so far, give one outcome. The verdict is then the one all `resamples` would
// give, at a fraction of the cost (`diff` on big runs), and the interval the same statistic from
// fewer resamples. The random stream is the same, so an interval that is not decided early is bit
// for bit the one without an early stop. No `outcome`: all `resamples`, always.
struct EarlyStop {
  std::vector<double> boundaries;
  std::function<int(double low, double high)> outcome;
};

RatioInterval bootstrap_median_ratio(const RoundedSamples& a, const RoundedSamples& b,
                                     Pairing pairing = Pairing::independent, double confidence = 0.95,
                                     int resamples = 2000, uint64_t seed = 1,
                                     const EarlyStop& early_stop = {},
                                     WithinRounds within = WithinRounds::computed_when_large);

}  // namespace abt
