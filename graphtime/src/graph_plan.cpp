#include "graphtime/graph_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace abt {

int graph_launch_count(double single_call_us, double rep_ms, bool needs_reset) {
  if (needs_reset) return 1;
  if (!(single_call_us > 0)) return kMaxLaunchesPerGraph;
  double target_us = rep_ms * 1000.0 / kReplaysPerBudget;
  double k = std::ceil(target_us / single_call_us);
  return int(std::clamp(k, 1.0, double(kMaxLaunchesPerGraph)));
}

std::string phase_name(GraphPhase phase) {
  switch (phase) {
    case GraphPhase::warmup: return "warmup";
    case GraphPhase::capture: return "capture";
    case GraphPhase::instantiate: return "instantiate";
    case GraphPhase::replay: return "replay";
  }
  return "?";
}

bool fault_injected(GraphPhase phase) {
  const char* value = std::getenv("ABTOOL_TEST_GRAPH_FAULT");
  return value && phase_name(phase) == value;
}

std::string no_graph_marker(GraphPhase phase, const std::string& reason) {
  std::string clean = reason;
  std::replace(clean.begin(), clean.end(), '"', '\'');
  std::replace(clean.begin(), clean.end(), '\n', ' ');
  return "BENCHMARK_DIRECT_NO_CUDAGRAPH phase=" + phase_name(phase) + " reason=\"" + clean + "\"";
}

}  // namespace abt
