#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include <sstream>

#include "compare/comparison.h"
#include "printers/printers.h"
#include "run_fixture.h"
#include "util/errors.h"

namespace abt {

class ComparisonTest : public ::testing::Test {
 protected:
  Comparison compare() {
    a_.write();
    b_.write(b_complete_);
    return compare_runs(read_run(a_.dir()), read_run(b_.dir()));
  }
  const PointComparison& row(const Comparison& report, const std::string& shape) {
    for (const auto& point : report.points)
      if (point.id == testing::point_id(shape)) return point;
    throw std::runtime_error("no row " + shape);
  }
  TempDir dir_{"abtool-cmp-"};
  testing::FakeRun a_{dir_.path() / "A", RunMode::record};
  testing::FakeRun b_{dir_.path() / "B", RunMode::replay};
  bool b_complete_ = true;
};

TEST_F(ComparisonTest, VerdictsFollowTheIntervalAndTheThreshold) {
  a_.add("same", 100);
  b_.add("same", 100.5, "1", "ret\n", 2);
  a_.add("faster", 100);
  b_.add("faster", 80, "1", "ret2\n");
  a_.add("slower", 100);
  b_.add("slower", 125, "1", "ret2\n");
  a_.add("tiny", 100);
  b_.add("tiny", 101, "1", "ret\n", 3);  // significant, perhaps, but below 2%
  b_.meta().replay_from = a_.dir();
  Comparison report = compare();
  EXPECT_EQ(row(report, "same").verdict, Verdict::same);
  EXPECT_EQ(row(report, "faster").verdict, Verdict::faster);
  EXPECT_NEAR(row(report, "faster").speedup, 1.25, 0.02);
  EXPECT_LT(row(report, "faster").speedup_low, row(report, "faster").speedup);
  EXPECT_EQ(row(report, "slower").verdict, Verdict::slower);
  EXPECT_EQ(row(report, "tiny").verdict, Verdict::same);
  EXPECT_EQ(*row(report, "faster").ir_changed, true);
  EXPECT_EQ(*row(report, "same").ir_changed, false);
  EXPECT_TRUE(report.has_significant_regression());
  EXPECT_FALSE(report.all_binaries_identical);
  ASSERT_TRUE(report.geomean_speedup.has_value());
  EXPECT_NEAR(*report.geomean_speedup, std::pow(1.0 * 1.25 * 0.8 * 0.99, 0.25), 0.02);
}

// The point's finding of `code` (the first), or a failure naming what it has.
const Finding& finding(const PointComparison& point, FindingCode code) {
  for (const Finding& each : point.findings)
    if (each.code == code) return each;
  ADD_FAILURE() << point.id << ": no " << spelling(code) << " finding: " << point.note();
  static const Finding none{FindingCode::missing, {}};
  return none;
}

TEST_F(ComparisonTest, FallbackOrDifferentConfigOrMethodIsUntrusted) {
  a_.add("fallback", 100);
  b_.add("fallback", 50, "1", "other\n").markers = {replay_fallback_marker(FallbackReason::verify_failed)};
  a_.add("config", 100);
  b_.add("config", 50, "2");
  a_.add("method", 100);
  b_.add("method", 50, "1", "other\n").measurement.method = TimingMethod::direct;
  Comparison report = compare();
  EXPECT_EQ(row(report, "fallback").verdict, Verdict::untrusted);
  EXPECT_EQ(row(report, "config").verdict, Verdict::untrusted);
  EXPECT_FALSE(*row(report, "config").same_config);
  EXPECT_EQ(row(report, "method").verdict, Verdict::untrusted);
  const Finding& methods = finding(row(report, "method"), FindingCode::timing_methods_differ);
  EXPECT_TRUE(methods.untrusted);
  EXPECT_EQ(methods.text(FindingField::a_method), "host");
  EXPECT_EQ(methods.text(FindingField::b_method), "direct");
  EXPECT_TRUE(finding(row(report, "fallback"), FindingCode::replay_fallback).untrusted);
  EXPECT_TRUE(finding(row(report, "config"), FindingCode::configs_differ).untrusted);
  EXPECT_FALSE(report.geomean_speedup.has_value());
}

// SPEC section 4: byte-identical binaries at the same config are the same code, SAME whatever
// the timing (or a marker about how it was timed) says; the timing's verdict is kept beside it.
TEST_F(ComparisonTest, IdenticalCodeIsSameWhateverTheTimingSaysAndKeepsTheTimingVerdict) {
  a_.add("noisy", 100);
  b_.add("noisy", 60);  // the same binary ("ret"), timed 40% faster by a noisy machine
  a_.add("busy", 100);
  b_.add("busy", 130).markers = {Marker{MarkerKind::gpu_busy, "pids=7"}};
  a_.add("changed", 100);
  b_.add("changed", 60, "1", "other\n");
  a_.add("reconfigured", 100);
  b_.add("reconfigured", 100, "2");  // same code text, another config: not the same measurement
  Comparison report = compare();
  const PointComparison& noisy = row(report, "noisy");
  EXPECT_TRUE(noisy.identical_code);
  EXPECT_EQ(noisy.verdict, Verdict::same);
  EXPECT_EQ(noisy.timing_verdict, Verdict::faster);
  ASSERT_FALSE(noisy.findings.empty());
  EXPECT_EQ(noisy.findings.front(), (Finding{FindingCode::identical_code, {{FindingField::metric, "timing"}, {FindingField::alone, "FASTER"}}}))
      << "shown first: " << noisy.note();
  const PointComparison& busy = row(report, "busy");
  EXPECT_EQ(busy.verdict, Verdict::same);
  EXPECT_EQ(busy.timing_verdict, Verdict::untrusted);
  EXPECT_EQ(finding(busy, FindingCode::gpu_busy).text(FindingField::side), "B");
  const PointComparison& changed = row(report, "changed");
  EXPECT_FALSE(changed.identical_code);
  EXPECT_EQ(changed.verdict, Verdict::faster);
  EXPECT_EQ(changed.timing_verdict, Verdict::faster);
  EXPECT_FALSE(row(report, "reconfigured").identical_code);
  EXPECT_EQ(row(report, "reconfigured").verdict, Verdict::untrusted);

  nlohmann::json json = diff_json(report);
  for (const auto& point : json["points"]) {
    if (point["point"] != testing::point_id("noisy")) continue;
    EXPECT_EQ(point["verdict"], "SAME");
    EXPECT_EQ(point["timing_verdict"], "FASTER");
    EXPECT_TRUE(point["identical_code"].get<bool>());
    // Findings are codes with their fields in JSON; the note keeps their sentences.
    ASSERT_FALSE(point["findings"].empty());
    EXPECT_EQ(point["findings"][0], (nlohmann::json{{"code", "identical_code"}, {"untrusted", false}, {"metric", "timing"},
                                                    {"alone", "FASTER"}}));
    EXPECT_EQ(point["note"].get<std::string>().rfind("identical code (the timing alone said FASTER)", 0), 0u) << point["note"];
  }
  EXPECT_EQ(json["counts"]["SAME"], 2);
}

TEST_F(ComparisonTest, FailedAndMissingPointsAreReportedAsSuch) {
  a_.add("failed", 100);
  auto& failed = b_.add("failed", 100);
  failed.success = false;
  failed.error = "verification failed";
  a_.add("missing", 100);
  b_.plan_only("missing");  // B was killed before this point
  b_complete_ = false;
  Comparison report = compare();
  EXPECT_EQ(row(report, "failed").verdict, Verdict::failed);
  EXPECT_EQ(row(report, "failed").findings,
            (std::vector<Finding>{{FindingCode::failed, {{FindingField::side, "B"}, {FindingField::error, "verification failed"}}}}));
  EXPECT_EQ(row(report, "missing").verdict, Verdict::missing);
  EXPECT_EQ(row(report, "missing").findings, (std::vector<Finding>{{FindingCode::missing, {{FindingField::in_, "B"}}}}));
  bool warned = false;
  for (const auto& warning : report.warnings)
    warned |= warning.kind == WarningKind::b_unfinished && warning.text.find("run B did not finish") != std::string::npos;
  EXPECT_TRUE(warned);
  const nlohmann::json json = diff_json(report);  // each warning's code, in the order of its text
  ASSERT_EQ(json["warning_codes"].size(), json["warnings"].size());
  EXPECT_NE(std::find(json["warning_codes"].begin(), json["warning_codes"].end(), "b_unfinished"), json["warning_codes"].end());
}

// A pair copied elsewhere (another machine, a shared folder) is still B replaying A: B names A
// by A's run id and by the path between them, not only by where A was when B ran.
TEST_F(ComparisonTest, ACopiedPairIsStillAReplayOfItsRecord) {
  a_.add("p", 100);
  b_.add("p", 100);
  auto warned_not_a_replay = [&] {
    for (const auto& warning : compare().warnings)
      if (warning.kind == WarningKind::not_a_replay_of_a) return true;
    return false;
  };
  const std::string a_id(32, 'a'), other_id(32, 'b');
  a_.meta().run_id = a_id;
  b_.meta().replay_from = "/machine-where-it-ran/runs/A";  // gone after the copy
  b_.meta().replay_from_run_id = a_id;
  EXPECT_FALSE(warned_not_a_replay()) << "the run ids match";
  b_.meta().replay_from = a_.dir();
  b_.meta().replay_from_run_id = other_id;
  EXPECT_TRUE(warned_not_a_replay()) << "A's path, but another run: the id decides";
  a_.meta().run_id.clear();  // runs made before run ids: the paths decide
  b_.meta().replay_from_run_id.clear();
  b_.meta().replay_from = "/machine-where-it-ran/runs/A";
  EXPECT_TRUE(warned_not_a_replay());
  b_.meta().replay_from_relative = "../A";
  EXPECT_FALSE(warned_not_a_replay()) << "the path between them still leads to A";
}

// A run made before the point digest by 64 KiB pieces holds plain SHA-256 digests: against a newer
// run they are not called different, the comparison says it cannot compare them.
TEST_F(ComparisonTest, DigestsOfTwoSchemesAreNotComparedButSaidToBeIncomparable) {
  a_.add("x", 100).output_digest = "e3b0c442";
  auto& newer = b_.add("x", 100);
  newer.input_digest = "sha256-64k:0123";
  newer.output_digest = "sha256-64k:4567";
  Comparison report = compare();
  std::map<WarningKind, std::string> warnings;
  for (const auto& warning : report.warnings) warnings[warning.kind] = warning.text;
  EXPECT_FALSE(warnings.count(WarningKind::inputs_differ));
  ASSERT_TRUE(warnings.count(WarningKind::digests_incomparable));
  EXPECT_NE(warnings[WarningKind::digests_incomparable].find("1 point(s) cannot be compared by digest"), std::string::npos);
  EXPECT_FALSE(row(report, "x").same_output.has_value()) << "no claim about the outputs either";
}

TEST_F(ComparisonTest, IdenticalBinariesAndDifferentInputsAndTimersAreWarned) {
  a_.add("x", 100);
  b_.add("x", 100).input_digest = "other";
  b_.meta().timing.rep_ms = 100;
  Comparison report = compare();
  EXPECT_TRUE(report.all_binaries_identical);
  ASSERT_GE(report.warnings.size(), 3u);
  EXPECT_EQ(report.warnings[0].kind, WarningKind::identical_binaries);
  EXPECT_NE(report.warnings[0].text.find("byte-identical"), std::string::npos);
  std::string all;
  for (const auto& warning : report.warnings) all += warning.text + "\n";
  EXPECT_NE(all.find("inputs differ"), std::string::npos);
  EXPECT_NE(all.find("timer settings differ"), std::string::npos);
}

TEST_F(ComparisonTest, PrintersShowEveryRowAndTheSummary) {
  a_.add("p1", 100);
  b_.add("p1", 80, "1", "ret2\n");
  Comparison report = compare();
  std::ostringstream text, markdown, json;
  print_text(report, text);
  print_markdown(report, markdown);
  print_json(report, json);
  EXPECT_NE(text.str().find(testing::point_id("p1")), std::string::npos);
  EXPECT_NE(text.str().find("FASTER"), std::string::npos);
  EXPECT_NE(text.str().find("geomean speedup B vs A: 1.25"), std::string::npos) << text.str();
  EXPECT_NE(markdown.str().find("| " + testing::point_id("p1") + " |"), std::string::npos);
  auto parsed = nlohmann::json::parse(json.str());
  EXPECT_EQ(parsed["points"][0]["verdict"], "FASTER");
  EXPECT_EQ(parsed["counts"]["FASTER"], 1);
}

// A captured op's point carries the config the library itself launched; results.json keeps a
// config's assignments by name, so the comparison is of sets, not of texts.
TEST_F(ComparisonTest, TheLibrarysPickIsComparedAsAnAssignmentNotAsText) {
  for (const char* shape : {"p1", "p2"}) {
    PointRecord& point = a_.add(shape, 100);
    point.config = {{"num_stages", "3"}, {"num_warps", "4"}};
    point.library_config = std::string(shape) == "p1" ? "num_warps=4 num_stages=3" : "num_warps=8 num_stages=3";
    b_.add(shape, 100).config = point.config;
  }
  a_.add("p3", 100);  // not a captured op
  b_.add("p3", 100);
  Comparison report = compare();
  EXPECT_EQ(row(report, "p1").library_pick_differs, false);
  EXPECT_EQ(row(report, "p2").library_pick_differs, true);
  EXPECT_EQ(row(report, "p1").a_config, "num_warps=4 num_stages=3") << "in the library's order";
  EXPECT_FALSE(row(report, "p3").library_config.has_value());
  std::ostringstream text;
  print_text(report, text, false, false, 1000);  // the sentence on one line
  EXPECT_NE(text.str().find("A's sweep picked another config than the library's own at 1 of 2 points: " + testing::point_id("p2") +
                            " (library: num_warps=8 num_stages=3; abtool: num_warps=4 num_stages=3)"),
            std::string::npos)
      << text.str();
}

// record --configs library: A measured the library's pick itself; the summary says so rather than
// counting it as a sweep that agreed.
TEST_F(ComparisonTest, ALibraryPickMeasuredAsAsConfigIsSaidSo) {
  for (const char* shape : {"p1", "p2"}) {
    PointRecord& point = a_.add(shape, 100);
    point.config = {{"num_warps", "8"}};
    point.library_config = "num_warps=8";
    point.config_source = ConfigSource::library;
    b_.add(shape, 100).config = point.config;
  }
  Comparison report = compare();
  EXPECT_EQ(row(report, "p1").a_config_source, ConfigSource::library);
  const std::string picks = library_picks(report);
  EXPECT_EQ(picks, "library picks (captured ops): A measured the library's own pick at 2 points (record --configs library)");
  std::ostringstream json;
  print_json(report, json);
  EXPECT_EQ(nlohmann::json::parse(json.str())["points"][0]["a_config_source"], "library");
}

// The headline counts what it averages, names what made points UNTRUSTED, and ends with what
// would decide them.
TEST_F(ComparisonTest, TheHeadlineSaysHowManyPointsItAveragesAndWhatVoidedTheOthers) {
  for (const char* shape : {"p1", "p2", "p3"}) {
    a_.add(shape, 100);
    b_.add(shape, 100);
  }
  Comparison report = compare();
  for (size_t i = 1; i < report.points.size(); ++i) {  // two voided by a busy host, as the judge makes them
    report.points[i].verdict = Verdict::untrusted;
    report.points[i].findings = {Finding(FindingCode::host_busy,
                                         {{FindingField::side, std::string("B")}, {FindingField::detail, std::string("runnable=3.2 cores=2")},
                                          {FindingField::factor, 1.6}, {FindingField::change, 1.2}},
                                         true)};
  }
  summarize_geomeans(report);
  std::ostringstream text;
  print_text(report, text, false, false, 1000);
  EXPECT_NE(text.str().find("over 1 trusted point of 3 | FASTER 0 SLOWER 0 SAME 1 AMBIGUOUS 0 UNTRUSTED 2 (host_busy 2) FAILED 0"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("next: 2 point(s) ran while other processes kept the host busy: measure again on an idle machine, or "
                            "for host ops decide by `--metric instructions`"),
            std::string::npos)
      << text.str();
}

// Issue 74: where instruction counts decided the verdicts, the headline's geomean is theirs, and
// the time's beside it is over the points whose time is trusted (not every point).
TEST_F(ComparisonTest, AHeadlineOfCountedVerdictsIsTheCountsGeomeanBesideTheTrustedTimes) {
  for (const char* shape : {"p1", "p2", "p3"}) {
    a_.add(shape, 100);
    b_.add(shape, 125);
  }
  Comparison report = compare();
  const std::vector<std::pair<uint64_t, uint64_t>> counts{{1000, 1010}, {1000, 990}, {1000, 1000}};
  for (size_t i = 0; i < report.points.size(); ++i) {
    PointComparison& point = report.points[i];
    point.instructions = InstructionDecision{"callgrind", counts[i].first, counts[i].second, 0, 0, Verdict::same, {}};
    point.timing_verdict = i == 0 ? Verdict::slower : Verdict::untrusted;  // two times voided by a busy host
  }
  summarize_geomeans(report);
  EXPECT_EQ(report.time_trusted, 1);
  ASSERT_TRUE(report.instruction_geomean_ratio);
  EXPECT_NEAR(*report.instruction_geomean_ratio, std::cbrt(1.01 * 0.99 * 1.0), 1e-9);
  std::ostringstream text;
  print_text(report, text, false, false, 1000);
  EXPECT_NE(text.str().find(fmt::format("geomean instructions B/A: {:.4f}x over the 3 points the counts decided | time B vs A: "
                                        "{:.3f}x over 1 trusted point of 3 | ",
                                        *report.instruction_geomean_ratio, *report.geomean_speedup)),
            std::string::npos)
      << text.str();
}

// Issue 74: an AMBIGUOUS time on a busy host keeps its HOST_BUSY (the load is why the spread does
// not decide), and the next step says an idle host decides it, not more rounds.
TEST_F(ComparisonTest, AnUndecidedTimeOnABusyHostSaysTheLoadAndWhatDecidesIt) {
  a_.add("p", 100);
  b_.add("p", 102, "1", "ret2\n").markers.push_back(*Marker::parse("HOST_BUSY runnable=12.6 cores=2 steal_pct=0.0"));
  Comparison report = compare();
  ASSERT_EQ(row(report, "p").verdict, Verdict::ambiguous) << row(report, "p").note();
  EXPECT_NE(row(report, "p").note().find("HOST_BUSY in B (runnable=12.6 cores=2 steal_pct=0.0): its load (up to 6.30x) widens the "
                                         "spread; an idle host decides it"),
            std::string::npos)
      << row(report, "p").note();
  std::ostringstream text;
  print_text(report, text, false, false, 1000);
  EXPECT_NE(text.str().find("1 AMBIGUOUS point(s) on a busy host (HOST_BUSY): measure again on an idle one"), std::string::npos)
      << text.str();
  EXPECT_EQ(text.str().find("more rounds decide them"), std::string::npos) << text.str();
}

TEST(RunData, NonRunDirectoryIsAnInputError) {
  TempDir empty("abtool-empty-");
  EXPECT_THROW(read_run(empty.path()), InputError);
}

}  // namespace abt

namespace abt {

TEST_F(ComparisonTest, AMachineThatChangedSpeedMakesPointsUntrusted) {
  a_.add("calm", 100).measurement.probe_us = {50.0, 51.0, 50.0};
  b_.add("calm", 130, "1", "ret2\n").measurement.probe_us = {50.5, 50.0, 51.0};
  a_.add("busy", 100).measurement.probe_us = {50.0, 50.0, 50.0};
  b_.add("busy", 150, "1", "ret2\n").measurement.probe_us = {75.0, 76.0, 74.0};
  a_.add("steady", 100).measurement.probe_us = {50.0, 50.0, 50.0};
  b_.add("steady", 100.5, "1", "ret2\n", 7).measurement.probe_us = {80.0, 80.0, 80.0};
  a_.add("regressed", 100).measurement.probe_us = {50.0, 50.0, 50.0};
  b_.add("regressed", 400, "1", "ret2\n").measurement.probe_us = {25.0, 26.0, 25.0};
  Comparison report = compare();
  EXPECT_EQ(row(report, "calm").verdict, Verdict::slower);
  EXPECT_NEAR(*row(report, "calm").machine_ratio, 1.01, 0.01);
  EXPECT_EQ(row(report, "busy").verdict, Verdict::untrusted);
  const Finding& probe = finding(row(report, "busy"), FindingCode::machine_speed);
  EXPECT_TRUE(probe.untrusted) << "the probe's change could explain the difference";
  EXPECT_NEAR(probe.number(FindingField::probe_pct), 50.0, 1.0);
  // B is slower although its machine was faster: the regression is real, and at least this large.
  EXPECT_EQ(row(report, "regressed").verdict, Verdict::slower);
  const Finding& faster_machine = finding(row(report, "regressed"), FindingCode::machine_speed);
  EXPECT_FALSE(faster_machine.untrusted);
  EXPECT_NEAR(faster_machine.number(FindingField::probe_pct), -50.0, 1.0);
  // A SAME point is not made UNTRUSTED by the probe alone.
  EXPECT_EQ(row(report, "steady").verdict, Verdict::same);
  std::string all;
  for (const auto& warning : report.warnings) all += warning.text;
  EXPECT_NE(all.find("different speed in A and B at 3 point(s)"), std::string::npos) << all;
  EXPECT_NE(all.find("1 of them are UNTRUSTED"), std::string::npos) << all;
}

}  // namespace abt
