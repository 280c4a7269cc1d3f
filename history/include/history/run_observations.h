// What a run adds to a history: every metric of every point it measured, one row each (rustc-perf
// keeps any metric the same way), and for an interleaved replay the point's value against its
// control: B's time over A's code's, measured in the same process and rounds, which cancels what
// the machine did that day (its interval as the replay drew it).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/metric.h"
#include "rundir/code_identity.h"
#include "rundir/run_data.h"

namespace abt {

// The history's own metrics, beside model/metric.h's (a replay's pair, not one side's value).
inline constexpr std::string_view kTimeVsControl = "time_vs_control";  // B's time / A's code's, same process
inline constexpr std::string_view kControlTime = "control_time";       // A's code's time in B's process (us)

struct RunObservation {
  std::string_view metric, unit;  // a metric's own names (model/metric.h, or the history's above): static
  Better better = Better::lower;
  double value = 0;
  std::optional<double> low, high;  // its 95% interval, where it has one (time_vs_control: the replay's own)
};

// One point's rows: a point that FAILED is kept too, with its reason and no rows (the gate fails
// a newest build where a point failed).
struct PointObservations {
  std::string point, op;
  bool failed = false;
  std::string note;  // failed: why; else why its rows are no evidence of the compiler (a fallback sweep); empty: they are
  CodeIdentity code;  // what it measured (failed: empty)
  std::vector<RunObservation> rows;
};

std::vector<PointObservations> observations_of(const RunData& run);

// The metric a history's series are judged by when none is named: the time against the control
// for replays of one record, the time itself for records.
std::string default_history_metric(RunMode family_mode);

}  // namespace abt
