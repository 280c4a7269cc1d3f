// The one measurement skeleton every timer runs (SPEC section 7), in four named phases:
//   discard      one call whose time is thrown away (module load, JIT, lazy init);
//   single_call  one call timed alone: the steady single-call time;
//   warm_up      the --warmup-ms budget as a call count (warmup.h), in batches whose per-call
//                time says when it is steady (then it ends early); nothing of it is a sample;
//   sample       samples until the stop rule says enough (stop_rule.h).
// What each phase does is the method's (a SampleSource: host wall clock, CUDA events, a CUDA
// graph, CUPTI records); the order, the warm-up count, the stop rule and the fallback to a second
// method are decided here, once.
#pragma once
#include <cstddef>
#include <vector>

#include "graphtime/timer.h"
#include "model/markers.h"

namespace abt {

enum class Phase { discard, single_call, warm_up, sample };

struct SampleBatch {
  std::vector<double> samples_us;  // per-launch times
  long long launches = 0;          // calls made to take them
};

// A source that cannot do a phase (a CUDA graph that cannot be captured) throws this; the
// measurement goes on with the fallback source from that phase and keeps the marker.
struct SourceUnavailable {
  Marker marker;
};

class SampleSource {
 public:
  virtual ~SampleSource() = default;
  virtual TimingMethod method() const = 0;
  virtual void enter(Phase phase) {}  // may throw SourceUnavailable
  virtual void discard_call() {  // the discard phase; CUPTI also counts the op's kernels here
    call();
    settle();
  }
  virtual void call() = 0;         // one untimed call, in-place inputs restored first
  virtual void settle() {}         // waits for the calls made so far (a device stream)
  // `n` warm-up calls and their time per call, for the steadiness check alone (wall clock around
  // the calls and a settle; a device stream: events).
  virtual double warm_up_calls_us(int n);
  virtual double timed_call_us() = 0;
  // Prepares sampling (a graph: capture k launches, instantiate, upload); returns launches made.
  virtual long long begin_sampling(double single_call_us, const TimingSettings& settings) { return 0; }
  virtual SampleBatch take_samples(size_t most) = 0;
};

// Runs the four phases on `source`; if it throws SourceUnavailable, on `fallback` from that
// phase on (none: a PointError). The result's method is the source that took the samples.
Measurement measure_in_phases(SampleSource& source, SampleSource* fallback, const TimingSettings& settings);

}  // namespace abt
