// `abtool capture [--out DIR] [--max-input-mb N] -- COMMAND...` (SPEC section 4, 5b): runs a
// Python workload with the capture shim in its interpreters and turns every Triton launch it saw
// into ordinary abtool input: DIR/ops/<op>/op.yaml per kernel and signature, DIR/shapes.yaml,
// DIR/inputs/ (the stored tensors), DIR/capture.json (what was captured, and why not).
#pragma once
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace abt {

struct CaptureRequest {
  std::filesystem::path out;          // must not exist yet
  double max_input_mb = 256;          // float tensors above this are not stored (integer ones always are)
  std::vector<std::string> command;   // the workload, run as given (no shell)
  std::optional<double> timeout_s;    // --timeout: the workload is stopped after this long, its capture kept (partial)
  bool check = true;                  // --no-check: the captured specializations are not replayed once at the end
  bool full_timing = false;           // --full-timing: the suite's own timing loops (do_bench) run as they are
};

// How long a workload told to stop (SIGTERM) has to write what it captured before it is killed.
inline constexpr double kCaptureStopGraceS = 30;

// Exit code: 0 captured (some kernels may be listed as not replayable, with reasons), whole or cut
// by --timeout; 130 / 143 stopped by SIGINT / SIGTERM (what was captured until then is kept,
// partial); 2 the command failed (what it captured before is kept, partial), launched no Triton
// kernel, or none of its kernels could be captured. A capture is at `out` only when it is complete
// or a partial one says so (capture.json: partial, partial_reason); nothing is left otherwise.
int run_capture(const CaptureRequest& request, std::ostream& out);

}  // namespace abt
