#include "resample_rounds.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "stats/summary.h"

namespace abt {

std::vector<std::vector<double>> resample_rounds(const RoundedSamples& set) {
  std::vector<int> sizes = set.round_sizes;
  if (sizes.empty() || std::accumulate(sizes.begin(), sizes.end(), 0) != int(set.samples.size()))
    sizes = {int(set.samples.size())};
  std::vector<std::vector<double>> rounds;
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
    rounds.push_back(std::move(round));
  }
  return rounds;
}

void RoundPicks::draw(size_t round_count, BootstrapRandom& random) {
  order.resize(round_count);
  counts.assign(round_count, 0.0f);
  std::uniform_int_distribution<size_t> pick(0, round_count - 1);
  for (size_t& round : order) {
    round = pick(random);
    counts[round] += 1;
  }
}

}  // namespace abt
