// A variant whose outputs differ from one run to the next (atomic adds summing in another order each
// time) fails a close comparison wherever the sum cancels, though no run is wrong: the reference is
// one more such run. Its failed run is then held to the reference only as closely as the variant
// agrees with itself, and only where that disagreement is rounding, not a race's garbage.
#pragma once
#include <optional>
#include <string>

#include "opspec/op_spec.h"

namespace abt {

// Runs after the failed one, from the same inputs, whose outputs show the spread.
inline constexpr int kRunsForSpread = 4;

struct RunToRunAllowance {
  std::optional<Tolerance> widened;  // the tolerance the failed run is compared with again
  std::string refused;               // why not, when not: the failure stands as it is
};

// `spread`: the largest |difference| between the failed run's outputs and those of the runs after it
// (0: the variant repeats itself bit for bit); `reference_scale`: the largest finite |reference value|.
// The spread must stay within the tolerance at the reference's largest value, so that it is rounding
// and no race; the allowance is then the tolerance with twice the spread added to its atol.
RunToRunAllowance allowance_for_spread(const Tolerance& tolerance, double spread, double reference_scale);

}  // namespace abt
