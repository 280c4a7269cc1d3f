#include "rundir/point_record.h"

#include <fmt/format.h>

#include <cmath>

#include "rundir/config_json.h"
#include "rundir/json_fields.h"

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

Roofline Roofline::from_json(const JsonFields& fields) {
  Roofline roofline;
  roofline.flops = fields.optional_number("flops");
  roofline.bytes = fields.optional_number("bytes");
  roofline.peak_tflops = fields.optional_number("peak_tflops");
  roofline.peak_gbps = fields.optional_number("peak_gbps");
  if (fields.has("peak_source")) roofline.peak_source = fields.text("peak_source");
  return roofline;
}

bool PointRecord::has_marker(MarkerKind kind) const {
  for (const auto& marker : markers)
    if (marker.kind == kind) return true;
  return false;
}

namespace {

std::vector<std::string> marker_lines(const std::vector<Marker>& markers) {
  std::vector<std::string> lines;
  for (const auto& marker : markers) lines.push_back(marker.text());
  return lines;
}

nlohmann::json summary_json(const SampleSummary& summary) {
  return {{"unit", "us"}, {"n", summary.n},   {"median", summary.median}, {"min", summary.min},       {"max", summary.max},
          {"q1", summary.q1}, {"q3", summary.q3}, {"mean", summary.mean},     {"stddev", summary.stddev}};
}

// The fields a point and its baseline share: how they were timed and every sample.
void write_measurement(nlohmann::json& json, const Measurement& measurement, const SampleSummary& latency) {
  json["method"] = spelling(measurement.method);
  json["warmup_calls"] = measurement.warmup_calls;
  json["launches"] = measurement.launches;
  json["latency"] = summary_json(latency);
  json["samples_us"] = measurement.samples_us;
  json["round_sizes"] = measurement.round_sizes;
  json["round_clock_mhz"] = measurement.round_clock_mhz;
}

Measurement read_measurement(const JsonFields& fields) {
  Measurement measurement;
  measurement.method = fields.spelled<TimingMethod>("method");
  measurement.warmup_calls = int(fields.integer("warmup_calls"));
  measurement.launches = fields.integer("launches");
  measurement.samples_us = fields.numbers("samples_us");
  for (size_t i = 0; i < measurement.samples_us.size(); ++i)  // a time is positive: 0 would make a ratio infinite
    if (!(measurement.samples_us[i] > 0) || !std::isfinite(measurement.samples_us[i]))
      fields.fail("samples_us", fmt::format("sample {} is {}: a time is a positive number of microseconds", i + 1,
                                            measurement.samples_us[i]));
  for (long long size : fields.integers("round_sizes")) measurement.round_sizes.push_back(int(size));
  if (fields.has("round_clock_mhz")) measurement.round_clock_mhz = fields.numbers("round_clock_mhz");
  long long counted = 0;
  for (int size : measurement.round_sizes) counted += size;
  if (!measurement.round_sizes.empty() && counted != (long long)measurement.samples_us.size())
    fields.fail("round_sizes", fmt::format("they add up to {} samples, but samples_us holds {}", counted,
                                           measurement.samples_us.size()));
  return measurement;
}

}  // namespace

nlohmann::json PointRecord::to_json() const {
  nlohmann::json json{{"op", point.op},
                      {"kernel", kernel},
                      {"shape", point.shape},
                      {"shape_text", point.shape_text()},
                      {"dtype", dtype_name(point.dtype)},
                      {"status", success ? "SUCCESS" : "FAILED"},
                      {"config", config_to_json(config)},
                      {"variant", variant},
                      {"config_source", spelling(config_source)},
                      {"machine_probe_us", measurement.probe_us},
                      {"markers", marker_lines(markers)},
                      {"input_digest", input_digest},
                      {"output_digest", output_digest},
                      {"binary_hash", binary_hash},
                      {"binary", binary ? binary->to_json() : nlohmann::json()},
                      {"ir_files", ir_files},
                      {"roofline", roofline.to_json(latency.median)},
                      {"error", error},
                      {"compile_ms", compile_ms ? nlohmann::json(*compile_ms) : nlohmann::json()}};
  write_measurement(json, measurement, latency);
  json["baseline"] = nlohmann::json();
  if (baseline) {
    json["baseline"]["binary_hash"] = baseline->binary_hash;
    write_measurement(json["baseline"], baseline->measurement, baseline->latency);
  }
  json["output_vs_baseline"] = nlohmann::json();
  if (output_vs_baseline)
    json["output_vs_baseline"] = {{"identical", output_vs_baseline->identical}, {"max_abs", output_vs_baseline->max_abs},
                                  {"max_rel", output_vs_baseline->max_rel}, {"differing", output_vs_baseline->differing}};
  json["retuned"] = nlohmann::json();
  if (retuned) {
    nlohmann::json& own = json["retuned"];
    own = {{"config", config_to_json(retuned->config)}, {"variant", retuned->variant},
           {"same_as_pinned", retuned->same_as_pinned}, {"binary_hash", retuned->binary_hash},
           {"ir_files", retuned->ir_files},
           {"compile_ms", retuned->compile_ms ? nlohmann::json(*retuned->compile_ms) : nlohmann::json()}};
    write_measurement(own, retuned->measurement, retuned->latency);
  }
  json["gpu"] = gpu ? nlohmann::json{{"index", gpu->index}, {"uuid", gpu->uuid}} : nlohmann::json();
  if (verify) {
    json["verify"] = {{"status", spelling(verify->status)}, {"max_abs", verify->max_abs}, {"max_rel", verify->max_rel},
                      {"mismatches", verify->mismatches}, {"first_mismatch", verify->first_mismatch},
                      {"skip_reason", verify->skip_reason}};
  }
  return json;
}

PointRecord PointRecord::from_json(const JsonFields& entry) {
  PointRecord record;
  record.point.op = entry.text("op");
  auto dtype = parse_dtype(entry.text("dtype"));
  if (!dtype) entry.fail("dtype", "unknown dtype '" + entry.text("dtype") + "'");
  record.point.dtype = *dtype;
  record.point.shape = entry.integers("shape");
  // From here on, messages name the point as well as its position.
  const JsonFields fields = entry.named(fmt::format("{} ({})", entry.where(), record.point.id()));
  record.kernel = fields.text("kernel");
  std::string status = fields.text("status");
  if (status != "SUCCESS" && status != "FAILED") fields.fail("status", "expected SUCCESS or FAILED, got '" + status + "'");
  record.success = status == "SUCCESS";
  record.config = config_from_json(fields, "config");
  record.variant = fields.text("variant");
  record.config_source = fields.spelled<ConfigSource>("config_source");
  record.measurement = read_measurement(fields);
  record.measurement.probe_us = fields.numbers("machine_probe_us");
  for (const auto& line : fields.texts("markers")) {
    auto marker = Marker::parse(line);
    if (!marker) fields.fail("markers", "unknown marker '" + line + "'");
    record.markers.push_back(*marker);
  }
  record.latency = summarize(record.measurement.samples_us);
  if (record.success && record.measurement.samples_us.empty())
    fields.fail("samples_us", "a SUCCESS point needs at least one sample");
  record.input_digest = fields.text("input_digest");
  record.output_digest = fields.text("output_digest");
  record.binary_hash = fields.text("binary_hash");
  if (fields.has("binary")) record.binary = BinaryManifest::from_json(fields.object("binary"));
  if (fields.has("baseline")) {
    const JsonFields baseline = fields.object("baseline");
    record.baseline = Baseline{read_measurement(baseline), {}, baseline.text("binary_hash")};
    record.baseline->latency = summarize(record.baseline->measurement.samples_us);
    if (record.baseline->measurement.samples_us.empty()) baseline.fail("samples_us", "a baseline needs at least one sample");
  }
  record.ir_files = fields.inner_paths("ir_files");
  record.roofline = Roofline::from_json(fields.object("roofline"));
  record.error = fields.text("error");
  record.compile_ms = fields.optional_number("compile_ms");
  if (fields.has("output_vs_baseline")) {
    const JsonFields bits = fields.object("output_vs_baseline");
    record.output_vs_baseline = OutputComparison{bits.boolean("identical"), bits.number("max_abs"), bits.number("max_rel"),
                                                 size_t(bits.unsigned_integer("differing"))};
  }
  if (fields.has("gpu")) {
    const JsonFields gpu = fields.object("gpu");
    record.gpu = PointGpu{int(gpu.unsigned_integer("index")), gpu.text("uuid")};
  }
  if (fields.has("retuned")) {
    const JsonFields own = fields.object("retuned");
    Retuned retuned;
    retuned.config = config_from_json(own, "config");
    retuned.variant = own.text("variant");
    retuned.same_as_pinned = own.boolean("same_as_pinned");
    retuned.binary_hash = own.text("binary_hash");
    retuned.measurement = read_measurement(own);
    retuned.latency = summarize(retuned.measurement.samples_us);
    retuned.ir_files = own.inner_paths("ir_files");
    retuned.compile_ms = own.optional_number("compile_ms");
    if (!retuned.same_as_pinned && record.success && retuned.measurement.samples_us.empty())
      own.fail("samples_us", "B's own best config, when it is not A's, needs at least one sample");
    record.retuned = std::move(retuned);
  }
  if (fields.has("verify")) {
    JsonFields verify = fields.object("verify");
    VerifyOutcome outcome;
    outcome.status = verify.spelled<VerifyOutcome::Status>("status");
    outcome.max_abs = verify.number("max_abs");
    outcome.max_rel = verify.number("max_rel");
    outcome.mismatches = size_t(verify.unsigned_integer("mismatches"));
    outcome.first_mismatch = verify.text("first_mismatch");
    outcome.skip_reason = verify.text("skip_reason");
    record.verify = outcome;
  }
  return record;
}

}  // namespace abt
