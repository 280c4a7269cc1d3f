// The verification gate's judgement: a variant's outputs against the reference's, per dtype
// tolerance (numpy.allclose semantics), `exact` bit equality, or an explicit skip.
#pragma once
#include <string>
#include <vector>

#include "launch/workspace.h"
#include "opspec/op_spec.h"
#include "model/verify_outcome.h"

namespace abt {

// fp16 and bf16 are compared as the float values they encode.
VerifyOutcome compare_outputs(const OutputSnapshot& candidate, const OutputSnapshot& reference,
                              const Tolerance& tolerance);

// The same judgement made where the outputs are (Workspace::check_outputs_in_place), in the same words.
VerifyOutcome outcome_of(const OutputsCheckedInPlace& checked);

}  // namespace abt
