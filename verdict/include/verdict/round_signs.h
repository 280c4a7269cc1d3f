// The paired sign test over an interleaved pair's rounds (A's code and B's timed in the same
// round, on the same buffers): in how many rounds B's median was below A's, and whether that
// many agree with a claimed change. The bootstrap interval alone can claim a change that a few
// lucky rounds made (8 of 11 rounds, two-sided p = 0.23); the rounds must agree too.
#pragma once
#include <optional>

#include "stats/bootstrap.h"
#include "verdict/verdict.h"

namespace abt {

struct RoundSigns {
  int b_faster = 0, b_slower = 0, ties = 0;  // rounds, by the sign of B's round median against A's
  double p_two_sided = 1;                     // the sign test's, ties left out
};

// nullopt unless both sides have the same number of rounds, two or more (paired by their order).
std::optional<RoundSigns> round_signs(const RoundedSamples& a, const RoundedSamples& b);

// A claimed FASTER or SLOWER stands when every untied round agrees with it, or the sign test
// says so at 5% (two-sided): with fewer than 6 rounds only unanimity can.
bool rounds_agree(const RoundSigns& signs, Verdict claimed);
inline constexpr double kRoundSignsAlpha = 0.05;

}  // namespace abt
