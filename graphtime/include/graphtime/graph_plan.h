// How a graph measurement is laid out (SPEC section 7, step 3): k launches captured into one
// graph, replayed until the round's budget is spent, each replay timed with events; a sample is a
// replay's time over k.
#pragma once
#include <optional>

#include "model/markers.h"

namespace abt {

// Replays that fill one round's --rep-ms share: kMinSamplesPerRound of them are about a tenth of
// it (kMinBudgetFraction), so a steady kernel of any length stops early by the noise target (at
// 10, six replays of a 30 us kernel took 60% of every round, whatever the noise). A replay still
// lasts 0.5 ms or more at the default budgets (a side's share of an interleaved round is 25 ms):
// a graph launch's few microseconds are at most about 1% of it, and the same on both sides.
inline constexpr int kReplaysPerBudget = 50;
inline constexpr int kMaxLaunchesPerGraph = 1000;  // capture and instantiate stay in milliseconds

// k for a call of `single_call_us`: a replay lasts at least rep_ms / kReplaysPerBudget. Ops
// whose inputs must be restored between calls get k = 1 (the reset runs between replays,
// outside the events).
int graph_launch_count(double single_call_us, double rep_ms, bool needs_reset);

// A test seam (abtool's hidden --test-graph-fault PHASE): that graph phase fails as if the driver
// had refused it, so the per-point fallback can be tested on any GPU.
struct GraphFaultInjection {
  std::optional<GraphPhase> phase;
  bool at(GraphPhase candidate) const { return phase == candidate; }
};

}  // namespace abt
