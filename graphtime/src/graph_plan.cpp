#include "graphtime/graph_plan.h"

#include <algorithm>
#include <cmath>

namespace abt {

int graph_launch_count(double single_call_us, double rep_ms, bool needs_reset) {
  if (needs_reset) return 1;
  if (!(single_call_us > 0)) return kMaxLaunchesPerGraph;
  double target_us = rep_ms * 1000.0 / kReplaysPerBudget;
  double k = std::ceil(target_us / single_call_us);
  return int(std::clamp(k, 1.0, double(kMaxLaunchesPerGraph)));
}

}  // namespace abt
