// How much of a sweep's config space gets the sweep's full timing budget (successive halving,
// recorder/sweep.h): the rule the sweep follows and the planner's cost estimate reads.
#pragma once
#include <cstddef>

namespace abt {

// Config spaces up to this size are timed whole; larger ones are screened first, and at least
// kMinFinalists of them (a quarter, rounded up) get the sweep's budget.
inline constexpr size_t kScreenBelow = 4, kMinFinalists = 3;

// How many of `verified` candidates get the sweep's full budget after the first stage; all of
// them with `full` (ABTOOL_FULL_SWEEP=1, recorded in meta.json).
size_t sweep_finalists(size_t verified, bool full);

}  // namespace abt
