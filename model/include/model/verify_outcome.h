// The verification gate's judgement of one variant at one point, as results.json keeps it.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "util/spelling.h"

namespace abt {

// What a point's outputs were checked against. A baseline output (A's own, when the op has no
// reference kernel and the capture kept no output) cannot show a miscompile that A shares.
enum class VerifiedAgainst { reference_kernel, captured_output, baseline_output };

struct VerifyOutcome {
  enum class Status { passed, failed, skipped } status = Status::passed;
  double max_abs = 0;   // largest |out - ref|
  double max_rel = 0;   // largest |out - ref| / |ref| over elements with ref != 0
  size_t mismatches = 0;
  std::string first_mismatch;  // "args.c[17]: got nan, expected 0.25"
  std::string skip_reason;
  std::optional<VerifiedAgainst> against;  // absent when skipped, and in runs written before it was kept
  // Set when the variant's outputs differed from run to run (verify/run_to_run.h): the largest
  // difference between its runs; passed then means within the tolerance plus twice this.
  std::optional<double> own_spread;
  bool passed() const { return status != Status::failed; }
};

template <>
struct Spellings<VerifyOutcome::Status> {
  static constexpr std::array<std::pair<VerifyOutcome::Status, std::string_view>, 3> table{
      {{VerifyOutcome::Status::passed, "passed"}, {VerifyOutcome::Status::failed, "failed"},
       {VerifyOutcome::Status::skipped, "skipped"}}};
};

template <>
struct Spellings<VerifiedAgainst> {
  static constexpr std::array<std::pair<VerifiedAgainst, std::string_view>, 3> table{
      {{VerifiedAgainst::reference_kernel, "reference_kernel"}, {VerifiedAgainst::captured_output, "captured_output"},
       {VerifiedAgainst::baseline_output, "baseline_output"}}};
};

}  // namespace abt
