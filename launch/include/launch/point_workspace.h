// The buffers and scalars of one point: inputs generated once from the seed, outputs poisoned
// before every checked run, in-place arguments restored before every call.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "opspec/op_spec.h"
#include "opspec/shape_set.h"

namespace abt {

struct ArgBuffer {
  const ArgSpec* spec = nullptr;
  DType dtype = DType::fp32;
  size_t count = 0;                 // elements (1 for scalars)
  std::vector<std::byte> data;      // current contents
  std::vector<std::byte> pristine;  // generated contents of in/inout buffers
  size_t bytes() const { return count * dtype_size(dtype); }
};

class PointWorkspace {
 public:
  // Throws InputError naming the point when an expression does not evaluate to a valid size.
  PointWorkspace(const OpSpec& op, const Point& point, uint64_t seed);

  void* const* args() { return arg_pointers_.data(); }
  void restore_inputs();   // in-place (inout) buffers back to their generated contents
  void poison_outputs();   // NaN / 0x7b7b7b7b in `out` buffers: an unwritten element fails
  bool has_inout() const { return has_inout_; }

  const std::vector<ArgBuffer>& buffers() const { return buffers_; }
  std::vector<const ArgBuffer*> outputs() const;  // out and inout buffers, in argument order
  std::string input_digest() const;   // sha256 over inputs and scalars
  std::string output_digest() const;  // sha256 over outputs
  size_t total_bytes() const;

 private:
  std::vector<ArgBuffer> buffers_;
  std::vector<void*> arg_pointers_;
  bool has_inout_ = false;
};

}  // namespace abt
