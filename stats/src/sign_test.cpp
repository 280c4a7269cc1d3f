#include "stats/sign_test.h"

#include <algorithm>
#include <cmath>

namespace abt {

double binomial_half_upper_tail(int k, int n) {
  double total = 0;
  for (int i = std::max(k, 0); i <= n; ++i)
    total += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) - n * std::log(2.0));
  return total;
}

double sign_test_p_two_sided(int k, int n) {
  if (n <= 0) return 1.0;
  return std::min(1.0, 2 * binomial_half_upper_tail(std::max(k, n - k), n));
}

}  // namespace abt
