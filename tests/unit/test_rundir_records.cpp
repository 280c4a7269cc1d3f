// The run directory's records: written and read back by their one owner, and every kind of
// damage reported as one line naming the file, the point and the field.
#include <gtest/gtest.h>

#include <fstream>

#include "rundir/gpu_parts.h"
#include "rundir/json_fields.h"
#include "rundir/layout.h"
#include "rundir/markers.h"
#include "rundir/meta_record.h"
#include "rundir/results_file.h"
#include "rundir/run_data.h"
#include "rundir/vocabulary.h"
#include "util/files.h"

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
  point.verify = VerifyOutcome{VerifyOutcome::Status::passed, 1e-6, 2e-6, 0, "", ""};
  point.input_digest = "in";
  point.output_digest = "out";
  point.binary_hash = "hash";
  point.ir_files = {"ir/65536/saxpy/UNROLL4.s"};
  point.roofline.flops = 2 * 65536.0;
  return point;
}

class RundirFiles : public ::testing::Test {
 protected:
  void write_results(const nlohmann::json& json) { write_file_atomically(layout_.results(), json.dump()); }
  std::string read_error() {
    try {
      ResultsFile::read(layout_.results());
    } catch (const RunFormatError& error) {
      return error.what();
    }
    return "no error";
  }
  nlohmann::json valid() {
    ResultsFile results;
    results.planned = {"cpu_saxpy/65536/fp32"};
    results.points = {sample_point()};
    return results.to_json();
  }
  TempDir dir_{"abtool-rundir-"};
  RunLayout layout_{dir_.path()};
};

TEST_F(RundirFiles, APointSurvivesTheRoundTrip) {
  write_results(valid());
  ResultsFile read = ResultsFile::read(layout_.results());
  ASSERT_EQ(read.points.size(), 1u);
  const PointRecord& point = read.points[0];
  EXPECT_EQ(point.id(), "cpu_saxpy/65536/fp32");
  EXPECT_EQ(point.config_source, ConfigSource::replay);
  EXPECT_EQ(point.measurement.method, TimingMethod::host);
  EXPECT_EQ(point.measurement.samples_us, (std::vector<double>{3.0, 1.0, 2.0}));
  EXPECT_EQ(point.measurement.round_sizes, (std::vector<int>{2, 1}));
  EXPECT_DOUBLE_EQ(point.latency.median, 2.0);
  ASSERT_EQ(point.markers.size(), 1u);
  EXPECT_EQ(point.markers[0].text(), "AUTOTUNE_REPLAY_FALLBACK reason=missing_key");
  EXPECT_TRUE(point.has_marker(MarkerKind::autotune_replay_fallback));
  ASSERT_TRUE(point.verify.has_value());
  EXPECT_EQ(point.verify->status, VerifyOutcome::Status::passed);
  EXPECT_DOUBLE_EQ(*point.roofline.flops, 131072.0);
  EXPECT_EQ(valid()["schema"], kResultsSchema);
}

TEST_F(RundirFiles, AWrongTypedFieldNamesTheFileThePointAndTheField) {
  auto json = valid();
  json["points"][0]["samples_us"] = {1.0, "fast"};
  write_results(json);
  EXPECT_EQ(read_error(), layout_.results().string() +
                              ": point 1 (cpu_saxpy/65536/fp32): samples_us: expected an array of numbers");
  json = valid();
  json["points"][0]["latency"] = "x";  // derived, not read: no error
  json["points"][0]["method"] = "sundial";
  write_results(json);
  EXPECT_NE(read_error().find("point 1 (cpu_saxpy/65536/fp32): method: unknown value 'sundial' (expected one of: none, host,"),
            std::string::npos)
      << read_error();
  json = valid();
  json["points"][0].erase("dtype");
  write_results(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": point 1: dtype: missing (expected a string)");
  json = valid();
  json["points"][0]["round_sizes"] = {5};
  write_results(json);
  EXPECT_NE(read_error().find("round_sizes: they add up to 5 samples, but samples_us holds 3"), std::string::npos);
  json = valid();
  json["points"][0]["samples_us"] = nlohmann::json::array();
  json["points"][0]["round_sizes"] = nlohmann::json::array();
  write_results(json);
  EXPECT_NE(read_error().find("samples_us: a SUCCESS point needs at least one sample"), std::string::npos);
}

TEST_F(RundirFiles, ATruncatedOrSchemalessFileIsNamed) {
  std::string text = valid().dump();
  write_file_atomically(layout_.results(), text.substr(0, text.size() / 2));
  EXPECT_NE(read_error().find(layout_.results().string() + ": not valid JSON (truncated or damaged at byte"), std::string::npos)
      << read_error();
  auto json = valid();
  json.erase("schema");
  write_results(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": schema: missing; written by an older abtool? (expected abtool.results/2)");
  json["schema"] = "abtool.results/1";
  write_results(json);
  EXPECT_NE(read_error().find("schema: 'abtool.results/1' is not abtool.results/2"), std::string::npos);
}

// A big file's points are parsed side by side (results_file.cpp): the same records, in order,
// and the same message for damage as reading it point after point.
nlohmann::json many_points(int count) {
  ResultsFile results;
  for (int i = 0; i < count; ++i) {
    PointRecord point = sample_point();
    point.point.shape = {1000 + i};
    point.measurement.samples_us = {double(i + 1), 1.0, 2.0};
    results.planned.push_back(point.id());
    results.points.push_back(point);
  }
  return results.to_json();
}

TEST_F(RundirFiles, ManyPointsComeBackInTheirOrder) {
  write_file_atomically(layout_.results(), many_points(300).dump(1));  // with line breaks and indents
  const ResultsFile read = ResultsFile::read(layout_.results());
  ASSERT_EQ(read.points.size(), 300u);
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(read.points[i].id(), "cpu_saxpy/" + std::to_string(1000 + i) + "/fp32");
    EXPECT_EQ(read.points[i].measurement.samples_us[0], double(i + 1));
  }
  EXPECT_EQ(read.planned.size(), 300u);
}

TEST_F(RundirFiles, AmongManyPointsTheDamageReportedIsTheOneAReadInOrderMeets) {
  auto json = many_points(300);
  json["points"][200]["method"] = "sundial";
  json["points"][40]["samples_us"] = {1.0, "fast"};
  write_results(json);
  EXPECT_EQ(read_error(), layout_.results().string() +
                              ": point 41 (cpu_saxpy/1040/fp32): samples_us: expected an array of numbers");
  json["points"][250] = 7;  // checked for every point before any point's fields
  write_results(json);
  EXPECT_EQ(read_error(), layout_.results().string() + ": point 251: expected an object");
  json["schema"] = "abtool.results/1";  // the file's own fields come first
  write_results(json);
  EXPECT_NE(read_error().find(": schema: 'abtool.results/1' is not abtool.results/2"), std::string::npos) << read_error();

  // Broken JSON inside one point: named by its byte in the file, as a parse of the whole names it.
  std::string text = many_points(300).dump();
  const size_t inside = text.find("\"samples_us\":[", text.size() / 2);
  text.insert(inside + 14, ",");
  write_file_atomically(layout_.results(), text);
  size_t byte = 0;
  try {
    const nlohmann::json parsed = nlohmann::json::parse(text);
    ADD_FAILURE() << "the damage did not break the JSON";
  } catch (const nlohmann::json::parse_error& error) {
    byte = error.byte;
  }
  ASSERT_GT(byte, 0u);
  EXPECT_EQ(read_error(), layout_.results().string() + ": not valid JSON (truncated or damaged at byte " +
                              std::to_string(byte) + ")");
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
  write_file_atomically(layout_.meta(), meta.to_json().dump());
  MetaRecord read = MetaRecord::read(layout_.meta());
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

TEST_F(RundirFiles, APointsGpuAndARunsDevicesSurviveTheRoundTrip) {
  ResultsFile results;
  results.planned = {"cpu_saxpy/65536/fp32"};
  results.points = {sample_point()};
  results.points[0].gpu = PointGpu{1, "GPU-95427054-539b-f731-fbe0-04447ab13d1d"};
  write_file_atomically(layout_.results(), results.to_json().dump());
  const ResultsFile read = ResultsFile::read(layout_.results());
  ASSERT_TRUE(read.points[0].gpu);
  EXPECT_EQ(read.points[0].gpu->index, 1);
  EXPECT_EQ(read.points[0].gpu->uuid, "GPU-95427054-539b-f731-fbe0-04447ab13d1d");

  MetaRecord meta;
  meta.gpus = {{{"name", "NVIDIA H200"}, {"index", 0}}, {{"name", "NVIDIA H200"}, {"index", 1}}};
  write_file_atomically(layout_.meta(), meta.to_json().dump());
  EXPECT_EQ(MetaRecord::read(layout_.meta()).gpus, meta.gpus);
  meta.gpus.clear();
  EXPECT_FALSE(meta.to_json().contains("gpus")) << "one device: no list";
}

TEST_F(RundirFiles, GpuPartsSurviveTheRoundTripAndAPartOutsideTheRunIsRefused) {
  GpuPartsRecord record;
  record.mode = RunMode::replay;
  record.command_line = {"abtool", "replay", "--from", "A", "--gpus", "all"};
  record.working_directory = "/work";
  record.parts = {{0, "NVIDIA H200", "GPU-a", "gpu0", {"replay", "--from", "A", "--gpu", "0", "--shard", "0/2"}},
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
  write_results(valid());
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

}  // namespace abt
