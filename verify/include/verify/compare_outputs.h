// The verification gate's judgement: a variant's outputs against the reference's, per dtype
// tolerance (numpy.allclose semantics), `exact` bit equality, or an explicit skip.
#pragma once
#include <string>
#include <vector>

#include "launch/point_workspace.h"
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

// Snapshot of the reference kernel's outputs for one point.
struct ReferenceOutputs {
  std::vector<std::vector<std::byte>> buffers;  // contents of the out/inout buffers, in order
};
ReferenceOutputs snapshot_outputs(const PointWorkspace& workspace);

VerifyOutcome compare_outputs(const PointWorkspace& candidate, const ReferenceOutputs& reference,
                              const Tolerance& tolerance);

}  // namespace abt
