// Expanding (op spec, shape set, dtype selection) into the points of a run.
#pragma once
#include <vector>

#include "opspec/op_spec.h"
#include "opspec/shape_set.h"

namespace abt {

// Throws InputError naming the shape file and line for a missing op key or a shape whose
// arity does not match the op's dims; `dtype_override` (if non-empty) replaces the set's dtypes.
std::vector<Point> expand_points(const OpSpec& op, const ShapeSet& shapes, const std::vector<DType>& dtype_override);

}  // namespace abt
