#include "recorder/point_result.h"

#include "recorder/autotune_store.h"

namespace abt {

nlohmann::json Roofline::to_json(double median_us) const {
  nlohmann::json json = nlohmann::json::object();
  if (flops) json["flops"] = *flops;
  if (bytes) json["bytes"] = *bytes;
  if (median_us > 0) {
    if (flops) json["tflops"] = *flops / (median_us * 1e-6) / 1e12;
    if (bytes) json["gbps"] = *bytes / (median_us * 1e-6) / 1e9;
  }
  if (flops && bytes && *bytes > 0) json["arithmetic_intensity"] = *flops / *bytes;
  return json;
}

nlohmann::json PointResult::to_json() const {
  nlohmann::json json{{"op", point.op},
                      {"kernel", kernel},
                      {"shape", point.shape},
                      {"shape_text", point.shape_text()},
                      {"dtype", dtype_name(point.dtype)},
                      {"status", success ? "SUCCESS" : "FAILED"},
                      {"config", config_to_json(config)},
                      {"variant", variant},
                      {"config_source", config_source},
                      {"method", measurement.method},
                      {"warmup_calls", measurement.warmup_calls},
                      {"launches", measurement.launches},
                      {"latency", latency.to_json()},
                      {"samples_us", measurement.samples_us},
                      {"round_sizes", measurement.round_sizes},
                      {"machine_probe_us", measurement.probe_us},
                      {"markers", markers},
                      {"input_digest", input_digest},
                      {"output_digest", output_digest},
                      {"binary_hash", binary_hash},
                      {"ir_files", ir_files},
                      {"roofline", roofline.to_json(latency.median)},
                      {"error", error}};
  if (verify) {
    json["verify"] = {{"status", verify->status_text()}, {"max_abs", verify->max_abs}, {"max_rel", verify->max_rel},
                      {"mismatches", verify->mismatches}, {"first_mismatch", verify->first_mismatch},
                      {"skip_reason", verify->skip_reason}};
  }
  return json;
}

}  // namespace abt
