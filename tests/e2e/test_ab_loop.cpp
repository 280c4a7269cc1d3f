// record -> replay -> diff on the example host ops, checking the files and the numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "abtool_runner.h"
#include "util/sha256.h"
#include "stats/summary.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class AbLoop : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-e2e-");
    // ABTOOL_COLOR=always turns the progress line on: run.log must still be free of control codes.
    record_result_ = new ProcessResult(abtool(
        {"record", "--op", "cpu_matmul", "--compiler", "host:g++", "--shapes", tiny_shapes().string(), "--out",
         a().string(), "--warmup-ms", "5", "--rep-ms", "20", "--rounds", "2"},
        {{"ABTOOL_COLOR", "always"}}));
    replay_result_ = new ProcessResult(replay(a(), b(), {"--compiler", "host:clang++"}));
  }
  static void TearDownTestSuite() {
    delete record_result_;
    delete replay_result_;
    delete dir_;
  }
  static fs::path a() { return dir_->path() / "A"; }
  static fs::path b() { return dir_->path() / "B"; }
  static TempDir* dir_;
  static ProcessResult* record_result_;
  static ProcessResult* replay_result_;
};
TempDir* AbLoop::dir_ = nullptr;
ProcessResult* AbLoop::record_result_ = nullptr;
ProcessResult* AbLoop::replay_result_ = nullptr;

TEST_F(AbLoop, BothSidesSucceedAndWriteTheWholeRunDirectory) {
  ASSERT_EQ(record_result_->exit_code, 0) << describe(*record_result_);
  ASSERT_EQ(replay_result_->exit_code, 0) << describe(*replay_result_);
  for (const fs::path& run : {a(), b()})
    for (const char* file : {"run.log", "meta.json", "shapes.yaml", "autotune.sqlite", "results.json",
                             "autotune_records/cpu_matmul.json", "ir/index.tsv", "ir/naming.md"})
      EXPECT_TRUE(fs::is_regular_file(run / file)) << run / file;
  EXPECT_NE(record_result_->err.find("\x1b[2K"), std::string::npos) << "progress was forced on";
  for (const fs::path& run : {a(), b()}) {
    std::string log = read_text_file(run / "run.log");
    EXPECT_EQ(log.find('\x1b'), std::string::npos) << "control codes in " << run / "run.log";
    EXPECT_EQ(log.find('\r'), std::string::npos);
    EXPECT_NE(log.find("2 points: 2 SUCCESS, 0 FAILED"), std::string::npos) << log;
  }
}

TEST_F(AbLoop, MetaRecordsModeCompilerAndSelection) {
  auto meta_a = read_json(a() / "meta.json");
  auto meta_b = read_json(b() / "meta.json");
  EXPECT_EQ(meta_a["mode"], "record");
  EXPECT_EQ(meta_b["mode"], "replay");
  EXPECT_EQ(meta_b["replay_from"], a().string());
  // Runs refer to each other by run id and by the path between them, so a copied pair still pairs.
  EXPECT_EQ(meta_a["run_id"].get<std::string>().size(), 32u);
  EXPECT_NE(meta_a["run_id"], meta_b["run_id"]);
  EXPECT_EQ(meta_b["replay_from_run_id"], meta_a["run_id"]);
  EXPECT_EQ(meta_b["replay_from_relative"], std::filesystem::path(a()).lexically_relative(b()).string());
  EXPECT_EQ(meta_a["status"], "finished");
  EXPECT_NE(meta_a["compiler"]["version"].get<std::string>().find("g++"), std::string::npos);
  EXPECT_NE(meta_b["compiler"]["version"].get<std::string>().find("clang"), std::string::npos);
  EXPECT_EQ(meta_a["compiler"]["sha256"].get<std::string>().size(), 64u);
  EXPECT_EQ(meta_a["selection"]["ops"], meta_b["selection"]["ops"]);
  EXPECT_EQ(meta_a["seed"], meta_b["seed"]);
  EXPECT_EQ(meta_a["timing"], meta_b["timing"]);  // replay inherits A's timer settings
  EXPECT_EQ(read_text_file(b() / "shapes.yaml"), read_text_file(a() / "shapes.yaml"));
  EXPECT_FALSE(meta_a["command_line"].empty());
}

TEST_F(AbLoop, ResultsHoldSamplesSummariesAndDigests) {
  auto results_a = read_results(a());
  auto results_b = read_results(b());
  EXPECT_TRUE(results_a["complete"].get<bool>());
  ASSERT_EQ(results_a["points"].size(), 2u);
  ASSERT_EQ(results_b["points"].size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const auto& pa = results_a["points"][i];
    const auto& pb = results_b["points"][i];
    EXPECT_EQ(pa["status"], "SUCCESS");
    EXPECT_EQ(pa["method"], "host");
    EXPECT_EQ(pa["config"], pb["config"]) << "B must run A's config";
    EXPECT_EQ(pa["config_source"], "sweep");
    EXPECT_EQ(pb["config_source"], "replay");
    EXPECT_EQ(pa["input_digest"], pb["input_digest"]);
    EXPECT_EQ(pa["verify"]["status"], "passed");
    EXPECT_EQ(pa["verify"]["mismatches"], 0);
    EXPECT_LE(pa["verify"]["max_abs"].get<double>(), 1e-4) << "within the spec's atol";
    auto samples = pa["samples_us"].get<std::vector<double>>();
    ASSERT_FALSE(samples.empty());
    EXPECT_DOUBLE_EQ(pa["latency"]["median"].get<double>(), median_of(samples));
    EXPECT_EQ(pa["latency"]["n"].get<size_t>(), samples.size());
    auto rounds = pa["round_sizes"].get<std::vector<int>>();
    EXPECT_EQ(rounds.size(), 2u);
    EXPECT_EQ(size_t(rounds[0] + rounds[1]), samples.size());
    double gflops = pa["roofline"]["tflops"].get<double>() * 1000;
    auto shape = pa["shape"].get<std::vector<double>>();
    EXPECT_NEAR(gflops, 2 * shape[0] * shape[1] * shape[2] / (pa["latency"]["median"].get<double>() * 1e3), 1e-6);
  }
}

// Where each point's time went: phases whose seconds add up to most of the point's wall time and
// never more (nothing counted twice; the engine's own bookkeeping is in no phase: about 0.2 ms a
// point here, several times that beside other tests' load, so no tighter bound holds on a loaded
// machine), the phases every point of a record and of an interleaved replay goes through, and
// run.log's last line summing them, with the host core's warm-up that is in no point.
TEST_F(AbLoop, EveryPointSaysWhereItsTimeWentAndRunLogEndsWithTheSum) {
  for (const fs::path& run : {a(), b()}) {
    SCOPED_TRACE(run.string());
    for (const auto& point : read_points(run)) {
      ASSERT_TRUE(point.contains("phases_s")) << point.dump();
      const double wall = point["wall_s"].get<double>();
      double sum = 0;
      for (const auto& [phase, seconds] : point["phases_s"].items()) {
        EXPECT_GE(seconds.get<double>(), 0) << phase;
        sum += seconds.get<double>();
      }
      EXPECT_GT(wall, 0);
      EXPECT_LE(sum, wall * (1 + 1e-9)) << point["phases_s"].dump();
      EXPECT_GE(sum, 0.5 * wall) << point["phases_s"].dump();
      for (const char* phase : {"inputs", "reference", "verify", "warmup", "timing", "placement"})
        EXPECT_TRUE(point["phases_s"].contains(phase)) << phase << " in " << point["phases_s"].dump();
    }
    const std::string log = read_text_file(run / "run.log");
    const std::string last = log.substr(log.rfind('\n', log.size() - 2) + 1);
    EXPECT_EQ(last.rfind("time: 2 point(s), ", 0), 0u) << last;
    EXPECT_NE(last.find("by phase: "), std::string::npos) << last;
    EXPECT_NE(last.find(" s keeping the core busy before host ops' first rounds of "), std::string::npos) << last;
    EXPECT_NE(last.find("GPU busy: no CUDA op ran on a device"), std::string::npos) << last;
  }
}

TEST_F(AbLoop, IrHoldsMeasuredVariantsOnlyAndTheIndexListsEveryCandidate) {
  auto rows = read_tsv(a() / "ir" / "index.tsv");
  auto results = read_results(a());
  std::map<std::string, int> per_shape, measured;
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 9u);  // ..., role, compile_ms
    ++per_shape[row[0]];
    bool has_file = fs::exists(a() / "ir" / row[0] / row[1] / (row[2] + ".s"));
    EXPECT_EQ(has_file, row[7] == "measured") << row[2];
    if (row[7] == "measured") {
      ++measured[row[0]];
      EXPECT_GT(std::stoll(row[5]), 0);
    }
  }
  for (const auto& point : results["points"]) {
    std::string shape = point["shape_text"];
    EXPECT_EQ(per_shape[shape], 18) << "cpu_matmul has 18 configs";
    EXPECT_EQ(measured[shape], 1);
    ASSERT_EQ(point["ir_files"].size(), 1u);
    EXPECT_TRUE(fs::exists(a() / point["ir_files"][0].get<std::string>()));
  }
  EXPECT_NE(read_text_file(a() / "ir" / "naming.md").find("| `BM` | `BLOCK_M` |"), std::string::npos);
}

TEST_F(AbLoop, AutotuneRecordMatchesWhatWasMeasured) {
  auto record = read_json(a() / "autotune_records" / "cpu_matmul.json");
  auto results = read_results(a());
  ASSERT_EQ(record["choices"].size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(record["choices"][i]["config"], results["points"][i]["config"]);
    EXPECT_EQ(record["choices"][i]["candidates"].size(), 18u);
    double best = 1e300;
    for (const auto& candidate : record["choices"][i]["candidates"])
      if (candidate["status"] == "ok") best = std::min(best, candidate["time_us"].get<double>());
    EXPECT_DOUBLE_EQ(record["choices"][i]["time_us"].get<double>(), best) << "the fastest verified candidate wins";
  }
  EXPECT_EQ(record["compiler"]["backend"], "host");
}

TEST_F(AbLoop, DiffComparesEveryPointWithTheSameConfig) {
  auto result = abtool({"diff", a().string(), b().string(), "--format", "json"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["points"].size(), 2u);
  for (const auto& point : report["points"]) {
    EXPECT_TRUE(point["same_config"].get<bool>());
    EXPECT_TRUE(point["ir_changed"].get<bool>()) << "g++ and clang++ emit different assembly";
    std::string verdict = point["verdict"];
    std::string note = point["note"];
    // UNTRUSTED only for the reasons an interleaved pair allows on a shared machine: A's code
    // drifted since its record by more than the change, or the host was busy (HOST_BUSY: tests
    // and builds beside this one) enough to make the change.
    const bool machine_state = note.find("drifted") != std::string::npos || note.find("HOST_BUSY in B") != std::string::npos;
    EXPECT_TRUE(verdict == "FASTER" || verdict == "SLOWER" || verdict == "SAME" || verdict == "AMBIGUOUS" ||
                (verdict == "UNTRUSTED" && machine_state))
        << verdict << " " << note;
    double speedup = point["speedup"];
    EXPECT_NEAR(speedup, point["a_us"].get<double>() / point["b_us"].get<double>(), 1e-9);
    // A percentile interval over two lumpy rounds need not hold the point estimate: only its order.
    EXPECT_GT(point["ci95"][0].get<double>(), 0);
    EXPECT_LE(point["ci95"][0].get<double>(), point["ci95"][1].get<double>());
  }
  EXPECT_FALSE(report["all_binaries_identical"].get<bool>());
  // Over trusted points: none when a shared machine drifted past 10% at every point.
  EXPECT_EQ(report["geomean_speedup"].is_number(), report["counts"]["UNTRUSTED"].get<int>() < 2);
}

// Issue 59: a metric is data. code_bytes was added as its row (model/metric.h), its measurement
// (engine/src/metrics/code_bytes.cpp) and its line in metric_readings.cpp; no file that stores,
// judges or prints metrics names it, and it reaches results.json, every diff format and the report.
TEST_F(AbLoop, AMetricAddedAsDataReachesEveryOutput) {
  for (const fs::path& run : {a(), b()})
    for (const auto& point : read_points(run)) {
      for (const nlohmann::json* side : {&point, point.contains("baseline") && !point["baseline"].is_null() ? &point["baseline"] : nullptr}) {
        if (!side) continue;
        ASSERT_TRUE(side->contains("metrics")) << side->dump().substr(0, 400);
        const auto& metrics = (*side)["metrics"];
        ASSERT_EQ(metrics.size(), 1u) << metrics.dump();
        EXPECT_EQ(metrics[0]["metric"], "code_bytes");
        ASSERT_EQ(metrics[0]["reads"].size(), 1u);
        EXPECT_GT(metrics[0]["reads"][0].get<double>(), 0);
      }
    }
  ASSERT_FALSE(read_points(b())[0]["baseline"].is_null()) << "an interleaved replay reads A's code's size in its process";

  const auto json = nlohmann::json::parse(abtool({"diff", a().string(), b().string(), "--format", "json"}).out);
  int changed = 0;
  for (const auto& point : json["points"]) {
    const nlohmann::json* code = nullptr;
    for (const auto& metric : point["metrics"])
      if (metric["metric"] == "code_bytes") code = &metric;
    ASSERT_NE(code, nullptr) << point["metrics"].dump();
    EXPECT_EQ((*code)["unit"], "bytes");
    EXPECT_EQ((*code)["better"], "lower");
    const double a_bytes = (*code)["a"].get<double>(), b_bytes = (*code)["b"].get<double>();
    EXPECT_NEAR((*code)["change_pct"].get<double>(), (b_bytes / a_bytes - 1) * 100, 1e-9);
    const std::string change = (*code)["change"];
    EXPECT_EQ(change, a_bytes == b_bytes ? "same" : b_bytes < a_bytes ? "better" : "worse") << code->dump();
    changed += change != "same";
  }
  EXPECT_GT(changed, 0) << "g++ and clang++ emit code of other sizes";

  const std::string csv = abtool({"diff", a().string(), b().string(), "--format", "csv"}).out;
  EXPECT_NE(csv.substr(0, csv.find('\n')).find(",a_code_bytes,b_code_bytes,code_bytes_change_pct"), std::string::npos) << csv;
  EXPECT_NE(abtool({"diff", a().string(), b().string(), "--format", "md"}).out.find(" code bytes |"), std::string::npos);
  EXPECT_NE(abtool({"diff", a().string(), b().string()}).out.find("code bytes "), std::string::npos)
      << "a changed size is said on the point's line";
  TempDir dir("abtool-metric-report-");
  ASSERT_EQ(abtool({"report", a().string(), b().string(), "-o", (dir.path() / "r.html").string()}).exit_code, 0);
  EXPECT_NE(read_text_file(dir.path() / "r.html").find("<th>code bytes</th>"), std::string::npos);

  // The default name is no request to replace: an earlier ./report.html stays, and the error says how.
  write_file_atomically(dir.path() / "report.html", "an earlier report");
  const ProcessResult again = run_process(
      {"/bin/sh", {"-c", "cd \"$0\" && exec \"$1\" report \"$2\" \"$3\"", dir.path().string(), ABTOOL_BINARY, a().string(), b().string()}});
  EXPECT_EQ(again.exit_code, 2) << describe(again);
  EXPECT_NE(again.err.find("report.html exists (an earlier report); name the page with -o FILE, or -o report.html to replace it"),
            std::string::npos)
      << again.err;
  EXPECT_EQ(read_text_file(dir.path() / "report.html"), "an earlier report");
}

TEST_F(AbLoop, DiffTextMarkdownAndIrDiffs) {
  auto text = abtool({"diff", a().string(), b().string(), "--ir"});
  ASSERT_EQ(text.exit_code, 0) << describe(text);
  EXPECT_NE(text.out.find("cpu_matmul/32x48x40/fp32"), std::string::npos);
  EXPECT_NE(text.out.find("geomean speedup B vs A"), std::string::npos);
  EXPECT_NE(text.out.find("--- A/ir/32x48x40/matmul_tiled/"), std::string::npos) << text.out.substr(0, 2000);
  EXPECT_NE(text.out.find("\n@@ "), std::string::npos);
  auto markdown = abtool({"diff", a().string(), b().string(), "--format", "md"});
  EXPECT_NE(markdown.out.find("| point | A | B |"), std::string::npos);
}

// SPEC 4 / issue 44: a pair of run directories copied elsewhere (renamed, too) compares without
// "B is not a replay of A": B names A by run id, not only by the path A had.
TEST_F(AbLoop, ACopiedPairComparesWithoutAFalseWarning) {
  TempDir dir("abtool-copied-");
  std::filesystem::copy(a(), dir.path() / "baseline", std::filesystem::copy_options::recursive);
  std::filesystem::copy(b(), dir.path() / "candidate", std::filesystem::copy_options::recursive);
  auto copied = abtool({"diff", (dir.path() / "baseline").string(), (dir.path() / "candidate").string(), "--format", "json"});
  ASSERT_EQ(copied.exit_code, 0) << describe(copied);
  EXPECT_EQ(nlohmann::json::parse(copied.out)["warnings"].dump().find("not a replay"), std::string::npos) << copied.out;
  // A's copy against a B of another record is still called out.
  auto other = abtool({"diff", (dir.path() / "candidate").string(), (dir.path() / "candidate").string(), "--format", "json"});
  EXPECT_NE(nlohmann::json::parse(other.out)["warnings"].dump().find("not a replay"), std::string::npos) << other.out;
}

TEST_F(AbLoop, FailOnRegressionUsesTheThreshold) {
  // A 10000% threshold: nothing can count as a regression.
  auto result = abtool({"diff", a().string(), b().string(), "--fail-on-regression", "--threshold", "10000"});
  EXPECT_EQ(result.exit_code, 0) << describe(result);
}

TEST_F(AbLoop, SameCompilerOnBothSidesIsCalledOut) {
  TempDir dir("abtool-aa-");
  auto result = replay(a(), dir.path() / "AA", {"--compiler", "host:g++"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  auto diff = abtool({"diff", a().string(), (dir.path() / "AA").string()});
  EXPECT_NE(diff.out.find("WARNING: EVERY measured binary of B is byte-identical"), std::string::npos) << diff.out;
  EXPECT_NE(diff.err.find("byte-identical"), std::string::npos);
  auto json = nlohmann::json::parse(abtool({"diff", a().string(), (dir.path() / "AA").string(), "--format", "json"}).out);
  EXPECT_TRUE(json["all_binaries_identical"].get<bool>());
  for (const auto& point : json["points"]) {
    EXPECT_FALSE(point["ir_changed"].get<bool>());
    EXPECT_TRUE(point["same_output"].get<bool>());
  }
}

TEST_F(AbLoop, ReplayFromAReplayIsRefused) {
  TempDir dir("abtool-rr-");
  auto result = replay(b(), dir.path() / "C", {});
  EXPECT_EQ(result.exit_code, 2) << describe(result);
  EXPECT_NE(result.err.find("is a replay run"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(dir.path() / "C"));
}

}  // namespace abt::e2e

namespace abt::e2e {

TEST_F(AbLoop, RecordKeepsEveryMeasuredBinaryWithItsManifest) {
  for (const auto& point : read_points(a())) {
    const auto& binary = point["binary"];
    ASSERT_TRUE(binary.is_object()) << point.dump(1);
    EXPECT_EQ(binary["file"].get<std::string>().rfind("bin/" + point["shape_text"].get<std::string>() + "/matmul_tiled/", 0), 0u);
    EXPECT_EQ(binary["sha256"], point["binary_hash"]);
    EXPECT_EQ(binary["entry_symbol"], "abtool_entry");
    EXPECT_EQ(sha256_of_file((a() / binary["file"].get<std::string>()).string()), binary["sha256"]);
  }
}

TEST_F(AbLoop, ReplayMeasuresAsStoredBinaryBesideBsAndDiffDecidesFromThatPair) {
  auto points_a = read_results(a())["points"];
  auto points_b = read_results(b())["points"];
  ASSERT_EQ(points_a.size(), points_b.size());
  for (size_t i = 0; i < points_b.size(); ++i) {
    const auto& baseline = points_b[i]["baseline"];
    ASSERT_TRUE(baseline.is_object()) << "interleaving is the default";
    EXPECT_EQ(baseline["binary_hash"], points_a[i]["binary_hash"]) << "A's code, not B's";
    EXPECT_NE(baseline["binary_hash"], points_b[i]["binary_hash"]) << "g++ and clang++ build different code";
    // Alternating rounds: both sides got every round (and the same number of them).
    EXPECT_EQ(baseline["round_sizes"].size(), points_b[i]["round_sizes"].size());
    EXPECT_GE(baseline["round_sizes"].size(), 2u);
    EXPECT_FALSE(baseline["samples_us"].empty());
  }
  auto report = nlohmann::json::parse(abtool({"diff", a().string(), b().string(), "--format", "json"}).out);
  for (size_t i = 0; i < report["points"].size(); ++i) {
    const auto& row = report["points"][i];
    EXPECT_TRUE(row["in_process_pair"].get<bool>());
    const double a_now = median_of(points_b[i]["baseline"]["samples_us"].get<std::vector<double>>());
    EXPECT_DOUBLE_EQ(row["a_us"].get<double>(), a_now) << "A is A's code in B's process";
    const double recorded = points_a[i]["latency"]["median"].get<double>();
    EXPECT_NEAR(row["drift_pct"].get<double>(), 100 * (a_now / recorded - 1), 1e-9);
    EXPECT_EQ(row["a"]["n"].get<size_t>(), points_b[i]["baseline"]["samples_us"].size());
  }
}

// An interleaved replay keeps each pair's interval when the point ends (model/stored_interval.h);
// diff reads it instead of resampling, and prints exactly what resampling prints: the same JSON
// with the kept intervals taken out. Where their inputs are not the samples diff reads (here a
// forged digest), diff resamples; where they are, it reads the numbers (here forged ones).
TEST_F(AbLoop, DiffReadsTheIntervalTheReplayKeptAndPrintsWhatResamplingWould) {
  const nlohmann::json kept = read_json(b() / "results.json");
  for (const auto& point : kept["points"]) {
    ASSERT_TRUE(point["baseline"].contains("interval")) << point["shape_text"];
    EXPECT_EQ(point["baseline"]["interval"]["inputs"].get<std::string>().size(), 16u);
  }
  nlohmann::json report = diff_as_json(a(), b());
  for (size_t i = 0; i < report["points"].size(); ++i) {
    const auto& interval = kept["points"][i]["baseline"]["interval"];
    EXPECT_DOUBLE_EQ(report["points"][i]["speedup"].get<double>(), 1 / interval["ratio"].get<double>());
    EXPECT_DOUBLE_EQ(report["points"][i]["ci95"][0].get<double>(), 1 / interval["high"].get<double>());
  }

  TempDir dir("abtool-kept-");
  auto edited = [&](const std::string& name, const std::function<void(nlohmann::json&)>& edit) {
    const fs::path run = dir.path() / name;
    fs::copy(b(), run, fs::copy_options::recursive);
    nlohmann::json results = kept;
    for (auto& point : results["points"]) edit(point["baseline"]);
    write_file_atomically(run / "results.json", results.dump());
    nlohmann::json diffed = diff_as_json(a(), run);
    diffed.erase("b");
    return diffed;
  };
  report.erase("b");
  EXPECT_EQ(edited("resampled", [](nlohmann::json& baseline) { baseline.erase("interval"); }), report)
      << "without the kept intervals, diff resamples to the same output";
  EXPECT_EQ(edited("other-inputs", [](nlohmann::json& baseline) { baseline["interval"]["inputs"] = "0000000000000000"; }),
            report)
      << "a kept interval of other inputs is not read";
  const nlohmann::json forged = edited("forged", [](nlohmann::json& baseline) { baseline["interval"]["high"] = 4.0; });
  for (const auto& row : forged["points"]) EXPECT_DOUBLE_EQ(row["ci95"][0].get<double>(), 0.25) << "read where the inputs match";
}

TEST_F(AbLoop, NoInterleaveMeasuresBAlone) {
  TempDir dir("abtool-alone-");
  auto result = replay(a(), dir.path() / "B", {"--compiler", "host:clang++", "--no-interleave"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  for (const auto& point : read_points(dir.path() / "B")) EXPECT_TRUE(point["baseline"].is_null());
  auto report = nlohmann::json::parse(abtool({"diff", a().string(), (dir.path() / "B").string(), "--format", "json"}).out);
  for (const auto& row : report["points"]) {
    EXPECT_FALSE(row["in_process_pair"].get<bool>());
    EXPECT_TRUE(row["drift_pct"].is_null());
  }
}

}  // namespace abt::e2e

namespace abt::e2e {

// Not on a terminal (a pipe, a CI log): plain progress lines, at most every ABTOOL_PROGRESS_S
// seconds, over the whole run's points, and never a control code.
TEST(Progress, OffATerminalItIsPlainLinesOverTheWholeRun) {
  TempDir dir("abtool-progress-");
  ProcessResult run = abtool({"record", "--out", (dir.path() / "A").string(), "--compiler", "host:g++", "--shapes",
                              tiny_shapes().string(), "--op", "cpu_saxpy,cpu_matmul", "--warmup-ms", "5", "--rep-ms",
                              "20", "--rounds", "2", "--no-cache"},
                             {{"ABTOOL_PROGRESS_S", "0.01"}, {"ABTOOL_COLOR", "never"}});
  ASSERT_EQ(run.exit_code, 0) << describe(run);
  EXPECT_NE(run.err.find("abtool: record 0/3 points"), std::string::npos) << run.err;
  // Issue 61: while an op's points are chosen the point count stands still; the line says how many
  // more are chosen, and a compile's own progress is inside it, under the run's one ETA.
  EXPECT_NE(run.err.find(" more chosen), "), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(": compiling cpu_matmul fp32 ["), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(" variants] "), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("abtool: record 1/3 points"), std::string::npos) << "one total over both ops";
  EXPECT_NE(run.err.find("elapsed, ETA "), std::string::npos);
  EXPECT_EQ(run.err.find('\x1b'), std::string::npos) << "no control codes off a terminal";
  EXPECT_EQ(run.err.find('\r'), std::string::npos);
}

}  // namespace abt::e2e
