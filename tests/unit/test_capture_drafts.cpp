// capture/: what the shim wrote (abtool.capture_raw/1) read into typed records, and those
// grouped into ops (op_drafts.h): how a tensor is used across an op's launches, what a point's
// case holds, why a launch is not captured, the tolerance's scale.
#include <gtest/gtest.h>

#include <cstring>

#include <nlohmann/json.hpp>

#include "op_drafts.h"
#include "raw_capture.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt::capture {
namespace {

using nlohmann::json;

std::string sha(char digit) { return std::string(64, digit); }

json tensor(const std::string& name, long long n, bool written) {
  return {{"name", name}, {"type", "*fp32"}, {"kind", "tensor"}, {"dtype", "fp32"}, {"shape", {n}}, {"strides", {1}},
          {"extent", n}, {"bytes", 4 * n}, {"integer", false}, {"contiguous", true}, {"divisible", true},
          {"written", written}};
}

// A launch of `lib.ops.k(x_ptr, y_ptr, n)` as the shim records it.
json launch(long long n, json y, std::optional<bool> reads_what_it_writes) {
  json x = tensor("x_ptr", n, false);
  x["input"] = sha('a' + char(n % 5));
  return {{"kernel", {{"name", "k"}, {"module", "lib.ops"}, {"file", "/site/lib/ops.py"}, {"importable", true}}},
          {"args", {x, y, {{"name", "n"}, {"type", "i32"}, {"kind", "scalar"}, {"dtype", "i32"}, {"value", n}}}},
          {"grid", {(n + 255) / 256, 1, 1}},
          {"options", {{"num_warps", 4}, {"num_stages", 3}, {"num_ctas", 1}}},
          {"tuner", {{"kind", "none"}}},
          {"launches", 1},
          {"reads_what_it_writes", reads_what_it_writes ? json(*reads_what_it_writes) : json()},
          {"problems", json::array()},
          {"shim_s", 0.25}};
}

RawProcess read(const std::vector<json>& launches, const json& extra = json::object()) {
  TempDir dir("abtool-test-capture-");
  json raw{{"schema", "abtool.capture_raw/1"}, {"pid", 7}, {"launches", launches}};
  raw.update(extra);
  write_file_atomically(dir.path() / "raw-7.json", raw.dump());
  return read_raw_process(dir.path() / "raw-7.json");
}

DraftOptions options(std::function<std::string(const std::string&)> read_stored) {
  return {"python3 bench.py", 256 << 20, [](const std::string& digest) { return "inputs/" + digest + ".bin"; },
          std::move(read_stored)};
}

std::string floats(std::initializer_list<float> values) {
  std::string bytes(values.size() * sizeof(float), '\0');
  std::memcpy(bytes.data(), values.begin(), bytes.size());
  return bytes;
}

std::vector<const RawLaunch*> pointers(const RawProcess& process) {
  std::vector<const RawLaunch*> launches;
  for (const RawLaunch& each : process.launches) launches.push_back(&each);
  return launches;
}

TEST(CaptureRaw, ReadsWhatTheShimMeasuredAndRefusesAnotherFormat) {
  json y = tensor("y_ptr", 4, true);
  y["output"] = sha('e');
  y["output_rms"] = 2.5;
  const RawProcess process = read({launch(4, y, false)}, {{"phases", {{"launches on copies", 1.5}}}, {"overhead_s", 2.0}});
  ASSERT_EQ(process.launches.size(), 1u);
  EXPECT_DOUBLE_EQ(process.launches[0].shim_s, 0.25);
  EXPECT_EQ(process.phases.at("launches on copies"), 1.5);
  EXPECT_EQ(process.launches[0].args[1].output_rms, 2.5);
  EXPECT_FALSE(process.launches[0].args[0].output_rms);

  TempDir dir("abtool-test-capture-");
  write_file_atomically(dir.path() / "raw-1.json", json{{"schema", "abtool.capture_raw/9"}, {"launches", json::array()}}.dump());
  EXPECT_THROW(read_raw_process(dir.path() / "raw-1.json"), InputError);
}

TEST(CaptureDrafts, AnOutputOnlyWrittenAtOneLaunchAndReadAtAnotherIsInoutAndHoldsItsOutputBefore) {
  // At n=4 the kernel writes y without reading it (its old contents were not stored); at n=8 it
  // reads y too. The op restores y before every launch: at n=4 with what the launch writes anyway.
  json only_written = tensor("y_ptr", 4, true);
  only_written["output"] = sha('1');
  json read_and_written = tensor("y_ptr", 8, true);
  read_and_written["input"] = sha('2');
  read_and_written["output"] = sha('3');
  const RawProcess process = read({launch(4, only_written, false), launch(8, read_and_written, true)});
  const Drafts drafts = draft_ops(pointers(process), options([](const std::string&) { return floats({1, 2, 3, 4}); }));
  ASSERT_TRUE(drafts.rejected.empty()) << drafts.rejected[0].why[0].text;
  ASSERT_EQ(drafts.ops.size(), 1u);
  const OpDraft& op = drafts.ops[0];
  EXPECT_NE(op.yaml.find("{name: y_ptr, kind: inout"), std::string::npos) << op.yaml;
  ASSERT_EQ(op.cases.size(), 2u);
  const CapturedArg& y4 = op.cases[0].captured.args.at("y_ptr");
  EXPECT_EQ(y4.input, "inputs/" + sha('1') + ".bin");
  EXPECT_EQ(y4.output, "inputs/" + sha('1') + ".bin");
  const CapturedArg& y8 = op.cases[1].captured.args.at("y_ptr");
  EXPECT_EQ(y8.input, "inputs/" + sha('2') + ".bin");
  EXPECT_EQ(y8.output, "inputs/" + sha('3') + ".bin");
}

TEST(CaptureDrafts, ALaunchThatWroteNothingIsListedWithTheReason) {
  const RawProcess process = read({launch(4, tensor("y_ptr", 4, false), std::nullopt)});
  const Drafts drafts = draft_ops(pointers(process), options([](const std::string&) { return floats({0, 0, 0, 0}); }));
  EXPECT_TRUE(drafts.ops.empty());
  ASSERT_EQ(drafts.rejected.size(), 1u);
  bool said = false;
  for (const Miss& why : drafts.rejected[0].why)
    said = said || (why.reason == MissReason::no_write_seen && why.text.find("wrote none of its tensors") != std::string::npos);
  EXPECT_TRUE(said);
}

TEST(CaptureDrafts, TheToleranceScalesWithTheShimsRmsWithoutReadingTheStoredOutput) {
  json y = tensor("y_ptr", 4, true);
  y["output"] = sha('4');
  y["output_rms"] = 1024.0;  // fp32: 64 ulps at that scale, 2^-17 * 1024 = 2^-7
  const RawProcess process = read({launch(4, y, false)});
  const Drafts drafts = draft_ops(pointers(process), options([](const std::string& digest) -> std::string {
    throw std::logic_error("the stored output " + digest + " was read");
  }));
  ASSERT_EQ(drafts.ops.size(), 1u);
  EXPECT_NE(drafts.ops[0].yaml.find("atol: 0.0078125"), std::string::npos) << drafts.ops[0].yaml;

  // Without the shim's figure, from the stored bytes: RMS of 3, 4, 0, 0 is 2.5.
  y.erase("output_rms");
  const RawProcess without = read({launch(4, y, false)});
  const Drafts from_bytes = draft_ops(pointers(without), options([](const std::string&) { return floats({3, 4, 0, 0}); }));
  ASSERT_EQ(from_bytes.ops.size(), 1u);
  EXPECT_NE(from_bytes.ops[0].yaml.find("atol: 1.9073486328125e-05"), std::string::npos) << from_bytes.ops[0].yaml;
}

TEST(CaptureDrafts, TensorsTooLargeToStoreAreGeneratedOverTheirSampledRangeAndAsOutputIsTheReference) {
  // x over --max-input-mb: not stored, its range from the shim's sample; y's output not kept.
  json y = tensor("y_ptr", 4, true);
  y["output_rms"] = 3.0;
  json raw = launch(4, y, false);
  raw["args"][0].erase("input");
  raw["args"][0]["input_range"] = {-0.5, 2.0};
  const RawProcess process = read({raw});
  EXPECT_EQ(process.launches[0].args[0].input_range, (std::pair{-0.5, 2.0}));
  const Drafts drafts = draft_ops(pointers(process), options([](const std::string& digest) -> std::string {
    throw std::logic_error("no stored tensor to read, yet " + digest + " was read");
  }));
  ASSERT_TRUE(drafts.rejected.empty()) << drafts.rejected[0].why[0].text;
  ASSERT_EQ(drafts.ops.size(), 1u);
  const OpDraft& op = drafts.ops[0];
  const CapturedCase& entry = op.cases[0].captured;
  EXPECT_TRUE(entry.reference_from_baseline);
  EXPECT_EQ(entry.args.at("x_ptr").generated, (GeneratedInput{-0.5, 2.0}));
  EXPECT_FALSE(entry.args.at("x_ptr").input);
  EXPECT_FALSE(entry.args.at("y_ptr").output);
  EXPECT_TRUE(op.tensors.empty()) << "nothing of this point is stored";
  EXPECT_NE(op.yaml.find("atol: 2.288818359375e-05"), std::string::npos) << "64 ulps at the sampled RMS of 3: " << op.yaml;
  ASSERT_FALSE(op.notes.empty());
  EXPECT_NE(op.notes.back().find("x_ptr generated (uniform over the range of a sample of the original); no output of y_ptr "
                                 "kept; A's output is its reference in a replay"),
            std::string::npos)
      << op.notes.back();

  // An input the launch's output was stored for, but x generated: the stored output is of other inputs.
  json stored = tensor("y_ptr", 4, true);
  stored["output"] = sha('5');
  json partly = launch(4, stored, false);
  partly["args"][0].erase("input");
  const Drafts mixed = draft_ops(pointers(read({partly})), options([](const std::string&) { return floats({1, 2, 3, 4}); }));
  ASSERT_EQ(mixed.ops.size(), 1u);
  const CapturedCase& case_entry = mixed.ops[0].cases[0].captured;
  EXPECT_TRUE(case_entry.reference_from_baseline);
  EXPECT_EQ(case_entry.args.at("x_ptr").generated->low, -1.0) << "no sample: abtool's default range";
  EXPECT_FALSE(case_entry.args.at("y_ptr").output);
}

TEST(CaptureDrafts, AnIntegerTensorThatWasNotStoredIsListedWithTheReason) {
  json raw = launch(4, tensor("y_ptr", 4, true), false);
  raw["args"][1]["output"] = sha('6');
  raw["args"][0]["integer"] = true;
  raw["args"][0]["type"] = "*i32";
  raw["args"][0]["dtype"] = "i32";
  raw["args"][0].erase("input");
  const Drafts drafts = draft_ops(pointers(read({raw})), options([](const std::string&) { return floats({1, 2, 3, 4}); }));
  EXPECT_TRUE(drafts.ops.empty());
  ASSERT_EQ(drafts.rejected.size(), 1u);
  EXPECT_EQ(drafts.rejected[0].why[0], (Miss{MissReason::tensor_not_stored, "integer input x_ptr (0.0 MiB) was not stored"}));
}

// A launch under triton.autotune over BLOCK in {128, 256, 512}, the tuner having picked `chosen`
// and timed its configs as `timings_ms` (null: not benchmarked there).
json tuned_launch(size_t chosen, json timings_ms) {
  json raw = launch(1024, tensor("y_ptr", 1024, true), false);
  raw["args"][1]["output"] = sha('7');
  const std::vector<long long> blocks{128, 256, 512};
  raw["args"].push_back({{"name", "BLOCK"}, {"type", "constexpr"}, {"kind", "constexpr"}, {"value", blocks[chosen]}});
  json configs = json::array();
  for (long long block : blocks)
    configs.push_back({{"kwargs", {{"BLOCK", block}}}, {"num_warps", 4}, {"num_stages", 3}, {"num_ctas", 1},
                       {"maxnreg", nullptr}, {"pre_hook", false}});
  raw["tuner"] = {{"kind", "autotune"}, {"keys", {"n"}}, {"configs", configs}, {"chosen", chosen},
                  {"grids", {{8, 1, 1}, {4, 1, 1}, {2, 1, 1}}}, {"timings_ms", timings_ms}};
  return raw;
}

TEST(CaptureDrafts, TheLibrarysPickKeepsHowFarItsTunerFoundTheNextBestConfig) {
  auto margin_of = [](const json& raw) {
    const RawProcess process = read({raw});
    const Drafts drafts = draft_ops(pointers(process), options([](const std::string&) { return floats({1, 2, 3, 4}); }));
    EXPECT_EQ(drafts.ops.size(), 1u);
    return drafts.ops.empty() ? std::nullopt : drafts.ops[0].cases.at(0).captured.library_margin_pct;
  };
  // The pick at 1.00 ms, the next best at 1.004 ms: a near tie of 0.4%, whatever the slowest took.
  const auto near_tie = margin_of(tuned_launch(1, {1.25, 1.0, 1.004}));
  ASSERT_TRUE(near_tie);
  EXPECT_NEAR(*near_tie, 0.4, 1e-9);
  // A config the tuner could not run (inf, read as null) is not the next best.
  const auto clear = margin_of(tuned_launch(0, {1.0, nullptr, 1.5}));
  ASSERT_TRUE(clear);
  EXPECT_NEAR(*clear, 50.0, 1e-9);
  EXPECT_FALSE(margin_of(tuned_launch(1, {nullptr, nullptr, nullptr}))) << "a cached key: the tuner timed nothing here";
  EXPECT_FALSE(margin_of(tuned_launch(2, {nullptr, nullptr, 0.9}))) << "only the pick timed: no next best";
  json older = tuned_launch(1, nullptr);
  older["tuner"].erase("timings_ms");
  EXPECT_FALSE(margin_of(older)) << "an older shim's record";
}

// The shim gives each reason a code of capture_miss.h (an older one, text only: `other`); an
// unknown code is damage, refused when read.
TEST(CaptureDrafts, EachReasonKeepsTheShimsCodeAndAnUnknownCodeIsRefused) {
  json raw = launch(4, tensor("y_ptr", 4, true), false);
  raw["args"][1]["output"] = sha('6');
  raw["problems"] = json::array({json{{"code", "tensor_descriptor"}, {"text", "it takes tensor descriptors"}}, "an older shim's words"});
  const RawProcess process = read({raw});
  EXPECT_EQ(process.launches[0].problems,
            (std::vector<Miss>{{MissReason::tensor_descriptor, "it takes tensor descriptors"}, {MissReason::other, "an older shim's words"}}));
  const Drafts drafts = draft_ops(pointers(process), options([](const std::string&) { return floats({1, 2, 3, 4}); }));
  ASSERT_EQ(drafts.rejected.size(), 1u);
  EXPECT_EQ(drafts.rejected[0].why[0].reason, MissReason::tensor_descriptor);
  // A launch the shim could not examine (inside a CUDA graph capture) wrote nothing it saw: that
  // is not a second reason.
  json in_graph = launch(4, tensor("y_ptr", 4, false), std::nullopt);
  in_graph["problems"] = json::array({json{{"code", "inside_cuda_graph"}, {"text", "launched only inside a graph"}}});
  const RawProcess graph_process = read({in_graph});
  const Drafts graph_drafts = draft_ops(pointers(graph_process), options([](const std::string&) { return floats({0, 0, 0, 0}); }));
  ASSERT_EQ(graph_drafts.rejected.size(), 1u);
  EXPECT_EQ(graph_drafts.rejected[0].why, (std::vector<Miss>{{MissReason::inside_cuda_graph, "launched only inside a graph"}}));
  raw["problems"] = json::array({json{{"code", "a_new_reason"}, {"text", "?"}}});
  EXPECT_ANY_THROW(read({raw}));
  // The tuner kinds are one table too (raw_capture.h Spellings<TunerKind>).
  json tuned = launch(4, tensor("y_ptr", 4, true), false);
  tuned["tuner"] = {{"kind", "mytuner"}};
  try {
    read({tuned});
    ADD_FAILURE() << "an unknown tuner kind was read";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find("tuner.kind: 'mytuner' is not one of none, libtuner, autotune, heuristics"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace abt::capture
