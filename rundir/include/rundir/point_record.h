// One point of results.json: what it measured, with what, and how it was verified. Written by
// the run engine as soon as the point is final; read back by diff and replay.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "opspec/op_spec.h"
#include "opspec/shape_set.h"
#include "rundir/binary_manifest.h"
#include "rundir/measurement.h"
#include "rundir/verify_outcome.h"
#include "util/statistics.h"

namespace abt {

class JsonFields;

// The roofline inputs of a point; the derived figures (TFLOP/s, % of peak, bound) are computed
// from them and the median when written.
struct Roofline {
  std::optional<double> flops, bytes;            // per call, from the spec's metrics
  std::optional<double> peak_tflops, peak_gbps;  // of the device
  std::string peak_source;
  nlohmann::json to_json(double median_us) const;
  static Roofline from_json(const JsonFields& fields);
};

// A's code measured again beside B's, in B's process (interleaved replay): what diff decides from.
struct Baseline {
  Measurement measurement;
  SampleSummary latency;     // of measurement.samples_us
  std::string binary_hash;   // A's stored binary
};

struct PointRecord {
  Point point;
  std::string kernel;
  bool success = false;
  Config config;
  std::string variant;
  ConfigSource config_source = ConfigSource::none;
  Measurement measurement;
  SampleSummary latency;            // of measurement.samples_us
  std::vector<Marker> markers;      // the chooser's, then the measurement's
  std::optional<VerifyOutcome> verify;
  std::string input_digest;
  std::string output_digest;
  std::string binary_hash;
  std::optional<BinaryManifest> binary;  // bin/...: the measured variant's binary (absent: an older run)
  std::optional<Baseline> baseline;      // interleaved replays: A's code in this process
  std::vector<std::string> ir_files;  // relative to the run directory
  Roofline roofline;
  std::string error;
  std::optional<double> compile_ms;  // of the measured variant (absent: a run older than this field)

  std::string id() const { return point.id(); }
  bool has_marker(MarkerKind kind) const;
  nlohmann::json to_json() const;
  static PointRecord from_json(const JsonFields& fields);
};

}  // namespace abt
