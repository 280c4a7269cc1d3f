// Timers for CUDA ops (SPEC section 7): `graph` (the default), `direct` and `cupti`. Every call is
// enqueued on the target's stream; the caller's TimedCall enqueues one call of the op.
#pragma once
#include <memory>

#include "graphtime/graph_plan.h"
#include "graphtime/timer.h"
#include "launch/device_target.h"

namespace abt {

// One timer serving all three methods; TimingSettings::timer picks one per measurement. A graph
// measurement that cannot use a graph falls back to direct timing for that measurement and
// says why in a BENCHMARK_DIRECT_NO_CUDAGRAPH marker.
// `start_cupti`: begin CUPTI activity recording now, before any variant's module is loaded (a
// run with --timer cupti); otherwise it starts at the first cupti measurement.
std::unique_ptr<Timer> make_device_timer(const DeviceTarget& target, bool start_cupti = false,
                                         GraphFaultInjection faults = {});

}  // namespace abt
