// The run directory's records: written and read back by their one owner, and every kind of
// damage reported as one line naming the file, the point and the field.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>

#include "rundir/gpu_parts.h"
#include "model/json_fields.h"
#include "rundir/layout.h"
#include "model/markers.h"
#include "rundir/meta_record.h"
#include "rundir/results_file.h"
#include "rundir/result_table.h"
#include "rundir/run_data.h"
#include "model/vocabulary.h"
#include "util/files.h"
#include "rundir/samples_file.h"

namespace abt {
namespace fs = std::filesystem;

PointRecord sample_point() {
  PointRecord point;
  point.point = Point{"cpu_saxpy", {65536}, DType::fp32};
  point.kernel = "saxpy";
  point.success = true;
  point.config = {{"UNROLL", "4"}};
  point.variant = "UNROLL4";
  point.config_source = ConfigSource::replay;
  point.measurement.method = TimingMethod::host;
  point.measurement.warmup_calls = 7;
  point.measurement.launches = 40;
  point.measurement.samples_us = {3.0, 1.0, 2.0};
  point.measurement.round_sizes = {2, 1};
  point.measurement.probe_us = {50, 51};
  point.latency = summarize(point.measurement.samples_us);
  point.markers = {replay_fallback_marker(FallbackReason::missing_key)};
  point.verify = VerifyOutcome{VerifyOutcome::Status::passed, 1e-6, 2e-6, 0, "", "", VerifiedAgainst::baseline_output};
  point.input_digest = "in";
  point.output_digest = "out";
  point.binary_hash = "hash";
  point.ir_files = {"ir/65536/saxpy/UNROLL4.s"};
  point.roofline.flops = 2 * 65536.0;
  return point;
}

// Many points are decoded side by side (results_file.cpp): the same records, in order, and the
// first damage in file order is the one reported.
ResultsFile many_points(int count) {
  ResultsFile results;
  results.complete = true;
  for (int i = 0; i < count; ++i) {
    PointRecord point = sample_point();
    point.point.shape = {1000 + i};
    point.measurement.samples_us = {double(i + 1), 1.0, 2.0};
    results.planned.push_back(point.id());
    results.points.push_back(point);
  }
  return results;
}

class RundirFiles : public ::testing::Test {
 protected:
  void write(const ResultsFile& results) { ResultsWriter::write(layout_.results(), layout_.samples(), results); }
  // The whole finished file as one JSON document, to damage a field of it.
  nlohmann::json document() { return nlohmann::json::parse(read_text_file(layout_.results())); }
  nlohmann::json fresh() {  // valid() written, as a document
    write(valid());
    return document();
  }
  void write_document(const nlohmann::json& json) { write_file_atomically(layout_.results(), json.dump()); }
  std::string read_error(ResultsFile::Samples samples = ResultsFile::Samples::read) {
    try {
      ResultsFile::read(layout_.results(), samples);
    } catch (const RunFormatError& error) {
      return error.what();
    }
    return "no error";
  }
  ResultsFile valid() {
    ResultsFile results;
    results.complete = true;
    results.planned = {"cpu_saxpy/65536/fp32"};
    results.points = {sample_point()};
    return results;
  }
  TempDir dir_{"abtool-rundir-"};
  RunLayout layout_{dir_.path()};
};

TEST_F(RundirFiles, APointSurvivesTheRoundTrip) {
  write(valid());
  ResultsFile read = ResultsFile::read(layout_.results());
  ASSERT_EQ(read.points.size(), 1u);
  EXPECT_TRUE(read.complete);
  const PointRecord& point = read.points[0];
  EXPECT_EQ(point.id(), "cpu_saxpy/65536/fp32");
  EXPECT_EQ(point.config_source, ConfigSource::replay);
  EXPECT_EQ(point.measurement.method, TimingMethod::host);
  EXPECT_EQ(point.measurement.samples_us, (std::vector<double>{3.0, 1.0, 2.0}));
  EXPECT_EQ(point.measurement.round_sizes, (std::vector<int>{2, 1}));
  EXPECT_EQ(point.measurement.probe_us, (std::vector<double>{50, 51}));
  EXPECT_DOUBLE_EQ(point.latency.median, 2.0);
  ASSERT_EQ(point.markers.size(), 1u);
  EXPECT_EQ(point.markers[0].text(), "AUTOTUNE_REPLAY_FALLBACK reason=missing_key");
  EXPECT_TRUE(point.has_marker(MarkerKind::autotune_replay_fallback));
  ASSERT_TRUE(point.verify.has_value());
  EXPECT_EQ(point.verify->status, VerifyOutcome::Status::passed);
  EXPECT_EQ(point.verify->against, VerifiedAgainst::baseline_output);
  EXPECT_DOUBLE_EQ(*point.roofline.flops, 131072.0);
  EXPECT_EQ(document()["schema"], kResultsSchema);
  // The samples are in the sidecar, not in results.json; skipping them keeps the summaries.
  EXPECT_FALSE(document()["points"][0].contains("samples_us"));
  const ResultsFile summaries = ResultsFile::read(layout_.results(), ResultsFile::Samples::skip);
  EXPECT_TRUE(summaries.points[0].measurement.samples_us.empty());
  EXPECT_DOUBLE_EQ(summaries.points[0].latency.median, 2.0);
}

// SPEC section 5: results.json is written as the run goes, a line per point; a run killed midway
// leaves a file without its end line, which still reads, and one torn mid-line drops that line.
// Issue "Resilience III": a killed run whose samples.bin was then cut, deleted or overwritten is not
// resumed into a "finished" run no reader can open: reopening refuses, naming the sidecar.
TEST_F(RundirFiles, ReopeningOverADamagedSamplesSidecarIsRefusedNamingIt) {
  const std::vector<std::string> planned{"cpu_saxpy/1/fp32", "cpu_saxpy/2/fp32", "cpu_saxpy/3/fp32"};
  auto killed_run = [&] {
    ResultsWriter writer = ResultsWriter::create(layout_.results(), layout_.samples(), planned);
    for (long long n : {1, 2}) {
      PointRecord point = sample_point();
      point.point.shape = {n};
      writer.append(point);
    }
  };
  const auto refused = [&](const char* damage) {
    SCOPED_TRACE(damage);
    ResultsFile existing;
    try {
      ResultsWriter::reopen(layout_.results(), layout_.samples(), existing);
      ADD_FAILURE() << "reopened";
    } catch (const RunFormatError& error) {
      EXPECT_NE(std::string(error.what()).find("samples.bin"), std::string::npos) << error.what();
      EXPECT_NE(std::string(error.what()).find("cannot be finished"), std::string::npos) << error.what();
    }
  };
  killed_run();
  std::filesystem::resize_file(layout_.samples(), std::filesystem::file_size(layout_.samples()) - 8);
  refused("cut short");
  killed_run();
  std::filesystem::remove(layout_.samples());
  refused("deleted");
  killed_run();
  std::string bytes = read_text_file(layout_.samples());
  bytes[bytes.size() - 3] ^= 0x5a;
  write_file_atomically(layout_.samples(), bytes);
  refused("overwritten");
}

TEST_F(RundirFiles, AFileWrittenPointByPointReadsAtEveryMomentAndReopensWhereItStopped) {
  ResultsFile three = valid();
  three.planned = {"cpu_saxpy/1/fp32", "cpu_saxpy/2/fp32", "cpu_saxpy/3/fp32"};
  three.points.clear();
  for (long long n : {1, 2, 3}) {
    PointRecord point = sample_point();
    point.point.shape = {n};
    point.measurement.samples_us = {double(n), 1.0, 2.0};
    three.points.push_back(point);
  }
  {
    ResultsWriter writer = ResultsWriter::create(layout_.results(), layout_.samples(), three.planned);
    EXPECT_TRUE(ResultsFile::read(layout_.results()).points.empty());
    writer.append(three.points[0]);
    writer.append(three.points[1]);
  }
  ResultsFile killed = ResultsFile::read(layout_.results());
  EXPECT_FALSE(killed.complete);
  ASSERT_EQ(killed.points.size(), 2u);
  EXPECT_EQ(killed.points[1].measurement.samples_us[0], 2.0);
  std::string text = read_text_file(layout_.results());
  EXPECT_NO_THROW(nlohmann::json::parse(text)) << "one JSON document while the run goes on";
  // A write torn by a kill (after some of its pages) is not a point: the point's beginning alone,
  // or with the running line's leftovers after it.
  const std::string before_tail = text.substr(0, text.rfind("],\"complete\""));
  write_file_atomically(layout_.results(), before_tail + ",{\"op\":\"cpu_sax" + "ing\":true}\n");
  EXPECT_EQ(ResultsFile::read(layout_.results()).points.size(), 2u);
  write_file_atomically(layout_.results(), before_tail + ",{\"op\":\"cpu_sax");
  EXPECT_EQ(ResultsFile::read(layout_.results()).points.size(), 2u);
  {
    ResultsFile existing;
    ResultsWriter writer = ResultsWriter::reopen(layout_.results(), layout_.samples(), existing);
    EXPECT_EQ(existing.points.size(), 2u);
    EXPECT_TRUE(existing.points[0].measurement.samples_us.empty()) << "reopening hands on summaries only";
    writer.append(three.points[2]);
    writer.finish(false);  // interrupted
  }
  EXPECT_FALSE(ResultsFile::read(layout_.results()).complete);
  EXPECT_NO_THROW(nlohmann::json::parse(read_text_file(layout_.results()))) << "an ended file is one JSON document";
  {
    ResultsFile existing;
    ResultsWriter writer = ResultsWriter::reopen(layout_.results(), layout_.samples(), existing);
    EXPECT_EQ(existing.points.size(), 3u);
    writer.finish(true);
  }
  const ResultsFile read = ResultsFile::read(layout_.results());
  EXPECT_TRUE(read.complete);
  ASSERT_EQ(read.points.size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(read.points[i].measurement.samples_us, three.points[i].measurement.samples_us);
}

TEST_F(RundirFiles, AWrongTypedFieldNamesTheFileThePointAndTheField) {
  auto json = fresh();
  json["points"][0]["method"] = "sundial";
  write_document(json);
  EXPECT_NE(read_error().find("point 1 (cpu_saxpy/65536/fp32): method: unknown value 'sundial' (expected one of: none, host,"),
            std::string::npos)
      << read_error();
  json = fresh();
  json["points"][0].erase("dtype");
  write_document(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": point 1: dtype: missing (expected a string)");
  json = fresh();
  json["points"][0]["latency"]["median"] = "fast";
  write_document(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": point 1 (cpu_saxpy/65536/fp32): latency: median: expected a number");
  json = fresh();
  json["points"][0]["samples"]["n"] = 0;
  json["points"][0]["latency"]["n"] = 0;
  write_document(json);
  EXPECT_NE(read_error(ResultsFile::Samples::skip).find("latency: n is 0: a SUCCESS point needs at least one sample"),
            std::string::npos)
      << read_error(ResultsFile::Samples::skip);
}

// An interleaved replay's point keeps its pair's interval beside A's samples (model/stored_interval.h):
// the same bits come back, and one that cannot be an interval is a damaged run, named.
TEST_F(RundirFiles, AKeptIntervalSurvivesTheRoundTripAndItsDamageIsNamed) {
  ResultsFile results = valid();
  PointRecord& point = results.points[0];
  point.baseline = Baseline{point.measurement, point.latency, "a-code"};
  point.baseline->interval = StoredInterval{"0123456789abcdef", 1.0 / 3.0, 0.1 + 0.2, 1.0000000000000002, 1000};
  write(results);
  const PointRecord read = ResultsFile::read(layout_.results()).points[0];
  ASSERT_TRUE(read.baseline && read.baseline->interval);
  const StoredInterval& interval = *read.baseline->interval;
  EXPECT_EQ(interval.inputs, "0123456789abcdef");
  EXPECT_EQ(interval.ratio, 1.0 / 3.0);  // bit for bit: diff prints it as its own
  EXPECT_EQ(interval.low, 0.1 + 0.2);
  EXPECT_EQ(interval.high, 1.0000000000000002);
  EXPECT_EQ(interval.resamples, 1000);

  const nlohmann::json kept = document();
  auto damaged = [&](const char* field, const nlohmann::json& value) {
    nlohmann::json json = kept;
    json["points"][0]["baseline"]["interval"][field] = value;
    write_document(json);
    return read_error();
  };
  EXPECT_NE(damaged("inputs", "../../etc").find("baseline: interval: inputs: expected 16 hex digits"), std::string::npos)
      << damaged("inputs", "../../etc");
  EXPECT_NE(damaged("low", -1).find("interval: low: expected a positive ratio, got -1"), std::string::npos) << damaged("low", -1);
  EXPECT_NE(damaged("low", 2).find("interval: low: 2 is above high"), std::string::npos) << damaged("low", 2);
  EXPECT_NE(damaged("high", "wide").find("interval: high: expected a number"), std::string::npos) << damaged("high", "wide");
  EXPECT_NE(damaged("resamples", 0).find("interval: resamples: expected at least 1, got 0"), std::string::npos);
}

// Where a point's time went (phases_s, wall_s): the same figures come back, and a phase that is
// not one, or seconds that are not, is a damaged run, named.
TEST_F(RundirFiles, APointsPhasesSurviveTheRoundTripAndTheirDamageIsNamed) {
  ResultsFile results = valid();
  PointTime time;
  time.phases.add(PointPhase::inputs, 0.25);
  time.phases.add(PointPhase::timing, 1.0 / 3.0);
  time.phases.add(PointPhase::files, 0.125);
  time.wall_s = 1.75;
  results.points[0].time = time;
  write(results);
  const PointRecord read = ResultsFile::read(layout_.results()).points[0];
  ASSERT_TRUE(read.time);
  EXPECT_EQ(read.time->phases.seconds, time.phases.seconds);
  EXPECT_EQ(read.time->wall_s, 1.75);
  EXPECT_EQ(document()["points"][0]["phases_s"]["timing"].get<double>(), 1.0 / 3.0);

  const nlohmann::json kept = document();
  auto damaged = [&](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json json = kept;
    edit(json["points"][0]);
    write_document(json);
    return read_error();
  };
  const std::string unknown = damaged([](nlohmann::json& point) { point["phases_s"]["lunch"] = 1; });
  EXPECT_NE(unknown.find("phases_s: lunch: not a phase (expected one of compile, inputs"), std::string::npos) << unknown;
  const std::string negative = damaged([](nlohmann::json& point) { point["phases_s"]["inputs"] = -1; });
  EXPECT_NE(negative.find("inputs: expected seconds, got -1"), std::string::npos) << negative;
  const std::string text = damaged([](nlohmann::json& point) { point["phases_s"]["inputs"] = "slow"; });
  EXPECT_NE(text.find("inputs: expected a number"), std::string::npos) << text;
  const std::string no_wall = damaged([](nlohmann::json& point) { point.erase("wall_s"); });
  EXPECT_NE(no_wall.find("wall_s"), std::string::npos) << no_wall;
}

TEST_F(RundirFiles, ADamagedOrMisplacedSamplesRecordIsNamed) {
  ResultsFile two = many_points(2);
  write(two);
  auto json = document();
  json["points"][0]["samples"]["at"] = json["points"][0]["samples"]["at"].get<uint64_t>() + 8;
  write_document(json);
  EXPECT_NE(read_error().find("point 1 (cpu_saxpy/1000/fp32): samples.bin: samples at byte"), std::string::npos) << read_error();
  EXPECT_NE(read_error().find("no record starts there"), std::string::npos) << read_error();
  json = fresh();
  json["points"][0]["samples"]["n"] = 4;
  json["points"][0]["latency"]["n"] = 4;
  write_document(json);
  EXPECT_NE(read_error().find("it holds 3 samples in 2 rounds, results.json says 4 in 2"), std::string::npos) << read_error();
  write(valid());
  std::string samples = read_text_file(layout_.samples());
  samples[samples.size() - 9] ^= 0x40;  // a bit of the last record's payload
  write_file_atomically(layout_.samples(), samples);
  EXPECT_NE(read_error().find("its checksum does not match (damaged)"), std::string::npos) << read_error();
  write_file_atomically(layout_.samples(), samples.substr(0, samples.size() / 2));
  EXPECT_NE(read_error().find("lie outside the file's"), std::string::npos) << read_error();
  fs::remove(layout_.samples());
  EXPECT_NE(read_error().find("samples.bin: missing or unreadable"), std::string::npos) << read_error();
  json = fresh();
  json["samples"] = "../elsewhere.bin";
  write_document(json);
  EXPECT_NE(read_error().find("samples: '../elsewhere.bin' is not a file name beside results.json"), std::string::npos)
      << read_error();
}

TEST_F(RundirFiles, ATruncatedOrSchemalessFileIsNamed) {
  std::string text = fresh().dump();
  write_file_atomically(layout_.results(), text.substr(0, text.size() / 2));
  EXPECT_NE(read_error().find(layout_.results().string() + ": not valid JSON (truncated or damaged at byte"), std::string::npos)
      << read_error();
  auto json = fresh();
  json.erase("schema");
  write_document(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": schema: missing; written by an older abtool? (expected " + std::string(kResultsSchema) + ")");
  json["schema"] = "abtool.results/1";
  write_document(json);
  EXPECT_NE(read_error().find("schema: 'abtool.results/1' is not " + std::string(kResultsSchema) + " or an earlier version this abtool reads"),
            std::string::npos)
      << read_error();
  // A damaged line of a file in the line layout names the point.
  write(valid());
  text = read_text_file(layout_.results());
  text.replace(text.find("\"kernel\""), 8, "\"kernel\"}");
  write_file_atomically(layout_.results(), text);
  EXPECT_NE(read_error().find(": point 1: not valid JSON (damaged at byte"), std::string::npos) << read_error();
}

// abtool.results/2 (older abtool): every sample inline; still read, samples and summaries alike.
TEST_F(RundirFiles, AnOlderRunWithItsSamplesInlineIsStillRead) {
  write(valid());
  auto json = document();
  json["schema"] = kResultsSchemaV2;
  auto& point = json["points"][0];
  point.erase("samples");
  point["samples_us"] = {3.0, 1.0, 2.0};
  point["round_sizes"] = {2, 1};
  point["round_clock_mhz"] = nlohmann::json::array();
  point["machine_probe_us"] = {50, 51};
  write_document(json);
  ResultsFile read = ResultsFile::read(layout_.results());
  ASSERT_EQ(read.points.size(), 1u);
  EXPECT_EQ(read.points[0].measurement.samples_us, (std::vector<double>{3.0, 1.0, 2.0}));
  EXPECT_EQ(read.points[0].measurement.probe_us, (std::vector<double>{50, 51}));
  EXPECT_DOUBLE_EQ(read.points[0].latency.median, 2.0);
  point["samples_us"] = {1.0, "fast"};
  write_document(json);
  EXPECT_EQ(read_error(), layout_.results().string() +
                              ": point 1 (cpu_saxpy/65536/fp32): samples_us: expected an array of numbers");
  point["samples_us"] = {3.0, 1.0, 2.0};
  point["round_sizes"] = {5};
  write_document(json);
  EXPECT_NE(read_error().find("round_sizes: they add up to 5 samples, but samples_us holds 3"), std::string::npos);
  // Resumed by this abtool: written again in the current format, its samples kept.
  point["round_sizes"] = {2, 1};
  json["complete"] = false;
  write_document(json);
  {
    ResultsFile existing;
    ResultsWriter writer = ResultsWriter::reopen(layout_.results(), layout_.samples(), existing);
    writer.finish(true);
  }
  EXPECT_EQ(document()["schema"], kResultsSchema);
  EXPECT_EQ(ResultsFile::read(layout_.results()).points[0].measurement.samples_us, (std::vector<double>{3.0, 1.0, 2.0}));
}

TEST_F(RundirFiles, ManyPointsComeBackInTheirOrder) {
  write(many_points(300));
  write_file_atomically(layout_.results(), document().dump(1));  // reformatted: one document with line breaks
  const ResultsFile read = ResultsFile::read(layout_.results());
  ASSERT_EQ(read.points.size(), 300u);
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(read.points[i].id(), "cpu_saxpy/" + std::to_string(1000 + i) + "/fp32");
    EXPECT_EQ(read.points[i].measurement.samples_us[0], double(i + 1));
  }
  EXPECT_EQ(read.planned.size(), 300u);
}

TEST_F(RundirFiles, AmongManyPointsTheDamageReportedIsTheOneAReadInOrderMeets) {
  write(many_points(300));
  auto json = document();
  json["points"][200]["method"] = "sundial";
  json["points"][40]["launches"] = "many";
  write_document(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": point 41 (cpu_saxpy/1040/fp32): launches: expected an integer");
  json["points"][250] = 7;
  write_document(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": point 251: expected an object");
  json["schema"] = "abtool.results/1";  // the file's own fields come first
  write_document(json);
  EXPECT_NE(read_error().find(": schema: 'abtool.results/1' is not " + std::string(kResultsSchema)), std::string::npos) << read_error();
}

TEST_F(RundirFiles, MetaSurvivesTheRoundTripAndItsDamageIsNamed) {
  MetaRecord meta;
  meta.mode = RunMode::replay;
  meta.replay_from = "/runs/A";
  meta.compiler.backend = BackendKind::nvrtc;
  meta.compiler.flags = {"-O3"};
  meta.reference_compilers["cpp"].backend = BackendKind::host;
  meta.timing = {TimerKind::cupti, 100, 200, 3, GraphPhase::capture};
  meta.seed = 18446744073709551615ull;
  meta.selection.ops = {"softmax"};
  meta.selection.dtypes = {DType::bf16};
  meta.status = RunStatus::finished;
  meta.compile_instructions = true;
  write_file_atomically(layout_.meta(), meta.to_json().dump());
  MetaRecord read = MetaRecord::read(layout_.meta());
  EXPECT_TRUE(read.compile_instructions);
  EXPECT_EQ(read.mode, RunMode::replay);
  EXPECT_EQ(read.replay_from->string(), "/runs/A");
  EXPECT_EQ(read.compiler, meta.compiler);
  EXPECT_EQ(read.reference_compilers.at("cpp").backend, BackendKind::host);
  EXPECT_EQ(read.timing, meta.timing);
  EXPECT_EQ(read.seed, meta.seed);
  EXPECT_EQ(read.selection.dtypes, std::vector<DType>{DType::bf16});
  EXPECT_EQ(read.status, RunStatus::finished);

  auto json = meta.to_json();
  json["timing"]["rounds"] = "ten";
  write_file_atomically(layout_.meta(), json.dump());
  try {
    MetaRecord::read(layout_.meta());
    FAIL();
  } catch (const RunFormatError& error) {
    EXPECT_EQ(std::string(error.what()), layout_.meta().string() + ": timing: rounds: expected an integer");
  }
}

// Shards count from 1 at every edge since abtool.meta/4; a run written before says "0/4" for the
// first of four, and is still read as the first.
TEST_F(RundirFiles, AShardCountsFromOneAndAnOlderRunsFromZero) {
  EXPECT_EQ(Shard::parse("1/4"), (Shard{0, 4}));
  EXPECT_EQ(Shard::parse("4/4"), (Shard{3, 4}));
  EXPECT_FALSE(Shard::parse("0/4"));
  EXPECT_FALSE(Shard::parse("5/4"));
  EXPECT_EQ(Shard::parse_from_zero("0/4"), (Shard{0, 4}));
  EXPECT_FALSE(Shard::parse_from_zero("4/4"));
  EXPECT_EQ((Shard{2, 4}).text(), "3/4");

  MetaRecord meta;
  meta.selection.shard = Shard{0, 4};
  auto json = meta.to_json();
  EXPECT_EQ(json["selection"]["shard"], "1/4");
  write_file_atomically(layout_.meta(), json.dump());
  EXPECT_EQ(MetaRecord::read(layout_.meta()).selection.shard, (Shard{0, 4}));
  json["schema"] = "abtool.meta/3";
  json["selection"]["shard"] = "0/4";
  write_file_atomically(layout_.meta(), json.dump());
  EXPECT_EQ(MetaRecord::read(layout_.meta()).selection.shard, (Shard{0, 4})) << "meta/3 counted from 0";
  json["selection"]["shard"] = "4/4";
  write_file_atomically(layout_.meta(), json.dump());
  EXPECT_THROW(MetaRecord::read(layout_.meta()), RunFormatError) << "meta/3 had no part 4 of 4";
}

TEST_F(RundirFiles, APointsGpuAndARunsDevicesSurviveTheRoundTrip) {
  ResultsFile results = valid();
  results.points[0].gpu = PointGpu{1, "GPU-95427054-539b-f731-fbe0-04447ab13d1d"};
  write(results);
  const ResultsFile read = ResultsFile::read(layout_.results());
  ASSERT_TRUE(read.points[0].gpu);
  EXPECT_EQ(read.points[0].gpu->index, 1);
  EXPECT_EQ(read.points[0].gpu->uuid, "GPU-95427054-539b-f731-fbe0-04447ab13d1d");

  MetaRecord meta;
  DeviceRecord h200;
  h200.name = "NVIDIA H200";
  h200.uuid = "GPU-a";
  h200.cc = "sm_90";
  h200.sm_count = 132;
  h200.sm_clock_max_mhz = 1980;
  meta.gpus = {h200, h200};
  meta.gpus[1].index = 1;
  meta.gpus[1].uuid = "GPU-b";
  meta.gpu = h200;
  meta.host.cpu = "an x86 CPU";
  meta.host.logical_cores = 16;
  write_file_atomically(layout_.meta(), meta.to_json().dump());
  const MetaRecord back = MetaRecord::read(layout_.meta());
  EXPECT_EQ(back.gpus, meta.gpus);
  EXPECT_EQ(back.gpu, meta.gpu);
  EXPECT_EQ(back.host, meta.host);
  meta.gpus.clear();
  EXPECT_FALSE(meta.to_json().contains("gpus")) << "one device: no list";
  meta.gpu = DeviceRecord{};
  meta.gpu.unavailable = "no CUDA driver";
  write_file_atomically(layout_.meta(), meta.to_json().dump());
  EXPECT_EQ(MetaRecord::read(layout_.meta()).gpu.unavailable, "no CUDA driver");
  EXPECT_FALSE(MetaRecord::read(layout_.meta()).gpu.present());
}

TEST_F(RundirFiles, GpuPartsSurviveTheRoundTripAndAPartOutsideTheRunIsRefused) {
  GpuPartsRecord record;
  record.mode = RunMode::replay;
  record.command_line = {"abtool", "replay", "--from", "A", "--gpus", "all"};
  record.working_directory = "/work";
  record.parts = {{0, "NVIDIA H200", "GPU-a", "gpu0", {"replay", "--from", "A", "--gpu", "0", "--shard", "1/2"}},
                  {1, "NVIDIA H200", "GPU-b", "gpu1", {"replay", "--from", "A", "--gpu", "1", "--shard", "1/2"}}};
  record.write(dir_.path());
  const GpuPartsRecord read = GpuPartsRecord::read(dir_.path());
  EXPECT_EQ(read.mode, RunMode::replay);
  EXPECT_EQ(read.command_line, record.command_line);
  ASSERT_EQ(read.parts.size(), 2u);
  EXPECT_EQ(read.parts[1].args, record.parts[1].args);
  EXPECT_EQ(read.part_dir(dir_.path(), read.parts[1]), dir_.path() / "parts" / "gpu1");

  record.parts[1].dir = "../elsewhere";
  record.write(dir_.path());
  EXPECT_THROW(GpuPartsRecord::read(dir_.path()), RunFormatError);
  record.parts.clear();
  record.write(dir_.path());
  EXPECT_THROW(GpuPartsRecord::read(dir_.path()), RunFormatError);
}

TEST_F(RundirFiles, AMissingMetaOrADuplicatePointIsARunFormatError) {
  write(valid());
  EXPECT_THROW(read_run(dir_.path()), RunFormatError);  // results.json but no meta.json
  TempDir empty("abtool-empty-");
  EXPECT_THROW(read_run(empty.path()), InputError);
}

TEST(Markers, EverySpellingOfTheContractParsesBack) {
  for (const auto& [kind, name] : Spellings<MarkerKind>::table) {
    auto marker = Marker::parse(std::string(name) + " x=1");
    ASSERT_TRUE(marker) << name;
    EXPECT_EQ(marker->kind, kind);
    EXPECT_EQ(marker->detail, "x=1");
  }
  EXPECT_FALSE(Marker::parse("VERIFY_FAILEDX max_abs=1"));
  EXPECT_FALSE(Marker::parse("something else"));
  EXPECT_EQ(no_cudagraph_marker(GraphPhase::capture, "said \"no\"\nthen").text(),
            "BENCHMARK_DIRECT_NO_CUDAGRAPH phase=capture reason=\"said 'no' then\"");
  EXPECT_EQ(verify_failed_marker(1, 0.5).text(), "VERIFY_FAILED max_abs=1 max_rel=0.5");
}

TEST(Vocabulary, SpellingsParseBackAndUnknownWordsDoNot) {
  EXPECT_EQ(parse_spelling<TimerKind>("cupti"), TimerKind::cupti);
  EXPECT_EQ(spelling(TimingMethod::mixed), "mixed");
  EXPECT_EQ(parse_spelling<BackendKind>("nvcc"), BackendKind::nvcc);
  EXPECT_FALSE(parse_spelling<BackendKind>("gcc"));
  EXPECT_EQ(spelling_list<TimerKind>(), "graph, cupti, direct");
}

TEST(Measurement, RoundsAppendInOrder) {
  Measurement total, first, second;
  first.method = second.method = TimingMethod::host;
  first.warmup_calls = 7;
  first.launches = 10;
  first.samples_us = {1, 2};
  second.warmup_calls = 5;
  second.launches = 8;
  second.samples_us = {3};
  second.markers = {verify_failed_marker(1, 1)};
  append_round(total, first);
  append_round(total, second);
  EXPECT_EQ(total.samples_us, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(total.round_sizes, (std::vector<int>{2, 1}));
  EXPECT_EQ(total.warmup_calls, 7);
  EXPECT_EQ(total.launches, 18);
  EXPECT_EQ(total.markers.size(), 1u);
  Measurement direct;
  direct.method = TimingMethod::direct;
  append_round(total, direct);
  EXPECT_EQ(total.method, TimingMethod::mixed);
}

// Issue 61: record's and replay's final table ignored the terminal's width (diff adapts to it).
TEST(ResultTable, FitsTheWidthBySparingColumnsThenMovingTheDetailUnderItsRow) {
  PointRecord ok = sample_point();
  PointRecord failed = sample_point();
  failed.point.shape = {1048576};
  failed.success = false;
  failed.error = "verification failed: out[12]: got 1, expected 0.578125 (max_rel 2.6e7) at the 3rd of 3 checks";
  const std::vector<PointRecord> points{ok, failed};
  const std::string whole = result_table(points);
  EXPECT_NE(whole.find("q1..q3"), std::string::npos);
  EXPECT_NE(whole.find("GFLOP/s"), std::string::npos);
  const std::string narrow = result_table(points, 80);
  size_t longest = 0;
  for (size_t start = 0, end; (end = narrow.find('\n', start)) != std::string::npos; start = end + 1)
    longest = std::max(longest, end - start);
  EXPECT_LE(longest, 80u) << narrow;
  EXPECT_EQ(narrow.find("q1..q3"), std::string::npos) << "the spread goes first: " << narrow;
  EXPECT_NE(narrow.find("median"), std::string::npos) << narrow;
  EXPECT_NE(narrow.find("\n    verification failed: out[12]"), std::string::npos) << "the error under its row: " << narrow;
  EXPECT_NE(narrow.find("2 points: 1 SUCCESS, 1 FAILED"), std::string::npos);
}

}  // namespace abt
