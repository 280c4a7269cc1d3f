// A measurement made after a batch's timing rounds, so the timing never shares the machine with
// it: instruction counts (--metric instructions), hardware counters (--counters), compile counts
// (--compile-instructions). Each is one file implementing AfterTiming; the run lists the ones it
// asked for in OpServices::after_timing (run_execute.cpp), and the point engine runs them in that
// order on every batch (point_engine.cpp). A new one is a file and a line there; a metric measured
// on every run (model/metric.h) is a file of src/metrics/ and a line in its metric_readings.cpp.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/op_session.h"
#include "pending_point.h"

namespace abt {

class InstructionCounter;
class HardwareCounterReader;
struct CompileCounting;

class AfterTiming {
 public:
  virtual ~AfterTiming() = default;
  virtual StepKind step() const = 0;                              // the progress line's and the watch's
  virtual std::string progress_text(size_t points) const = 0;     // "counting instructions of 8 point(s)"
  // Measures the batch's points that have not failed, into their sides, and logs a line each in run.log.
  virtual void measure(const OpSession& session, std::vector<PendingPoint>& batch) const = 0;
};

std::unique_ptr<AfterTiming> instruction_counting(const InstructionCounter& counter);
std::unique_ptr<AfterTiming> hardware_counter_reading(const HardwareCounterReader& reader, CounterSelection points);
std::unique_ptr<AfterTiming> compile_counting(const CompileCounting& counting);
// The metrics every run reads, whatever its options (src/metrics/metric_readings.cpp).
std::vector<std::unique_ptr<AfterTiming>> metric_readings();

// What the measurements share.
// The sides a measurement reads: every timed one but a re-tuned best (diff compares A's code and B's).
std::vector<Side*> compared_sides(PendingPoint& pending);
const char* side_name(const Side& side);  // "A's code" or "this side", in run.log
// Each point of `batch` that has not failed and `wanted` (null: all), `measure`d in turn (or on
// every core, `parallel`), its line logged; a kernel fault loses the device and fails that point.
void measure_each(const OpSession& session, std::vector<PendingPoint>& batch, StepKind step, bool parallel,
                  const std::function<bool(const PendingPoint&)>& wanted,
                  const std::function<std::string(PendingPoint&)>& measure);

}  // namespace abt
