// Where a point's wall time went (results.json `phases_s`, and run.log's summary of a run): the
// seconds of each phase of its life, measured where the phase runs, beside the point's whole wall
// time (`wall_s`) measured around it, so that what no phase accounts for shows.
#pragma once
#include <array>
#include <chrono>
#include <map>
#include <string_view>

#include "util/spelling.h"

namespace abt {

enum class PointPhase {
  compile,         // the point's variants and its reference kernel compiled (a compile cache hit is a read)
  inputs,          // its arguments allocated, generated or read from a capture, and digested
  reference,       // the reference outputs: run (a reference kernel, A's code) or read (a capture's)
  load,            // variants' binaries loaded for a launch
  verify,          // the gate's runs: each checked against the reference, outputs digested and compared
  warmup,          // the timers' discarded call, single call and warm-up (sweep candidates too)
  timing,          // the timers' sampling (sweep candidates too)
  placement,       // the arguments moved to another placement before each round
  clock,           // the SM clock read around the rounds (GPU), the machine probe and load (host)
  instructions,    // --metric instructions
  counters,        // --counters
  compile_count,   // --compile-instructions
  files,           // IR and binaries written to the run directory
};

template <>
struct Spellings<PointPhase> {
  static constexpr std::array<std::pair<PointPhase, std::string_view>, 13> table{{
      {PointPhase::compile, "compile"},
      {PointPhase::inputs, "inputs"},
      {PointPhase::reference, "reference"},
      {PointPhase::load, "load"},
      {PointPhase::verify, "verify"},
      {PointPhase::warmup, "warmup"},
      {PointPhase::timing, "timing"},
      {PointPhase::placement, "placement"},
      {PointPhase::clock, "clock"},
      {PointPhase::instructions, "instructions"},
      {PointPhase::counters, "counters"},
      {PointPhase::compile_count, "compile_count"},
      {PointPhase::files, "files"},
  }};
};

struct PhaseTimes {
  std::map<PointPhase, double> seconds;  // only the phases the point went through
  void add(PointPhase phase, double s) {
    if (s > 0) seconds[phase] += s;
  }
  void add(const PhaseTimes& other) {
    for (const auto& [phase, s] : other.seconds) add(phase, s);
  }
  double total() const {
    double sum = 0;
    for (const auto& [phase, s] : seconds) sum += s;
    return sum;
  }
  double of(PointPhase phase) const {
    auto found = seconds.find(phase);
    return found == seconds.end() ? 0 : found->second;
  }
};

// The point's time: its phases, and its wall time measured around them.
struct PointTime {
  PhaseTimes phases;
  double wall_s = 0;
};

// Seconds from construction to destruction, added to a phase (or to a plain total).
class PhaseClock {
 public:
  PhaseClock(PhaseTimes& times, PointPhase phase) : times_(&times), phase_(phase) {}
  explicit PhaseClock(double& total) : total_(&total) {}
  ~PhaseClock() {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (times_) times_->add(phase_, s);
    else *total_ += s;
  }
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

 private:
  PhaseTimes* times_ = nullptr;
  PointPhase phase_ = PointPhase::compile;
  double* total_ = nullptr;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace abt
