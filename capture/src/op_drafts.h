// From what the shim saw to abtool ops: the distinct specializations of each kernel grouped into
// op specs (one per kernel and argument signature), each specialization a point of its op.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "opspec/captured_cases.h"
#include "opspec/dtype.h"
#include "raw_capture.h"

namespace abt::capture {

// One point of a drafted op: the specialization that launched, its cases.json entry.
struct DraftCase {
  std::vector<long long> shape;
  std::string point_id;
  CapturedCase captured;  // its case of cases.json, stored files named relative to the capture
  long long launches = 0;
};

struct OpDraft {
  std::string name;                      // the op, and its folder under ops/
  const RawKernel* kernel = nullptr;     // of its first launch
  TunerKind tuner = no_tuner();
  DType dtype = DType::fp32;
  std::string yaml;                      // op.yaml, without the capture's file names (see capture_dir)
  std::vector<DraftCase> cases;
  std::set<std::string> tensors;         // sha256 of the stored tensors its cases name
  std::optional<std::string> source_copy;  // a generated module's text, written beside op.yaml
  std::vector<std::string> notes;        // configs left out of some point's space, and why
};

// A specialization that cannot become a point, with every reason.
struct Rejected {
  const RawLaunch* launch = nullptr;
  std::vector<Miss> why;
};

struct Drafts {
  std::vector<OpDraft> ops;
  std::vector<Rejected> rejected;
};

struct DraftOptions {
  std::string command_text;  // for the op's description
  long long max_input_bytes = 0;
  std::function<std::string(const std::string& sha)> stored_name;  // a stored tensor's path in the capture
  std::function<std::string(const std::string& sha)> read_stored;  // its bytes
};

// Groups `launches` (every process's, distinct specializations already merged) into ops.
Drafts draft_ops(const std::vector<const RawLaunch*>& launches, const DraftOptions& options);

// Per-dtype default tolerances of a captured op's outputs (docs/capture.md): what the
// comparison with the captured output allows for a compiler's legitimate rounding changes.
struct CapturedTolerance {
  bool exact = false;
  double rtol = 0, atol = 0;
};
CapturedTolerance default_tolerance(DType output);

}  // namespace abt::capture
