// The verification gate's judgement: a variant's outputs against the reference's, per dtype
// tolerance (numpy.allclose semantics), `exact` bit equality, or an explicit skip. The comparison
// itself runs where the outputs are (launch/workspace.h); this turns its figures into the outcome.
#pragma once
#include <string>
#include <vector>

#include "launch/workspace.h"
#include "opspec/op_spec.h"
#include "model/verify_outcome.h"

namespace abt {

// Host copies compared (fp16 and bf16 as the float values they encode).
VerifyOutcome compare_outputs(const OutputSnapshot& candidate, const OutputSnapshot& reference,
                              const Tolerance& tolerance);

// The outcome of a comparison made where the outputs are (Workspace::compare_outputs).
VerifyOutcome outcome_of(const OutputsCompared& compared);

}  // namespace abt
