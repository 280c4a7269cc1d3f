// What one point produced: the row of results.json and of the run.log table.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "graphtime/latency_summary.h"
#include "graphtime/timer.h"
#include "opspec/op_spec.h"
#include "opspec/shape_set.h"
#include "verify/compare_outputs.h"

namespace abt {

struct Roofline {
  std::optional<double> flops, bytes;  // per call, from the spec's metrics
  std::optional<double> peak_tflops, peak_gbps;  // of the device (launch/device_info.h)
  std::string peak_source;
  nlohmann::json to_json(double median_us) const;
};

struct PointResult {
  Point point;
  std::string kernel;
  bool success = false;
  Config config;
  std::string variant;
  std::string config_source;  // sweep | replay | fallback_sweep
  Measurement measurement;
  LatencySummary latency;
  std::vector<std::string> markers;
  std::optional<VerifyOutcome> verify;
  std::string input_digest;
  std::string output_digest;
  std::string binary_hash;
  std::vector<std::string> ir_files;  // relative to the run directory
  Roofline roofline;
  std::string error;

  nlohmann::json to_json() const;
};

}  // namespace abt
