// How a graph measurement is laid out (SPEC section 7, step 3): k launches captured into one
// graph, replayed n times, each replay timed with events; a sample is a replay's time over k.
#pragma once
#include <string>

namespace abt {

inline constexpr int kReplaysPerBudget = 10;       // n: replays that fill one round's --rep-ms share
inline constexpr int kMaxLaunchesPerGraph = 1000;  // capture and instantiate stay in milliseconds

// k for a call of `single_call_us`: a replay lasts at least rep_ms / n. Ops whose inputs must be
// restored between calls get k = 1 (the reset runs between replays, outside the events).
int graph_launch_count(double single_call_us, double rep_ms, bool needs_reset);

// The graph phases a fallback marker can name, and the test-only fault switch:
// ABTOOL_TEST_GRAPH_FAULT=<phase> makes that phase fail as if the driver had refused it.
enum class GraphPhase { warmup, capture, instantiate, replay };
std::string phase_name(GraphPhase phase);
bool fault_injected(GraphPhase phase);

// BENCHMARK_DIRECT_NO_CUDAGRAPH phase=<phase> reason="<reason>" (quotes and newlines in the
// reason are replaced so the marker stays one parseable line).
std::string no_graph_marker(GraphPhase phase, const std::string& reason);

}  // namespace abt
