// The steps of a point that a supervised worker reports (worker/heartbeat.h): what it is doing,
// as a kind and the variant or round it concerns. A supervisor decides from the kind alone
// whether --point-timeout-s bounds the step, and whether a crash there fails one sweep candidate
// or the whole point.
#pragma once
#include <string>

#include "util/spelling.h"

namespace abt {

enum class StepKind {
  choosing,                   // compiling the config space and choosing a config (compiles have their own limit)
  verifying_choice,           // the chosen variant's verification, before any timing
  verifying_recorded_config,  // replay: A's recorded config, loaded and verified under B
  sweep_candidate,            // one candidate of a sweep: loaded, verified or timed
  timing_round,               // one round of the point's timing
  counting_instructions,      // --metric instructions: the point's sides counted, after its rounds
  reading_counters,           // --counters: the point's sides read by the profiler, after its rounds
  counting_compile,           // --compile-instructions: the measured variant compiled once more under callgrind
  measuring,                  // a metric's own measurement (model/metric.h), after the rounds
};
template <>
struct Spellings<StepKind> {
  static constexpr std::array<std::pair<StepKind, std::string_view>, 9> table{
      {{StepKind::choosing, "choosing"},
       {StepKind::verifying_choice, "verifying_choice"},
       {StepKind::verifying_recorded_config, "verifying_recorded_config"},
       {StepKind::sweep_candidate, "sweep_candidate"},
       {StepKind::timing_round, "timing_round"},
       {StepKind::counting_instructions, "counting_instructions"},
       {StepKind::reading_counters, "reading_counters"},
       {StepKind::counting_compile, "counting_compile"},
       {StepKind::measuring, "measuring"}}};
};

struct Step {
  StepKind kind = StepKind::choosing;
  std::string variant;  // sweep_candidate: which one
  int round = 0;        // timing_round: from 1

  // --point-timeout-s applies (compiles and instruction counts have limits of their own).
  bool limited() const {
    return kind != StepKind::choosing && kind != StepKind::counting_instructions && kind != StepKind::counting_compile;
  }
  std::string text() const;  // for run.log: "sweep candidate BM64_BN128", "timing round 3"
  bool operator==(const Step&) const = default;
};

}  // namespace abt
