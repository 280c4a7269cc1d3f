#include "rundir/point_codec.h"

#include <fmt/format.h>

#include <cmath>

#include "model/config_json.h"
#include "model/compile_profile_json.h"
#include "model/gpu_counters_json.h"
#include "model/metric_json.h"

namespace abt {

namespace {

nlohmann::json roofline_json(const Roofline& roofline, double median_us) {
  const RooflineFigures figures = roofline_figures(roofline, median_us);
  nlohmann::json json = nlohmann::json::object();
  auto put = [&](const char* key, const std::optional<double>& value) {
    if (value) json[key] = *value;
  };
  put("flops", roofline.flops);
  put("bytes", roofline.bytes);
  put("tflops", figures.tflops);
  put("gbps", figures.gbps);
  put("pct_peak_compute", figures.pct_peak_compute);
  put("pct_peak_memory", figures.pct_peak_memory);
  put("arithmetic_intensity", figures.arithmetic_intensity);
  put("peak_tflops", roofline.peak_tflops);
  put("peak_gbps", roofline.peak_gbps);
  put("ridge_point", figures.ridge_point);
  if (figures.memory_bound) json["bound"] = *figures.memory_bound ? "memory" : "compute";
  if (!roofline.peak_source.empty()) json["peak_source"] = roofline.peak_source;
  return json;
}

Roofline roofline_from_json(const JsonFields& fields) {
  Roofline roofline;
  roofline.flops = fields.optional_number("flops");
  roofline.bytes = fields.optional_number("bytes");
  roofline.peak_tflops = fields.optional_number("peak_tflops");
  roofline.peak_gbps = fields.optional_number("peak_gbps");
  if (fields.has("peak_source")) roofline.peak_source = fields.text("peak_source");
  return roofline;
}

std::vector<std::string> marker_lines(const std::vector<Marker>& markers) {
  std::vector<std::string> lines;
  for (const auto& marker : markers) lines.push_back(marker.text());
  return lines;
}

nlohmann::json summary_json(const SampleSummary& summary) {
  return {{"unit", "us"}, {"n", summary.n},   {"median", summary.median}, {"min", summary.min},       {"max", summary.max},
          {"q1", summary.q1}, {"q3", summary.q3}, {"mean", summary.mean},     {"stddev", summary.stddev}};
}

SampleSummary summary_from_json(const JsonFields& fields) {
  SampleSummary summary;
  summary.n = size_t(fields.unsigned_integer("n"));
  summary.median = fields.number("median");
  summary.min = fields.number("min");
  summary.max = fields.number("max");
  summary.q1 = fields.number("q1");
  summary.q3 = fields.number("q3");
  summary.mean = fields.number("mean");
  summary.stddev = fields.number("stddev");
  return summary;
}

nlohmann::json samples_json(const SamplesRef& ref) {
  return {{"at", ref.at}, {"bytes", ref.bytes}, {"n", ref.samples}, {"rounds", ref.rounds}};
}

SamplesRef samples_ref_from_json(const JsonFields& fields) {
  return SamplesRef{fields.unsigned_integer("at"), fields.unsigned_integer("bytes"), fields.unsigned_integer("n"),
                    fields.unsigned_integer("rounds")};
}

// --metric instructions: a side's counts, or null. Written only where a run counted, so runs
// that did not keep the format they had.
nlohmann::json instructions_json(const InstructionCount& count) { return {{"tool", count.tool}, {"calls", count.calls}}; }

std::optional<InstructionCount> instructions_from_json(const JsonFields& side) {
  if (!side.has("instructions")) return std::nullopt;
  const JsonFields fields = side.object("instructions");
  InstructionCount count{fields.text("tool"), {}};
  if (count.tool != "callgrind" && count.tool != "cupti")
    fields.fail("tool", "unknown counter '" + count.tool + "' (this abtool knows callgrind and cupti)");
  for (long long calls : fields.integers("calls")) {
    if (calls < 0) fields.fail("calls", "an instruction count is not negative");
    count.calls.push_back(uint64_t(calls));
  }
  if (count.calls.empty()) fields.fail("calls", "at least one counted call");
  return count;
}

// The fields every measured side shares (the point, its baseline, B's own best): how it was
// timed, its summary, and where its samples are.
void write_measurement(nlohmann::json& json, const Measurement& measurement, const SampleSummary& latency,
                       const SamplesRef& samples) {
  json["method"] = spelling(measurement.method);
  json["warmup_calls"] = measurement.warmup_calls;
  json["launches"] = measurement.launches;
  json["latency"] = summary_json(latency);
  json["samples"] = samples_json(samples);
}

// The field a side's samples are named by in the file: inline (results/2) or in samples.bin.
const char* samples_field(const JsonFields& fields) { return fields.has("samples_us") ? "samples_us" : "samples"; }

void check_samples(const JsonFields& fields, const Measurement& measurement) {
  for (size_t i = 0; i < measurement.samples_us.size(); ++i)  // a time is positive: 0 would make a ratio infinite
    if (!(measurement.samples_us[i] > 0) || !std::isfinite(measurement.samples_us[i]))
      fields.fail(samples_field(fields), fmt::format("sample {} is {}: a time is a positive number of microseconds", i + 1,
                                                     measurement.samples_us[i]));
  long long counted = 0;
  for (int size : measurement.round_sizes) counted += size;
  if (!measurement.round_sizes.empty() && counted != (long long)measurement.samples_us.size())
    fields.fail("round_sizes", fmt::format("they add up to {} samples, but {} holds {}", counted, samples_field(fields),
                                           measurement.samples_us.size()));
}

// abtool.results/3: the summary from results.json, the samples from samples.bin (when wanted).
std::pair<Measurement, SampleSummary> read_measurement(const JsonFields& fields, const SamplesReader* samples) {
  Measurement measurement;
  measurement.method = fields.spelled<TimingMethod>("method");
  measurement.warmup_calls = int(fields.integer("warmup_calls"));
  measurement.launches = fields.integer("launches");
  const SampleSummary latency = summary_from_json(fields.object("latency"));
  const SamplesRef ref = samples_ref_from_json(fields.object("samples"));
  if (ref.samples != latency.n)
    fields.fail("samples", fmt::format("n is {}, but the latency summary counts {}", ref.samples, latency.n));
  if (samples) {
    samples->read(ref, measurement, fields.where());
    check_samples(fields, measurement);
  }
  return {std::move(measurement), latency};
}

// abtool.results/2: every sample inline; the summary is derived from them.
std::pair<Measurement, SampleSummary> read_measurement_v2(const JsonFields& fields) {
  Measurement measurement;
  measurement.method = fields.spelled<TimingMethod>("method");
  measurement.warmup_calls = int(fields.integer("warmup_calls"));
  measurement.launches = fields.integer("launches");
  measurement.samples_us = fields.numbers("samples_us");
  for (long long size : fields.integers("round_sizes")) measurement.round_sizes.push_back(int(size));
  if (fields.has("round_clock_mhz")) measurement.round_clock_mhz = fields.numbers("round_clock_mhz");
  check_samples(fields, measurement);
  SampleSummary latency = summarize(measurement.samples_us);
  return {std::move(measurement), latency};
}

// A kept interval (model/stored_interval.h): diff prints it as its own where its inputs match, so
// one that cannot be an interval is a damaged run, not a number to print.
StoredInterval interval_from_json(const JsonFields& fields) {
  StoredInterval interval{fields.text("inputs"), fields.number("ratio"), fields.number("low"), fields.number("high"),
                          int(fields.integer("resamples"))};
  if (interval.inputs.size() != 16 || interval.inputs.find_first_not_of("0123456789abcdef") != std::string::npos)
    fields.fail("inputs", "expected 16 hex digits");
  for (const auto& [name, value] : {std::pair{"ratio", interval.ratio}, {"low", interval.low}, {"high", interval.high}})
    if (!std::isfinite(value) || value <= 0) fields.fail(name, fmt::format("expected a positive ratio, got {}", value));
  if (interval.low > interval.high) fields.fail("low", fmt::format("{} is above high ({})", interval.low, interval.high));
  if (interval.resamples < 1) fields.fail("resamples", fmt::format("expected at least 1, got {}", interval.resamples));
  return interval;
}

// Where a point's time went: every phase a known name, every figure seconds (finite, not negative).
PointTime point_time_from_json(const JsonFields& fields) {
  PointTime time;
  const JsonFields phases = fields.object("phases_s");
  for (const std::string& name : phases.keys()) {
    const auto phase = parse_spelling<PointPhase>(name);
    if (!phase) phases.fail(name.c_str(), fmt::format("not a phase (expected one of {})", spelling_list<PointPhase>()));
    const double seconds = phases.number(name.c_str());
    if (!std::isfinite(seconds) || seconds < 0) phases.fail(name.c_str(), fmt::format("expected seconds, got {}", seconds));
    time.phases.seconds[*phase] = seconds;
  }
  time.wall_s = fields.number("wall_s");
  if (!std::isfinite(time.wall_s) || time.wall_s < 0) fields.fail("wall_s", fmt::format("expected seconds, got {}", time.wall_s));
  return time;
}

}  // namespace

nlohmann::json point_json(const PointRecord& record, const PointSamples& samples) {
  const auto& [point, kernel, success, config, variant, config_source, measurement, latency, markers, verify,
               input_digest, output_digest, binary_hash, binary, baseline, ir_files, roofline, error, compile_ms,
               compile_profile, output_vs_baseline, retuned, gpu, library_config, instructions, counters, time, metrics, build] = record;
  nlohmann::json json{{"op", point.op},
                      {"kernel", kernel},
                      {"shape", point.shape},
                      {"shape_text", point.shape_text()},
                      {"dtype", dtype_name(point.dtype)},
                      {"status", success ? "SUCCESS" : "FAILED"},
                      {"config", config_to_json(config)},
                      {"variant", variant},
                      {"config_source", spelling(config_source)},
                      {"markers", marker_lines(markers)},
                      {"input_digest", input_digest},
                      {"output_digest", output_digest},
                      {"binary_hash", binary_hash},
                      {"binary", binary ? binary->to_json() : nlohmann::json()},
                      {"ir_files", ir_files},
                      {"roofline", roofline_json(roofline, latency.median)},
                      {"error", error},
                      {"compile_ms", compile_ms ? nlohmann::json(*compile_ms) : nlohmann::json()}};
  write_measurement(json, measurement, latency, samples.measured);
  if (instructions) json["instructions"] = instructions_json(*instructions);
  if (counters) json["counters"] = counter_reads_json(*counters);
  if (compile_profile) json["compile_profile"] = compile_profile_json(*compile_profile);
  json["metrics"] = metrics_json(metrics);
  if (time) {
    nlohmann::json phases = nlohmann::json::object();
    for (const auto& [phase, seconds] : time->phases.seconds) phases[std::string(spelling(phase))] = seconds;
    json["phases_s"] = std::move(phases);
    json["wall_s"] = time->wall_s;
  }
  json["baseline"] = nlohmann::json();
  if (baseline) {
    json["baseline"]["binary_hash"] = baseline->binary_hash;
    write_measurement(json["baseline"], baseline->measurement, baseline->latency, samples.baseline.value());
    if (baseline->instructions) json["baseline"]["instructions"] = instructions_json(*baseline->instructions);
    if (baseline->counters) json["baseline"]["counters"] = counter_reads_json(*baseline->counters);
    json["baseline"]["metrics"] = metrics_json(baseline->metrics);
    if (const auto& interval = baseline->interval)
      json["baseline"]["interval"] = {{"inputs", interval->inputs}, {"ratio", interval->ratio}, {"low", interval->low},
                                      {"high", interval->high}, {"resamples", interval->resamples}};
  }
  json["output_vs_baseline"] = nlohmann::json();
  if (output_vs_baseline) {
    json["output_vs_baseline"] = {{"identical", output_vs_baseline->identical}, {"max_abs", output_vs_baseline->max_abs},
                                  {"max_rel", output_vs_baseline->max_rel}, {"differing", output_vs_baseline->differing}};
    if (output_vs_baseline->a_self_max_abs) json["output_vs_baseline"]["a_self_max_abs"] = *output_vs_baseline->a_self_max_abs;
  }
  json["retuned"] = nlohmann::json();
  if (retuned) {
    nlohmann::json& own = json["retuned"];
    own = {{"config", config_to_json(retuned->config)}, {"variant", retuned->variant},
           {"same_as_pinned", retuned->same_as_pinned}, {"binary_hash", retuned->binary_hash},
           {"ir_files", retuned->ir_files},
           {"compile_ms", retuned->compile_ms ? nlohmann::json(*retuned->compile_ms) : nlohmann::json()}};
    write_measurement(own, retuned->measurement, retuned->latency, samples.retuned.value());
  }
  json["gpu"] = gpu ? nlohmann::json{{"index", gpu->index}, {"uuid", gpu->uuid}} : nlohmann::json();
  json["library_config"] = library_config ? nlohmann::json(*library_config) : nlohmann::json();
  if (!build.empty()) json["abtool"] = build;
  if (verify) {
    json["verify"] = {{"status", spelling(verify->status)}, {"max_abs", verify->max_abs}, {"max_rel", verify->max_rel},
                      {"mismatches", verify->mismatches}, {"first_mismatch", verify->first_mismatch},
                      {"skip_reason", verify->skip_reason}};
    if (verify->against) json["verify"]["against"] = spelling(*verify->against);
    if (verify->own_spread) json["verify"]["own_spread"] = *verify->own_spread;
  }
  return json;
}

PointRecord point_from_json(const JsonFields& entry, ResultsVersion version, const SamplesReader* samples) {
  auto measured = [&](const JsonFields& fields) {
    return version == ResultsVersion::v3 ? read_measurement(fields, samples) : read_measurement_v2(fields);
  };
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
  std::tie(record.measurement, record.latency) = measured(fields);
  if (version == ResultsVersion::v2) record.measurement.probe_us = fields.numbers("machine_probe_us");
  for (const auto& line : fields.texts("markers")) {
    auto marker = Marker::parse(line);
    if (!marker) fields.fail("markers", "unknown marker '" + line + "'");
    record.markers.push_back(*marker);
  }
  if (record.success && record.latency.n == 0)
    fields.fail(fields.has("samples_us") ? "samples_us" : "latency", "n is 0: a SUCCESS point needs at least one sample");
  record.input_digest = fields.text("input_digest");
  record.output_digest = fields.text("output_digest");
  record.binary_hash = fields.text("binary_hash");
  if (fields.has("binary")) record.binary = BinaryManifest::from_json(fields.object("binary"));
  if (fields.has("baseline")) {
    const JsonFields baseline = fields.object("baseline");
    record.baseline = Baseline{{}, {}, baseline.text("binary_hash"), {}, {}, {}, {}};
    std::tie(record.baseline->measurement, record.baseline->latency) = measured(baseline);
    if (record.baseline->latency.n == 0)
      baseline.fail(baseline.has("samples_us") ? "samples_us" : "latency", "n is 0: a baseline needs at least one sample");
    record.baseline->instructions = instructions_from_json(baseline);
    record.baseline->counters = counter_reads_from_json(baseline);
    record.baseline->metrics = metrics_from_json(baseline);
    if (baseline.has("interval")) record.baseline->interval = interval_from_json(baseline.object("interval"));
  }
  record.instructions = instructions_from_json(fields);
  record.counters = counter_reads_from_json(fields);
  record.metrics = metrics_from_json(fields);
  record.ir_files = fields.inner_paths("ir_files");
  record.roofline = roofline_from_json(fields.object("roofline"));
  record.error = fields.text("error");
  record.compile_ms = fields.optional_number("compile_ms");
  record.compile_profile = compile_profile_from_json(fields, "compile_profile");
  if (fields.has("phases_s")) record.time = point_time_from_json(fields);
  if (fields.has("output_vs_baseline")) {
    const JsonFields bits = fields.object("output_vs_baseline");
    record.output_vs_baseline = OutputComparison{bits.boolean("identical"), bits.number("max_abs"), bits.number("max_rel"),
                                                 size_t(bits.unsigned_integer("differing")), bits.optional_number("a_self_max_abs")};
  }
  if (fields.has("library_config")) record.library_config = fields.text("library_config");
  if (fields.has("abtool")) record.build = fields.text("abtool");
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
    std::tie(retuned.measurement, retuned.latency) = measured(own);
    retuned.ir_files = own.inner_paths("ir_files");
    retuned.compile_ms = own.optional_number("compile_ms");
    if (!retuned.same_as_pinned && record.success && retuned.latency.n == 0)
      own.fail(own.has("samples_us") ? "samples_us" : "latency",
               "n is 0: B's own best config, when it is not A's, needs at least one sample");
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
    if (verify.has("against")) outcome.against = verify.spelled<VerifiedAgainst>("against");
    outcome.own_spread = verify.optional_number("own_spread");
    record.verify = outcome;
  }
  return record;
}

}  // namespace abt
