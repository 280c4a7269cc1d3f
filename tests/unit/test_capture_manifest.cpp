// capture.json (capture/src/capture_manifest.h): the typed manifest, its codec both ways, the
// summary line counted from it, and damage refused naming the file.
#include <gtest/gtest.h>

#include <sstream>

#include "capture_manifest.h"
#include "util/errors.h"

namespace abt::capture {
namespace {

CaptureManifest a_manifest() {
  CaptureManifest manifest;
  manifest.command = {"python3", "bench.py"};
  manifest.versions = {{"triton", "3.6.0"}};
  manifest.max_input_mb = 256;
  manifest.processes = 2;
  manifest.wall_s = 12.5;
  manifest.shim_overhead_s = 1.25;
  manifest.shim_phases_s = {{"storing", 0.5}};
  CaptureManifest::Kernel scale{"scale", "lib.ops", "/site/lib/ops.py", true, *tuner_kind("autotune"), 9, 0.75, 4, 3, {"scale"}, {}};
  scale.not_captured.push_back({"x=fp32[64]", {{MissReason::source_not_loadable, "its source cannot be loaded again"},
                                               {MissReason::argument_type, "argument t is a tuple"},
                                               {MissReason::argument_type, "argument u is a list"}}});
  CaptureManifest::Kernel mm{"mm", "", "/tmp/gen.py", false, *tuner_kind("libtuner"), 3, 0.25, 1, 0, {}, {}};
  mm.not_captured.push_back({"a_desc=bf16[8x8]", {{MissReason::tensor_descriptor, "tensor descriptor a_desc: padding 'inf'"}}});
  manifest.kernels = {scale, mm};
  manifest.ops = {{"scale", "scale", *tuner_kind("autotune"), {"scale/4096/fp32"}, {"a note"}}};
  return manifest;
}

TEST(CaptureManifest, WhatIsWrittenReadsBackEqualWithItsSummaryCountedFromIt) {
  const CaptureManifest manifest = a_manifest();
  const nlohmann::json json = manifest.to_json();
  EXPECT_EQ(CaptureManifest::from_json(json, "capture.json"), manifest);
  EXPECT_EQ(json["schema"], "abtool.capture/2");
  EXPECT_EQ(json["summary"]["specializations"], 5);
  EXPECT_EQ(json["summary"]["captured"], 3);
  // Counted once per kind of reason a specialization had: two argument_type sentences are one.
  EXPECT_EQ(json["summary"]["not_captured_by_reason"],
            (nlohmann::json{{"argument_type", 1}, {"source_not_loadable", 1}, {"tensor_descriptor", 1}}));
  EXPECT_EQ(json["kernels"][0]["not_captured"][0]["reasons"], (nlohmann::json{"source_not_loadable", "argument_type"}));
  EXPECT_EQ(manifest.summary_line(),
            "capture: 2 kernel(s), 5 specialization(s): 3 captured (60%), 2 not (tensor_descriptor 1, argument_type 1, "
            "source_not_loadable 1); 12 launch(es); workload 12.5 s, shim 1.2 s");
  std::ostringstream out;
  manifest.print_kernels(out);
  EXPECT_NE(out.str().find("  captured      scale (lib.ops): 3 of 4 specialization(s), 9 launch(es), tuner triton.autotune -> ops/scale\n"),
            std::string::npos) << out.str();
  EXPECT_NE(out.str().find("  not captured  mm (gen.py) at a_desc=bf16[8x8]: tensor descriptor a_desc: padding 'inf'\n"),
            std::string::npos) << out.str();
}

// The replay check at the end: what replays and what does not (with why) is in the file and the
// summary line, and a check that could not run says why.
TEST(CaptureManifest, TheReplayCheckIsKeptAndCountedInTheSummary) {
  CaptureManifest manifest = a_manifest();
  manifest.check.ran = true;
  manifest.check.seconds = 4.25;
  manifest.check.replays = 2;
  manifest.check.does_not_replay = {{"scale/64/fp32", "sweep candidate default failed verification: args.y[0]: got 1, expected 2"}};
  const nlohmann::json json = manifest.to_json();
  EXPECT_EQ(CaptureManifest::from_json(json, "capture.json"), manifest);
  EXPECT_EQ(json["check"]["replays"], 2);
  EXPECT_NE(manifest.summary_line().find("; replay-checked in 4.2 s: 2 replay, 1 do not; 12 launch(es)"), std::string::npos)
      << manifest.summary_line();
  std::ostringstream out;
  manifest.print_check(out);
  EXPECT_EQ(out.str(), "  captured, does not replay  scale/64/fp32: sweep candidate default failed verification: args.y[0]: got 1, "
                       "expected 2\n");
  manifest.check = {};
  manifest.check.not_run = "--no-check";
  EXPECT_EQ(CaptureManifest::from_json(manifest.to_json(), "capture.json"), manifest);
  EXPECT_NE(manifest.summary_line().find("; not replay-checked (--no-check); "), std::string::npos) << manifest.summary_line();
}

TEST(CaptureManifest, DamageIsRefusedNamingTheFile) {
  nlohmann::json json = a_manifest().to_json();
  json["kernels"][1]["tuner"] = "my tuner";
  EXPECT_THROW(CaptureManifest::from_json(json, "cap/capture.json"), InputError);
  json = a_manifest().to_json();
  json["kernels"][0]["not_captured"][0]["reason_of_why"][0] = "gremlins";
  try {
    CaptureManifest::from_json(json, "cap/capture.json");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("cap/capture.json: not a capture's manifest: not_captured: 'gremlins' is not one of"),
              std::string::npos) << error.what();
  }
  json = a_manifest().to_json();
  json["schema"] = "abtool.capture/9";
  EXPECT_THROW(CaptureManifest::from_json(json, "cap/capture.json"), InputError);
  json = a_manifest().to_json();
  json.erase("kernels");
  EXPECT_THROW(CaptureManifest::from_json(json, "cap/capture.json"), InputError);
}

// The tuner kinds come from capture/python/tuner_kinds.json, the table the shim reads too.
TEST(TunerKinds, AreTheSharedTablesEntriesAndNoneIsNoTuner) {
  EXPECT_EQ(tuner_kind_words(), "none, libtuner, autotune, heuristics");
  EXPECT_EQ(tuner_kind("libtuner")->name, "FlagGems LibTuner");
  EXPECT_TRUE(tuned(*tuner_kind("autotune")));
  EXPECT_FALSE(tuned(*tuner_kind("heuristics"))) << "heuristics compute values; they choose no config";
  EXPECT_FALSE(tuned(no_tuner()));
  EXPECT_EQ(tuner_kind_named("triton.autotune"), tuner_kind("autotune"));
  EXPECT_FALSE(tuner_kind("mytuner"));
}

}  // namespace
}  // namespace abt::capture
