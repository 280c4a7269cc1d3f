// Variant file names (SPEC section 5): only the parameters that vary within a (shape, kernel)
// group, multi-word names shortened to initials, e.g. `BSM128_w4s3`.
#pragma once
#include <map>
#include <string>

#include "opspec/op_spec.h"

namespace abt {

class VariantNaming {
 public:
  // `dtype_suffix`: the (shape, kernel) group holds several dtypes, so names carry `__<dtype>`.
  VariantNaming(const OpSpec& op, bool dtype_suffix);
  std::string name(const Config& config, DType dtype) const;
  std::string legend_markdown() const;

  static std::string abbreviate(const std::string& parameter);

 private:
  std::string op_name_;
  bool dtype_suffix_;
  bool triton_;  // specialized per point: the legend says where that is recorded
  std::map<std::string, std::string> short_names_;  // varying parameters only
};

}  // namespace abt
