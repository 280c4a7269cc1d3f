// `abtool capture [--out DIR] [--max-input-mb N] -- COMMAND...` (SPEC section 4, 5b): runs a
// Python workload with the capture shim in its interpreters and turns every Triton launch it saw
// into ordinary abtool input: DIR/ops/<op>/op.yaml per kernel and signature, DIR/shapes.yaml,
// DIR/inputs/ (the stored tensors), DIR/capture.json (what was captured, and why not).
#pragma once
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace abt {

struct CaptureRequest {
  std::filesystem::path out;          // must not exist yet
  double max_input_mb = 256;          // float tensors above this are not stored (integer ones always are)
  std::vector<std::string> command;   // the workload, run as given (no shell)
};

// Exit code: 0 captured (some kernels may be listed as not replayable, with reasons);
// 2 the command failed, launched no Triton kernel, or none of its kernels could be captured.
// Nothing is left at `out` unless the capture is whole.
int run_capture(const CaptureRequest& request, std::ostream& out);

}  // namespace abt
