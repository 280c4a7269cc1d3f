// The verification gate's judgement of one variant at one point, as results.json keeps it.
#pragma once
#include <cstddef>
#include <string>

#include "model/spelling.h"

namespace abt {

struct VerifyOutcome {
  enum class Status { passed, failed, skipped } status = Status::passed;
  double max_abs = 0;   // largest |out - ref|
  double max_rel = 0;   // largest |out - ref| / |ref| over elements with ref != 0
  size_t mismatches = 0;
  std::string first_mismatch;  // "args.c[17]: got nan, expected 0.25"
  std::string skip_reason;
  bool passed() const { return status != Status::failed; }
};

template <>
struct Spellings<VerifyOutcome::Status> {
  static constexpr std::array<std::pair<VerifyOutcome::Status, std::string_view>, 3> table{
      {{VerifyOutcome::Status::passed, "passed"}, {VerifyOutcome::Status::failed, "failed"},
       {VerifyOutcome::Status::skipped, "skipped"}}};
};

}  // namespace abt
