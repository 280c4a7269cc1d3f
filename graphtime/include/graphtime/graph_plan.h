// How a graph measurement is laid out (SPEC section 7, step 3): k launches captured into one
// graph, replayed until the round's budget is spent, each replay timed with events; a sample is a
// replay's time over k.
#pragma once
#include <optional>

#include "model/markers.h"

namespace abt {

inline constexpr int kReplaysPerBudget = 10;       // replays that fill one round's --rep-ms share
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
