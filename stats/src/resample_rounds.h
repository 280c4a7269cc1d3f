// The rounds a bootstrap resamples, each as the values that one pick of it draws from.
#pragma once
#include <vector>

#include "bootstrap_random.h"
#include "stats/bootstrap.h"

namespace abt {

// A round of more samples than this is represented by as many of its quantiles, evenly spaced:
// the resampled median then varies a little more than with every sample (a wider interval, never
// a narrower one), and a point of 100,000 samples costs what one of a few thousand does.
constexpr int kMaxDrawsPerRound = 256;

// One entry per round of `set` (round_sizes empty or not summing to the sample count: one round),
// in the order measured; a round of more than kMaxDrawsPerRound samples is its sketch, ascending.
std::vector<std::vector<double>> resample_rounds(const RoundedSamples& set);

// One resample's picks of rounds: as many as there are rounds, each uniform, with replacement.
struct RoundPicks {
  std::vector<size_t> order;  // the rounds in the order drawn, as the simulation draws from them
  std::vector<float> counts;  // per round, how often it was picked, as the computed median reads them

  void draw(size_t round_count, BootstrapRandom& random);
};

}  // namespace abt
