// What diff says about a point beside its verdict, as a stable code with its numbers (nvbench's
// DecisionReason, hyperfine's Warnings): the statistics' reason for an undecided interval, every
// trust check that fired, how the counts decided, identical code, a missing or failed side. The
// judge and the comparison make findings; the sentence is made only when a printer asks
// (finding_text), and JSON lists the codes and fields themselves (docs/verdicts.md).
// A new finding: a code here and its sentence in finding.cpp.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "util/spelling.h"

namespace abt {

enum class FindingCode {
  missing,                        // in: A | B | A and B
  failed,                         // side, error
  // The statistics (verdict.h): why an interval decided nothing, and what would.
  too_few_samples,                // a_samples, b_samples, rounds, min_samples, min_rounds
  below_noise_floor,              // noise_floor_pct
  crosses_threshold,              // threshold_pct
  more_rounds,                    // outlook: rounds | over_most | never; more
  // The trust checks (judge.h), in the order they are applied: the comparison's premise...
  replay_fallback,
  configs_differ,
  timing_methods_differ,          // a_method, b_method
  gpu_busy,                       // side
  clock_throttled,                // side
  // ... and a claim's cause.
  round_signs,                    // verdict, agreeing, rounds, p
  sm_cycles,                      // cycles_verdict, clock_pct, a_mhz, b_mhz, change_pct
  host_busy,                      // side, detail, factor, change
  drift,                          // drift_pct, change_pct
  machine_speed,                  // probe_pct
  outliers,                       // side
  metrics_disagree,               // instructions: fewer | more, time: slower | faster, ratio, low, high, timing_verdict
  // --metric instructions (instruction_verdict.h).
  decided_by_instructions,        // change_pct, a, b, timing_verdict
  instructions_a_zero,
  instructions_nondeterministic,  // spread_pct
  identical_code,                 // metric: timing | count, alone (what it alone said)
  verified_against_baseline,      // reference: baseline, or a captured point without one
};

template <>
struct Spellings<FindingCode> {
  static constexpr std::array<std::pair<FindingCode, std::string_view>, 23> table{{
      {FindingCode::missing, "missing"},
      {FindingCode::failed, "failed"},
      {FindingCode::too_few_samples, "too_few_samples"},
      {FindingCode::below_noise_floor, "below_noise_floor"},
      {FindingCode::crosses_threshold, "crosses_threshold"},
      {FindingCode::more_rounds, "more_rounds"},
      {FindingCode::replay_fallback, "replay_fallback"},
      {FindingCode::configs_differ, "configs_differ"},
      {FindingCode::timing_methods_differ, "timing_methods_differ"},
      {FindingCode::gpu_busy, "gpu_busy"},
      {FindingCode::clock_throttled, "clock_throttled"},
      {FindingCode::round_signs, "round_signs"},
      {FindingCode::sm_cycles, "sm_cycles"},
      {FindingCode::host_busy, "host_busy"},
      {FindingCode::drift, "drift"},
      {FindingCode::machine_speed, "machine_speed"},
      {FindingCode::outliers, "outliers"},
      {FindingCode::metrics_disagree, "metrics_disagree"},
      {FindingCode::decided_by_instructions, "decided_by_instructions"},
      {FindingCode::instructions_a_zero, "instructions_a_zero"},
      {FindingCode::instructions_nondeterministic, "instructions_nondeterministic"},
      {FindingCode::identical_code, "identical_code"},
      {FindingCode::verified_against_baseline, "verified_against_baseline"},
  }};
};

// The names of a finding's numbers and words, as JSON spells them (a typo is a compile error).
enum class FindingField {
  a, a_method, a_mhz, a_samples, agreeing, alone, b, b_method, b_mhz, b_samples, change, change_pct, clock_pct, cycles_verdict, detail, drift_pct, error, factor, high, in_, instructions, low, metric, min_rounds, min_samples, more, noise_floor_pct, outlook, p, probe_pct, ratio, rounds, side, spread_pct, threshold_pct, time, timing_verdict, verdict
};

template <>
struct Spellings<FindingField> {
  static constexpr std::array<std::pair<FindingField, std::string_view>, 38> table{{
      {FindingField::a, "a"},
      {FindingField::a_method, "a_method"},
      {FindingField::a_mhz, "a_mhz"},
      {FindingField::a_samples, "a_samples"},
      {FindingField::agreeing, "agreeing"},
      {FindingField::alone, "alone"},
      {FindingField::b, "b"},
      {FindingField::b_method, "b_method"},
      {FindingField::b_mhz, "b_mhz"},
      {FindingField::b_samples, "b_samples"},
      {FindingField::change, "change"},
      {FindingField::change_pct, "change_pct"},
      {FindingField::clock_pct, "clock_pct"},
      {FindingField::cycles_verdict, "cycles_verdict"},
      {FindingField::detail, "detail"},
      {FindingField::drift_pct, "drift_pct"},
      {FindingField::error, "error"},
      {FindingField::factor, "factor"},
      {FindingField::high, "high"},
      {FindingField::in_, "in"},
      {FindingField::instructions, "instructions"},
      {FindingField::low, "low"},
      {FindingField::metric, "metric"},
      {FindingField::min_rounds, "min_rounds"},
      {FindingField::min_samples, "min_samples"},
      {FindingField::more, "more"},
      {FindingField::noise_floor_pct, "noise_floor_pct"},
      {FindingField::outlook, "outlook"},
      {FindingField::p, "p"},
      {FindingField::probe_pct, "probe_pct"},
      {FindingField::ratio, "ratio"},
      {FindingField::rounds, "rounds"},
      {FindingField::side, "side"},
      {FindingField::spread_pct, "spread_pct"},
      {FindingField::threshold_pct, "threshold_pct"},
      {FindingField::time, "time"},
      {FindingField::timing_verdict, "timing_verdict"},
      {FindingField::verdict, "verdict"},
  }};
};

using FindingValue = std::variant<long long, double, std::string>;

struct Finding {
  FindingCode code = FindingCode::missing;
  bool untrusted = false;  // it makes the verdict UNTRUSTED (a trust check that demoted it)
  std::vector<std::pair<FindingField, FindingValue>> fields;

  Finding(FindingCode code, std::vector<std::pair<FindingField, FindingValue>> fields = {}, bool untrusted = false)
      : code(code), untrusted(untrusted), fields(std::move(fields)) {}
  // A field's value; throws std::out_of_range when the finding has no such field of that kind.
  double number(FindingField name) const;  // a double, or an integer as one
  long long integer(FindingField name) const;
  const std::string& text(FindingField name) const;
  bool has(FindingField name) const;
  bool operator==(const Finding&) const = default;
};

// Whether a note shows the finding's code ("[host_busy]", as rustc prints error[E0308]): the
// statistics' reasons and the trust checks, what a reader asks `abtool explain-finding` about; not
// the plain facts (identical code, outliers, how the counts decided, a failed or missing side).
bool finding_code_shown(FindingCode code);

// The sentence a printer shows for a finding, and for a point's findings in order ("; " between);
// `with_codes`: each shown code after its sentence (the text, md and csv notes; JSON has the codes).
std::string finding_text(const Finding& finding);
std::string findings_text(const std::vector<Finding>& findings, bool with_codes = false);
// What a code means and what to do about it (`abtool explain-finding CODE`): a paragraph.
std::string_view finding_explanation(FindingCode code);

}  // namespace abt
