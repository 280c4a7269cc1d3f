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
    if (flops && peak_tflops) json["pct_peak_compute"] = 100.0 * json["tflops"].get<double>() / *peak_tflops;
    if (bytes && peak_gbps) json["pct_peak_memory"] = 100.0 * json["gbps"].get<double>() / *peak_gbps;
  }
  if (flops && bytes && *bytes > 0) json["arithmetic_intensity"] = *flops / *bytes;
  if (peak_tflops) json["peak_tflops"] = *peak_tflops;
  if (peak_gbps) json["peak_gbps"] = *peak_gbps;
  if (peak_tflops && peak_gbps) {
    const double ridge = *peak_tflops * 1e12 / (*peak_gbps * 1e9);  // flops per byte where the roofs meet
    json["ridge_point"] = ridge;
    if (flops && bytes && *bytes > 0) json["bound"] = *flops / *bytes < ridge ? "memory" : "compute";
  }
  if (!peak_source.empty()) json["peak_source"] = peak_source;
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
