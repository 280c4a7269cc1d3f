// The sign test: of n untied pairs, k went one way. How likely that many or more agree if each
// way were a coin toss (Binomial(n, 1/2)).
#pragma once

namespace abt {

// P(X >= k) for X ~ Binomial(n, 1/2).
double binomial_half_upper_tail(int k, int n);

// The two-sided p-value of k of n untied pairs going one way (k: the larger side); 1 for n = 0.
double sign_test_p_two_sided(int k, int n);

}  // namespace abt
