// The arguments of one point, wherever they live (host memory or a device): what the
// verification gate and the timers need from them. Outputs stay where the kernel wrote them: they
// are checked, compared and digested there (on a device by kernels of abtool's own, on the host on
// every core), and only the figures come back.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "opspec/op_spec.h"

namespace abt {

// A host copy of one output buffer.
struct OutputCopy {
  const ArgSpec* spec = nullptr;
  DType dtype = DType::fp32;
  size_t count = 0;
  std::vector<std::byte> bytes;
};
using OutputSnapshot = std::vector<OutputCopy>;  // out and inout buffers, in argument order

// The point's outputs as the kernel left them, and the copies kept beside them.
enum class OutputsAt {
  current,
  reference,    // what every variant of the point is verified against
  other_side,   // B's outputs, kept while A's code runs on the same inputs (an interleaved replay)
  earlier_run,  // A's code's first run, kept while a second shows whether its outputs repeat
  failed_run,   // a run that failed verification, kept while more runs show whether its outputs repeat
};

// One set of outputs against another, element by element, by the verification gate's rule
// (numpy.allclose, or `exact` bit equality; NaN only matches NaN): the figures, and the first
// mismatching element of each side (count 1), read back alone.
struct OutputsCompared {
  double max_abs = 0, max_rel = 0;
  double want_max_abs = 0;  // the largest finite |want|: the scale the tolerance is read at
  uint64_t mismatches = 0;
  OutputCopy first_got, first_want;  // empty when none differ
  uint64_t first_index = 0;
};

// Outputs in host memory, wherever they are kept there.
struct OutputView {
  const ArgSpec* spec = nullptr;
  DType dtype = DType::fp32;
  size_t count = 0;
  const std::byte* data = nullptr;
};
std::vector<OutputView> views_of(const OutputSnapshot& outputs);

// The same rule on host memory, on every core (host ops, and a device's fallback).
OutputsCompared compare_output_views(const std::vector<OutputView>& got, const std::vector<OutputView>& want,
                                     const Tolerance& tolerance);

class Workspace {
 public:
  virtual ~Workspace() = default;
  // The kernel parameters: one pointer per argument, to the buffer address or the scalar value.
  virtual void* const* args() = 0;
  virtual bool has_inout() const = 0;
  // Both are ordered before the next launch (on a device: enqueued on the launch stream).
  virtual void restore_inputs() = 0;  // in-place (inout) buffers back to their generated contents
  virtual void poison_outputs() = 0;  // NaN (ints: 0x7b bytes) in `out` buffers: unwritten elements fail
  // Guard bytes on both sides of every buffer (launch/guard_bytes.h): armed before a checked run
  // (enqueued like the two above), read after it. The first buffer whose guard changed, said as
  // guard_breach_text says it; nullopt when every guard holds.
  virtual void arm_guards() = 0;
  virtual std::optional<std::string> guard_breach() const = 0;
  // After the queued work: the current outputs are kept as `copy` (not `current`).
  virtual void keep_outputs(OutputsAt copy) = 0;
  // Outputs given as host copies (a capture's) are kept as `copy`, in the order read_outputs gives them.
  virtual void keep_outputs(OutputsAt copy, const OutputSnapshot& outputs) = 0;
  // After the queued work: `got` against `want` (a copy never kept is a logic error).
  virtual OutputsCompared compare_outputs(OutputsAt got, OutputsAt want, const Tolerance& tolerance) const = 0;
  // After the queued work: the digest of the current outputs (util/piece_digest.h).
  virtual std::string output_digest() const = 0;
  // Waits for queued work and copies the current outputs to the host.
  virtual OutputSnapshot read_outputs() const = 0;
  virtual std::string input_digest() const = 0;  // of generated inputs and scalars (util/piece_digest.h)
  // Moves the arguments to other addresses (a new offset within their memory), inputs intact, so
  // that a placement that happens to be fast or slow (cache sets, L2 slices, DRAM channels) varies
  // between rounds instead of biasing a whole run. The same `placement` gives the same layout.
  virtual void relocate(uint64_t placement) = 0;
};

}  // namespace abt
