#include "opspec/points.h"

#include <fmt/format.h>

#include "util/errors.h"

namespace abt {

std::vector<Point> expand_points(const OpSpec& op, const ShapeSet& shapes, const std::vector<DType>& dtype_override) {
  const ShapeList* list = shapes.find(op.name);
  if (!list) throw InputError(located(shapes.file.string(), 0, op.name, "shape set has no entry for this op"));
  if (!list->dims.empty() && list->dims != op.dims)
    throw InputError(located(shapes.file.string(), 0, op.name + ".dims",
                             fmt::format("[{}] does not match the op's dims [{}]", fmt::join(list->dims, ", "),
                                         fmt::join(op.dims, ", "))));
  std::vector<DType> dtypes = !dtype_override.empty() ? dtype_override : !list->dtypes.empty() ? list->dtypes : op.dtypes;
  for (DType dtype : dtypes) {
    if (op.language == Language::cpp && !dtype_host_ctype(dtype))
      throw InputError(located(shapes.file.string(), 0, op.name + ".dtypes",
                               "dtype " + dtype_name(dtype) + " is not available for host (cpp) ops"));
    if (!op.tolerances.count(dtype))
      throw InputError(located(op.file.string(), 0, "verify", "no tolerance for dtype " + dtype_name(dtype)));
  }
  std::vector<Point> points;
  for (size_t i = 0; i < list->shapes.size(); ++i) {
    const auto& shape = list->shapes[i];
    if (shape.size() != op.dims.size())
      throw InputError(located(shapes.file.string(), list->lines[i], fmt::format("{}.shapes[{}]", op.name, i),
                               fmt::format("shape has {} dimensions but {} has {} ({})", shape.size(), op.name,
                                           op.dims.size(), fmt::join(op.dims, ", "))));
    for (DType dtype : dtypes) points.push_back(Point{op.name, shape, dtype});
  }
  return points;
}

}  // namespace abt
