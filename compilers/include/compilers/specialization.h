// What Triton's JIT specializes a kernel on from the actual launch arguments (Triton 3.x
// `specialize_impl`): an integer argument equal to 1 becomes a constexpr and leaves the parameter
// list; one divisible by 16 is compiled with tt.divisibility=16. abtool computes the same from a
// point's scalar values, so a variant is compiled as `kernel[grid](...)` would compile it.
// Pointers are 16-byte aligned (device allocations are 256-byte aligned) unless the op says
// otherwise: a captured launch that passed an unaligned view is compiled as it was.
#pragma once
#include <map>
#include <set>
#include <string>

#include "opspec/op_spec.h"
#include "opspec/shape_set.h"

namespace abt {

struct Specialization {
  enum class Kind { equal_one, divisible_by_16 };
  std::map<std::string, Kind> scalars;             // integer argument name -> what it is specialized on
  std::map<std::string, std::string> constexprs;   // constexpr arguments (not tuned): value as Triton takes it
  std::set<std::string> unaligned;                 // buffers compiled without tt.divisibility=16

  bool empty() const { return scalars.empty() && constexprs.empty() && unaligned.empty(); }
  // "k=1 n=div16 BLOCK_N=1024 x:unaligned": part of the compile cache key and of index.tsv's
  // params; "" when empty.
  std::string text() const;
};

// The specialization of a Triton op's kernel at a point; empty for other languages (nvcc and
// NVRTC compile the source as written). A captured op's comes from its capture (what the JIT did
// at that launch). Throws InputError when a scalar does not evaluate.
Specialization specialization_at(const OpSpec& op, const Point& point);

}  // namespace abt
