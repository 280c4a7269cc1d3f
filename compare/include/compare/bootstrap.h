// Confidence interval of the ratio of medians of two sample sets, by percentile bootstrap.
#pragma once
#include <cstdint>
#include <vector>

namespace abt {

// A point's samples, grouped into the measurement rounds they came from.
struct RoundedSamples {
  std::vector<double> samples;
  std::vector<int> round_sizes;  // empty or summing to samples.size(); empty = one round
};

struct RatioInterval {
  double ratio = 0;  // median(b) / median(a)
  double low = 0;
  double high = 0;
  int resamples = 0;  // how many were drawn (fewer than asked when the boundaries were decided early)
};

// How A's rounds relate to B's. `by_round`: round i of A and round i of B ran back to back in one
// process on the same buffers (an interleaved replay), so whatever made round i fast or slow
// (its placement, the clock) touched both; they are resampled together and that shared part
// cancels in the ratio. `independent`: two processes, nothing shared.
enum class Pairing { independent, by_round };

// Two-stage bootstrap: rounds are resampled first, then samples within each chosen round, so
// the interval is as wide as the disagreement between rounds (a machine whose speed drifts),
// not just the jitter within one stretch of samples. `by_round` draws the same rounds for both
// sides; with unequal round counts it falls back to `independent`. A round of many samples is
// resampled from a sketch of 256 of its quantiles (bootstrap.cpp). Deterministic for a given seed.
//
// `boundaries` (ratios where a verdict changes): the resampling stops early, at 250, 500 or 1000
// resamples, once each end of the interval lies on one side of every boundary by a wide margin:
// the order statistics within 4 Monte Carlo standard errors of the end (those of the current
// count plus those of `resamples`) all lie on that side. Drawing the rest would then move the end
// by far less than that margin: the verdict is the one all `resamples` would give, at a fraction
// of the cost (`diff` on big runs). The random stream is the same, so an interval that is not
// decided early is bit for bit the one without boundaries.
RatioInterval bootstrap_median_ratio(const RoundedSamples& a, const RoundedSamples& b,
                                     Pairing pairing = Pairing::independent, double confidence = 0.95,
                                     int resamples = 2000, uint64_t seed = 1,
                                     const std::vector<double>& boundaries = {});

}  // namespace abt
