#include "verify/run_to_run.h"

#include <fmt/format.h>

#include <cmath>

namespace abt {

RunToRunAllowance allowance_for_spread(const Tolerance& tolerance, double spread, double reference_scale) {
  RunToRunAllowance allowance;
  if (tolerance.mode != Tolerance::Mode::close) {
    allowance.refused = "its tolerance is not a closeness";
    return allowance;
  }
  if (spread == 0) {
    allowance.refused = fmt::format("{} more runs gave the same outputs bit for bit", kRunsForSpread);
    return allowance;
  }
  const double largest_allowed = tolerance.atol + tolerance.rtol * reference_scale;
  if (!(spread <= largest_allowed)) {  // NaN and infinity too
    allowance.refused = fmt::format("its own runs differ by up to {:.3g}, more than the tolerance at the reference's "
                                    "largest value ({:.3g}): not rounding in another order",
                                    spread, largest_allowed);
    return allowance;
  }
  Tolerance widened = tolerance;
  widened.atol = tolerance.atol + 2 * spread;
  allowance.widened = widened;
  return allowance;
}

}  // namespace abt
