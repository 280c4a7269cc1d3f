// The arguments of one point, wherever they live (host memory or a device): what the
// verification gate and the timers need from them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "opspec/op_spec.h"

namespace abt {

// A host copy of one output buffer, as read after a run.
struct OutputCopy {
  const ArgSpec* spec = nullptr;
  DType dtype = DType::fp32;
  size_t count = 0;
  std::vector<std::byte> bytes;
};
using OutputSnapshot = std::vector<OutputCopy>;  // out and inout buffers, in argument order

std::string digest_of(const OutputSnapshot& outputs);  // sha256 over every output's bytes

// The outputs checked against the reference where they are (a device), as the verification gate
// would on host copies: the figures, and the first mismatching element read back alone.
struct OutputsCheckedInPlace {
  double max_abs = 0, max_rel = 0;
  uint64_t mismatches = 0;
  OutputCopy first_got, first_want;  // one element each (count 1) at first_index; empty when none differ
  uint64_t first_index = 0;
};

class Workspace {
 public:
  virtual ~Workspace() = default;
  // The kernel parameters: one pointer per argument, to the buffer address or the scalar value.
  virtual void* const* args() = 0;
  virtual bool has_inout() const = 0;
  // Both are ordered before the next launch (on a device: enqueued on the launch stream).
  virtual void restore_inputs() = 0;  // in-place (inout) buffers back to their generated contents
  virtual void poison_outputs() = 0;  // NaN (ints: 0x7b bytes) in `out` buffers: unwritten elements fail
  // Waits for queued work and copies the outputs to the host.
  virtual OutputSnapshot read_outputs() const = 0;
  virtual std::string input_digest() const = 0;  // sha256 over generated inputs and scalars
  // The outputs now (the reference kernel's) become what check_outputs_in_place compares later
  // outputs with, kept where they are. False where outputs can only be checked as host copies.
  virtual bool keep_outputs_as_reference() { return false; }
  // The same with outputs given as host copies (a capture's), in the order read_outputs gives them.
  virtual bool keep_as_reference(const OutputSnapshot& outputs) {
    (void)outputs;
    return false;
  }
  // Waits for queued work and checks the outputs against the kept reference (`close` or `exact`).
  virtual OutputsCheckedInPlace check_outputs_in_place(const Tolerance& tolerance) const;
  // Moves the arguments to other addresses (a new offset within their memory), inputs intact, so
  // that a placement that happens to be fast or slow (cache sets, L2 slices, DRAM channels) varies
  // between rounds instead of biasing a whole run. The same `placement` gives the same layout.
  virtual void relocate(uint64_t placement) = 0;
};

}  // namespace abt
