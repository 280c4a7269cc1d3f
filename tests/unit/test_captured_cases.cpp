// cases.json (opspec/captured_cases.h, abtool.capture_cases/3): its one writer and its one reader
// agree, and what the reader refuses stays refused.
#include <gtest/gtest.h>

#include <functional>

#include <nlohmann/json.hpp>

#include "opspec/captured_cases.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace {

namespace fs = std::filesystem;

CapturedCase a_case() {
  CapturedCase captured;
  captured.args["x"] = CapturedArg{fs::path("inputs/aa.bin"), std::nullopt, std::nullopt, std::nullopt};
  captured.args["y"] = CapturedArg{std::nullopt, fs::path("inputs/bb.bin"), std::nullopt, std::nullopt};
  captured.args["big"] = CapturedArg{std::nullopt, std::nullopt, std::nullopt, GeneratedInput{-0.5, 2.25}};
  // An in-place pair: dy holds the span (its bytes before and after), dx is passed into it.
  captured.args["dy"] = CapturedArg{fs::path("inputs/cc.bin"), fs::path("inputs/dd.bin"), std::nullopt, std::nullopt,
                                    SharedSpan{"dy", 0, 4096}};
  captured.args["dx"] = CapturedArg{std::nullopt, std::nullopt, std::nullopt, std::nullopt, SharedSpan{"dy", 1024, 4096}};
  for (const char* text : {"None", "True", "False", "4096", "0.5", "1e-05", "tl.bfloat16", "(16, 'ieee')", "ieee"})
    captured.args[std::string("v_") + text] = CapturedArg{std::nullopt, std::nullopt, std::string(text), std::nullopt};
  captured.grids["BLOCK=128 num_warps=4 num_stages=3"] = {8, 1, 1};
  captured.grids["BLOCK=256 num_warps=8 num_stages=3"] = {4, 2, 1};
  captured.library_choice = "BLOCK=256 num_warps=8 num_stages=3";
  captured.library_margin_pct = 0.375;
  captured.launches = 7;
  captured.equal_one = {"v_True"};
  captured.divisible = {"x", "y"};
  captured.reference_from_baseline = true;
  return captured;
}

TEST(CapturedCases, WhatTheWriterWritesTheReaderReadsBackEqual) {
  TempDir dir("abtool-cases-");
  const std::map<std::string, CapturedCase> written{{"op/4096/fp32", a_case()}, {"op/8192/fp32", CapturedCase{}}};
  write_file_atomically(dir.path() / "cases.json", encode_captured_cases(written, dir.path()));
  const CapturedCases read = load_captured_cases(dir.path() / "cases.json", dir.path());
  ASSERT_EQ(read.by_point.size(), 2u);
  CapturedCase expected = a_case();  // the reader makes the paths absolute, inside the capture
  for (auto& [name, arg] : expected.args) {
    if (arg.input) arg.input = (dir.path() / *arg.input).lexically_normal();
    if (arg.output) arg.output = (dir.path() / *arg.output).lexically_normal();
  }
  EXPECT_EQ(read.by_point.at("op/4096/fp32"), expected);
  EXPECT_EQ(read.by_point.at("op/8192/fp32"), CapturedCase{});
  // Read paths written again relative to the capture: the same file.
  EXPECT_EQ(encode_captured_cases(read.by_point, dir.path()), read_text_file(dir.path() / "cases.json"));
  const std::string text = read_text_file(dir.path() / "cases.json");
  EXPECT_NE(text.find("\"schema\": \"abtool.capture_cases/3\""), std::string::npos);
  EXPECT_NE(text.find("\"value\": null"), std::string::npos) << "None is JSON's null";
  EXPECT_NE(text.find("\"value\": 4096"), std::string::npos) << "a number stays a number";
}

TEST(CapturedCases, DamageIsRefusedNamingTheFileTheCaseAndTheField) {
  TempDir dir("abtool-cases-");
  auto refused = [&](const std::function<void(nlohmann::json&)>& damage) {
    nlohmann::json json = nlohmann::json::parse(encode_captured_cases({{"op/4/fp32", a_case()}}, dir.path()));
    damage(json);
    write_file_atomically(dir.path() / "cases.json", json.dump());
    try {
      load_captured_cases(dir.path() / "cases.json", dir.path());
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["args"]["x"]["input"] = "../x.bin"; })
                .find("case op/4/fp32: args.x: '../x.bin' is not a path inside the capture directory"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["grids"]["BLOCK=128 num_warps=4 num_stages=3"] = {0}; })
                .find("grids: 0 is not a positive extent"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["divisible"] = {"z"}; })
                .find("divisible: 'z' is not an argument of the case"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["args"]["v_ieee"]["value"] = "tl.float17"; })
                .find("args.v_ieee.value: 'tl.float17' is not a Triton dtype"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["args"]["dx"]["shared"]["holder"] = "x"; })
                .find("args.dx.shared: holder 'x' is not an argument holding a span of 4096 bytes"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["args"]["dx"]["shared"]["offset_bytes"] = 4096; })
                .find("args.dx.shared: offset 4096 in a span of 4096 bytes is not inside it"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["args"]["dx"]["input"] = "inputs/ee.bin"; })
                .find("args.dx.shared: a member of dy's span with bytes of its own"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["cases"]["op/4/fp32"]["library_margin_pct"] = "0.4%"; })
                .find("case op/4/fp32: a field of the wrong kind"),
            std::string::npos);
  EXPECT_NE(refused([](nlohmann::json& j) { j["schema"] = "abtool.capture_cases/9"; }).find("schema: expected abtool.capture_cases/3"),
            std::string::npos);
}

}  // namespace
}  // namespace abt
