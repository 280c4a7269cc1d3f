// Variant file names (SPEC section 5): only the parameters that vary within a (shape, kernel)
// group, multi-word names shortened to initials, e.g. `BSM128_w4s3`. Files are kept by (shape,
// kernel, variant): where several ops of a run launch one kernel (a capture's specializations of
// it, one op each), the names of every op but the one named after the kernel end in `__<op>`.
#pragma once
#include <map>
#include <string>

#include "opspec/op_spec.h"

namespace abt {

class VariantNaming {
 public:
  // `dtype_suffix`: the (shape, kernel) group holds several dtypes, so names carry `__<dtype>`.
  // `kernel_shared`: another op of the run launches the same kernel.
  VariantNaming(const OpSpec& op, bool dtype_suffix, bool kernel_shared = false);
  std::string name(const Config& config, DType dtype) const;
  std::string legend_markdown() const;

  static std::string abbreviate(const std::string& parameter);

 private:
  std::string op_name_;
  bool dtype_suffix_;
  std::string op_suffix_;  // "__<op>" where the kernel is shared and the op is not named after it
  bool triton_;  // specialized per point: the legend says where that is recorded
  std::map<std::string, std::string> short_names_;  // varying parameters only
};

}  // namespace abt
