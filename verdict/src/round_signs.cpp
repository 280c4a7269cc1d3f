#include "verdict/round_signs.h"

#include <algorithm>

#include "stats/sign_test.h"
#include "stats/summary.h"

namespace abt {
namespace {

std::vector<double> round_medians(const RoundedSamples& side) {
  std::vector<double> medians;
  size_t start = 0;
  for (int size : side.round_sizes) {
    std::vector<double> round(side.samples.begin() + long(start), side.samples.begin() + long(start) + size);
    medians.push_back(median_of(round));
    start += size_t(size);
  }
  return medians;
}

}  // namespace

std::optional<RoundSigns> round_signs(const RoundedSamples& a, const RoundedSamples& b) {
  if (a.round_sizes.size() < 2 || a.round_sizes.size() != b.round_sizes.size()) return std::nullopt;
  const std::vector<double> a_rounds = round_medians(a), b_rounds = round_medians(b);
  RoundSigns signs;
  for (size_t r = 0; r < a_rounds.size(); ++r)
    (b_rounds[r] < a_rounds[r] ? signs.b_faster : b_rounds[r] > a_rounds[r] ? signs.b_slower : signs.ties) += 1;
  const int n = signs.b_faster + signs.b_slower, k = std::max(signs.b_faster, signs.b_slower);
  signs.p_two_sided = sign_test_p_two_sided(k, n);
  return signs;
}

bool rounds_agree(const RoundSigns& signs, Verdict claimed) {
  const int agreeing = claimed == Verdict::faster ? signs.b_faster : signs.b_slower;
  const int against = claimed == Verdict::faster ? signs.b_slower : signs.b_faster;
  if (against == 0 && agreeing > 0) return true;
  return agreeing > against && signs.p_two_sided < kRoundSignsAlpha;
}

}  // namespace abt
