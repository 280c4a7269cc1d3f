// The verification gate's judgement: a variant's outputs against the reference's, per dtype
// tolerance (numpy.allclose semantics), `exact` bit equality, or an explicit skip.
#pragma once
#include <string>
#include <vector>

#include "launch/workspace.h"
#include "opspec/op_spec.h"

namespace abt {

struct VerifyOutcome {
  enum class Status { passed, failed, skipped } status = Status::passed;
  double max_abs = 0;   // largest |out - ref|
  double max_rel = 0;   // largest |out - ref| / |ref| over elements with ref != 0
  size_t mismatches = 0;
  std::string first_mismatch;  // "args.c[17]: got nan, expected 0.25"
  std::string skip_reason;
  bool passed() const { return status != Status::failed; }
  std::string status_text() const;
};

// fp16 and bf16 are compared as the float values they encode.
VerifyOutcome compare_outputs(const OutputSnapshot& candidate, const OutputSnapshot& reference,
                              const Tolerance& tolerance);

}  // namespace abt
