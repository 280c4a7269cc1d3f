// abtool explain and diff --passes end to end. Host: a real g++ record of cpu_saxpy, its A/A replay
// and its replay with -fno-tree-vectorize, and a clang++ replay with and without -fno-vectorize; the
// variants are compiled again from each run's own compiler and ops with per-pass dumps. Triton:
// run directories of the layernorm example written here (no GPU measures them; explain only reads
// which variant each side measured) and compiled again for sm_90 with build/triton-venv's Triton,
// A/A and enable_fp_fusion=0; skipped, saying why, where that Triton is not installed.
#include <gtest/gtest.h>

#include <sstream>

#include <fstream>

#include "abtool_runner.h"
#include "rundir/meta_record.h"
#include "rundir/results_file.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class ExplainHost : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-e2e-explain-");
    write_file_atomically(dir_->path() / "saxpy.yaml", "cpu_saxpy:\n  shapes:\n    - [65536]\n");
    auto run = [](std::vector<std::string> args) {
      args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
      args.insert(args.end(), {"--no-cache", "-q"});
      const ProcessResult result = abtool(args);
      EXPECT_EQ(result.exit_code, 0) << describe(result);
    };
    const std::string a = (dir_->path() / "A").string();
    run({"record", "--op", "cpu_saxpy", "--shapes", (dir_->path() / "saxpy.yaml").string(), "--compiler", "host:g++", "--out", a});
    run({"replay", "--from", a, "--aa", "--out", (dir_->path() / "AA").string()});
    run({"replay", "--from", a, "--compiler-flags=-fno-tree-vectorize", "--out", (dir_->path() / "B").string()});
    run({"replay", "--from", a, "--compiler", "host:clang++", "--out", (dir_->path() / "C").string()});
    run({"replay", "--from", a, "--compiler", "host:clang++", "--compiler-flags", "-fno-vectorize", "--out",
         (dir_->path() / "D").string()});
    // the other way round: A without the vectorizer, B with it (a pass B runs and A does not)
    const std::string scalar = (dir_->path() / "S").string();
    run({"record", "--op", "cpu_saxpy", "--shapes", (dir_->path() / "saxpy.yaml").string(), "--compiler", "host:g++",
         "--compiler-flags=-fno-tree-vectorize", "--out", scalar});
    run({"replay", "--from", scalar, "--out", (dir_->path() / "V").string()});
  }
  static void TearDownTestSuite() { delete dir_; }
  static fs::path run(const char* name) { return dir_->path() / name; }
  static nlohmann::json explain_json(std::vector<std::string> args) {
    args.insert(args.begin(), "explain");
    args.insert(args.end(), {"--format", "json", "-q"});
    const ProcessResult result = abtool(args);
    EXPECT_EQ(result.exit_code, 0) << describe(result);
    return nlohmann::json::parse(result.out);
  }
  static TempDir* dir_;
};
TempDir* ExplainHost::dir_ = nullptr;

constexpr const char* kPoint = "cpu_saxpy/65536/fp32";

TEST_F(ExplainHost, AnAaHasNoDivergenceAtAnyPassAndNoPointToExplainByDefault) {
  const nlohmann::json named = explain_json({run("A"), run("AA"), kPoint});
  ASSERT_EQ(named["points"].size(), 1u) << named.dump(2);
  const auto& point = named["points"][0];
  EXPECT_EQ(point["outcome"], "no_divergence") << point.dump(2);
  EXPECT_GT(point["a_passes"].get<int>(), 100) << "GCC's tree, IPA and RTL passes";
  EXPECT_EQ(point["a_passes"], point["b_passes"]);
  EXPECT_EQ(point["a_rebuilt_measured"], true);
  EXPECT_TRUE(explain_json({run("A"), run("AA")})["points"].empty()) << "the measured binaries are the same";
}

TEST_F(ExplainHost, GccWithoutTreeVectorizeNamesTheVectorizerThatRanOnAsSideOnly) {
  const nlohmann::json explained = explain_json({run("A"), run("B")});
  ASSERT_EQ(explained["points"].size(), 1u) << explained.dump(2);
  const auto& point = explained["points"][0];
  EXPECT_EQ(point["point"], kPoint);
  ASSERT_EQ(point["outcome"], "pass") << point.dump(2);
  const auto& only_a = point["since_same_only_in_a"];
  EXPECT_NE(std::find(only_a.begin(), only_a.end(), "tree vect"), only_a.end()) << point.dump(2);
  EXPECT_TRUE(point["since_same_only_in_b"].empty());
  EXPECT_EQ(point["pass"]["stage"], "tree") << "the first common pass after it shows the change";
  EXPECT_NE(point["pass"]["excerpt"].get<std::string>().find("vector("), std::string::npos) << point.dump(2);
  // Issue "Explain II": each side's compile time by pass, from GCC's -ftime-report, in the same compiles.
  ASSERT_TRUE(point["pass_times"].is_object()) << point.dump(2);
  EXPECT_GT(point["pass_times"]["a_ms"].get<double>(), 0) << point["pass_times"].dump();
  EXPECT_GT(point["pass_times"]["b_ms"].get<double>(), 0) << point["pass_times"].dump();
  EXPECT_LE(point["pass_times"]["largest_changes"].size(), 3u);
  const ProcessResult text = abtool({"explain", run("A").string(), run("B").string(), "-q", "--detail"});
  EXPECT_NE(text.out.find("  compile time by pass (as the compiler timed its passes): A "), std::string::npos) << text.out;
}

// explain --skip-passes --time with GCC: B (vectorized) against A (-fno-tree-vectorize); GCC's
// vectorizer left out of B (-fdisable-tree-vect) gives scalar code again (not A's bytes: the loop
// passes -fno-tree-vectorize also turns off still run), and B replayed so, A's binary timed beside
// it, is back near A's time where B was several times faster.
TEST_F(ExplainHost, SkipPassesTimeFindsGccsVectorizerBringsBsTimeBack) {
  const fs::path out = run("skip-explained");
  const ProcessResult result = abtool({"explain", run("S"), run("V"), "--skip-passes", "--time", "--out", out.string(), "--format",
                                       "json", "-q"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  const auto point = nlohmann::json::parse(result.out)["points"].at(0);
  const auto& skipped = point.at("skipped_passes");
  ASSERT_FALSE(skipped.empty()) << point.dump(2);
  const auto vect = std::find_if(skipped.begin(), skipped.end(), [](const nlohmann::json& pass) { return pass["pass"] == "tree vect"; });
  ASSERT_NE(vect, skipped.end()) << skipped.dump(2);
  EXPECT_EQ((*vect)["flag"], "-fdisable-tree-vect");
  EXPECT_TRUE((*vect)["outcome"] == "restores_a" || (*vect)["outcome"] == "other_code") << vect->dump(2);
  const auto& timed = (*vect).at("timed");
  ASSERT_TRUE(timed["error"].is_null()) << timed.dump(2);
  ASSERT_TRUE(timed["verdict"].is_string()) << timed.dump(2);
  const double without = timed["speedup"].get<double>();
  EXPECT_GT(without, 0);
  EXPECT_EQ(timed["restores_a_time"], timed["verdict"] == "SAME" && (point["verdict"] == "FASTER" || point["verdict"] == "SLOWER"))
      << point.dump(2);
  // what noise cannot change: where B is far faster than A, B without the vectorizer is not
  const double vectorized = diff_as_json(run("S"), run("V"))["points"].at(0)["speedup"].get<double>();
  if (vectorized > 1.5) EXPECT_LT(without, 1 + (vectorized - 1) / 2) << "B " << vectorized << "x, without tree vect " << without << "x";
  const fs::path replayed = timed["run"].get<std::string>();
  EXPECT_EQ(replayed, out / "skip-passes" / "tree-vect");
  EXPECT_NE(read_json(replayed / "meta.json")["compiler"].dump().find("-fdisable-tree-vect"), std::string::npos);
  for (const auto& pass : skipped)
    if (pass["outcome"] == "no_effect" || pass["outcome"] == "failed") EXPECT_FALSE(pass.contains("timed")) << pass.dump(2);
  std::cout << "B " << point["verdict"] << " " << vectorized << "x against A; without tree vect " << timed["verdict"] << " "
            << without << "x\n";
  // as text: the candidate's verdict, and which pass brings B's time back where B's differed
  const ProcessResult text = abtool({"explain", run("S"), run("V"), "--skip-passes", "-q", "--detail"});
  EXPECT_NE(text.out.find("    tree vect: "), std::string::npos) << text.out;
}

// replay --passes: the same explanation, made when the replay ends and kept in its own ir/passes/.
TEST_F(ExplainHost, ReplayPassesKeepsTheDumpsAndTheExplanationInBsOwnIr) {
  const fs::path e = run("E");
  std::vector<std::string> args{"replay", "--from", run("A").string(), "--compiler-flags=-fno-tree-vectorize", "--passes",
                                "--no-cache", "--out", e.string()};
  args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
  const ProcessResult replay = abtool(args);
  ASSERT_EQ(replay.exit_code, 0) << describe(replay);
  EXPECT_NE(replay.err.find("abtool replay --passes: 1 point(s) whose code differs from A's compiled again with pass dumps into " +
                            (e / "ir" / "passes").string()),
            std::string::npos)
      << replay.err;
  std::ifstream stored(e / "ir" / "passes" / "explain.json");
  ASSERT_TRUE(stored.good()) << "explain.json in B's ir/passes";
  const nlohmann::json kept = nlohmann::json::parse(stored);
  EXPECT_EQ(kept["b"], e.string());
  ASSERT_EQ(kept["points"].size(), 1u) << kept.dump(2);
  const auto& point = kept["points"][0];
  ASSERT_EQ(point["outcome"], "pass") << point.dump(2);
  const auto& only_a = point["since_same_only_in_a"];
  EXPECT_NE(std::find(only_a.begin(), only_a.end(), "tree vect"), only_a.end()) << point.dump(2);
  // what explain says of the same two runs, pass for pass
  const nlohmann::json asked = explain_json({run("A"), e.string()});
  ASSERT_EQ(asked["points"].size(), 1u);
  EXPECT_EQ(asked["points"][0]["pass"], point["pass"]);
  EXPECT_TRUE(fs::exists(e / "ir" / "passes" / "cpu_saxpy" / "65536" / "fp32" / "a.tsv"));
  EXPECT_TRUE(fs::exists(e / "ir" / "passes" / "cpu_saxpy" / "65536" / "fp32" / "b.tsv"));
  size_t outputs = 0;
  for (const auto& entry : fs::directory_iterator(e / "ir" / "passes" / "ir")) outputs += entry.path().extension() == ".gz";
  EXPECT_GT(outputs, 10u) << "each distinct pass output, gzipped";
  EXPECT_FALSE(fs::exists(run("A") / "ir" / "passes")) << "nothing is written into A";
  // diff --passes reads what the replay stored (no compile: no progress line), the same pass
  const ProcessResult diffed = abtool({"diff", run("A"), e.string(), "--passes", "--format", "json"});
  ASSERT_EQ(diffed.exit_code, 0) << describe(diffed);
  EXPECT_EQ(diffed.err.find("compiling A's and B's variant again"), std::string::npos) << diffed.err;
  EXPECT_EQ(nlohmann::json::parse(diffed.out)["points"].at(0)["passes"]["pass"], point["pass"]) << diffed.out;
  // damaged, it is bad input naming the file and the field; nothing of B changes
  std::string text = read_text_file(e / "ir" / "passes" / "explain.json");
  const std::string intact = text;
  text.replace(text.find("\"outcome\": \"pass\""), 17, "\"outcome\": \"pas\"");
  write_file_atomically(e / "ir" / "passes" / "explain.json", text);
  const ProcessResult damaged = abtool({"diff", run("A"), e.string(), "--passes"});
  EXPECT_EQ(damaged.exit_code, 2) << describe(damaged);
  EXPECT_NE(damaged.err.find((e / "ir" / "passes" / "explain.json").string() + ": point 1 (cpu_saxpy/65536/fp32): outcome"),
            std::string::npos)
      << damaged.err;
  write_file_atomically(e / "ir" / "passes" / "explain.json", intact);
}

TEST_F(ExplainHost, ClangWithoutVectorizeNamesLlvmsLoopVectorizer) {
  const nlohmann::json explained = explain_json({run("C"), run("D"), kPoint});
  const auto& point = explained["points"].at(0);
  ASSERT_EQ(point["outcome"], "pass") << point.dump(2);
  EXPECT_EQ(point["pass"]["stage"], "llvm");
  EXPECT_EQ(point["pass"]["name"].get<std::string>().rfind("LoopVectorizePass on ", 0), 0u) << point.dump(2);
}

TEST_F(ExplainHost, TwoDifferentCompilersShareNoPassSoTheFirstDivergentStageIsSaid) {
  const nlohmann::json explained = explain_json({run("A"), run("C"), kPoint});
  const auto& point = explained["points"].at(0);
  EXPECT_EQ(point["outcome"], "stage") << point.dump(2);
  EXPECT_EQ(point["stage"], "s");
  EXPECT_EQ(point["common_passes"], 0);
  EXPECT_NE(point["no_passes"].get<std::string>().find("no pass of the same name"), std::string::npos);
  // Issue 61: the families are known from meta.json before anything compiles: no compile with pass
  // dumps (its passes would be 0 on both sides), the reason said once before the points' lines.
  EXPECT_EQ(point["no_passes"], "A's compiler is gcc and B's clang: two compiler families run no pass of the same name, so "
                                "only their stages compare (compiled without pass dumps)");
  EXPECT_EQ(point["a_passes"], 0);
  EXPECT_EQ(point["b_passes"], 0);
  const ProcessResult said = abtool({"explain", run("A").string(), run("C").string(), kPoint});
  ASSERT_EQ(said.exit_code, 0) << describe(said);
  EXPECT_EQ(said.err.rfind("abtool explain: A's compiler is gcc and B's clang: two compiler families", 0), 0u) << said.err;
  EXPECT_NE(said.err.find("compiling A's and B's variant again for their stages"), std::string::npos) << said.err;
}

// Issue 63: a shared run's meta.json decides what explain runs (a -wrapper in its flags runs any
// program): --dry-run says what each side would be compiled with, and compiles nothing.
TEST_F(ExplainHost, DryRunSaysWhatEachSideWouldBeCompiledWithAndCompilesNothing) {
  const ProcessResult dry = abtool({"explain", run("A").string(), run("B").string(), "--dry-run"});
  ASSERT_EQ(dry.exit_code, 0) << describe(dry);
  EXPECT_NE(dry.out.find("A (" + (run("A") / "meta.json").string() + "): --compiler host:g++"), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("B (" + (run("B") / "meta.json").string() + "): --compiler host:g++ --compiler-flags=-fno-tree-vectorize"),
            std::string::npos)
      << dry.out;
  EXPECT_NE(dry.out.find("1 point(s) would be compiled on both sides: cpu_saxpy/65536/fp32"), std::string::npos) << dry.out;
  EXPECT_EQ(dry.err.find("compiling"), std::string::npos) << "nothing compiled: " << dry.err;
}

TEST_F(ExplainHost, TextSaysThePassAndOutKeepsEachDistinctPassOutputOnce) {
  const fs::path out = run("explained");
  const ProcessResult result = abtool({"explain", run("A"), run("B"), "--out", out, "-q", "--detail"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  // The vectorizer's passes, run by A alone before the first differing output, are the headline.
  EXPECT_NE(result.out.find("first divergence: passes that ran on one side only, since the last identical output: A tree ch_vect, "
                            "tree ifcvt, tree vect"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("the first output that differs is then that of pcom (tree)"), std::string::npos) << result.out;
  const auto a_index = read_tsv(out / "cpu_saxpy" / "65536" / "fp32" / "a.tsv");
  const auto b_index = read_tsv(out / "cpu_saxpy" / "65536" / "fp32" / "b.tsv");
  EXPECT_GT(a_index.size(), b_index.size()) << "A ran the vectorizer's passes, B did not";
  size_t distinct = 0;
  for (const auto& entry : fs::directory_iterator(out / "ir")) distinct += entry.is_regular_file();
  EXPECT_GT(distinct, 10u);
  EXPECT_LT(distinct, a_index.size() + b_index.size()) << "passes that change nothing share their output";
  for (const auto& row : a_index) {
    ASSERT_EQ(row.size(), 3u);
    const std::string stored = read_text_file(out / row[2]);
    ASSERT_GT(stored.size(), 2u) << row[2];
    EXPECT_EQ(stored.substr(0, 2), "\x1f\x8b") << row[2] << " is gzip's format";
  }
}

// Issue 74: by default a point is one line, and the run's table counts it by what that line leads
// with: the vectorizer's passes A ran alone (-fno-tree-vectorize on B), not pcom, which only shows
// they are gone.
TEST_F(ExplainHost, APointIsOneLineAndTheTableNamesWhatItsLineLeadsWith) {
  const ProcessResult text = abtool({"explain", run("A"), run("B"), "-q"}, {{"COLUMNS", "100"}});
  ASSERT_EQ(text.exit_code, 0) << describe(text);
  EXPECT_NE(text.out.find("\ncpu_saxpy/65536/fp32  "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("after passes only A ran (tree ch_vect, tree ifcvt, tree vect"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  tree ch_vect, tree ifcvt, tree vect, tree dce6 (ran on A only), then pcom (tree): 1 point"),
            std::string::npos)
      << text.out;
  EXPECT_EQ(text.out.find("\n  pcom (tree):"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("vector("), std::string::npos) << "the IR excerpt only with --detail: " << text.out;
  std::istringstream lines(text.out);
  size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) EXPECT_LE(line.size(), 100u) << line;
  EXPECT_LE(count, 12u) << text.out;
}

TEST_F(ExplainHost, DiffPassesAddsTheFirstDivergentPassToEveryFormatAndTheReport) {
  const ProcessResult json = abtool({"diff", run("A"), run("B"), "--passes", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << describe(json);
  const auto point = nlohmann::json::parse(json.out)["points"].at(0);
  EXPECT_EQ(point["passes"]["outcome"], "pass") << point.dump(2);
  const ProcessResult csv = abtool({"diff", run("A"), run("B"), "--passes", "--format", "csv"});
  EXPECT_NE(csv.out.find("tree pass pcom"), std::string::npos) << csv.out;
  const ProcessResult text = abtool({"diff", run("A"), run("B"), "--passes"});
  EXPECT_NE(text.out.find("first divergent pass: after passes only A ran (tree ch_vect, tree ifcvt, tree vect"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("), tree pass pcom"), std::string::npos) << text.out;
  const ProcessResult plain = abtool({"diff", run("A"), run("B"), "--format", "json"});
  EXPECT_TRUE(nlohmann::json::parse(plain.out)["points"].at(0)["passes"].is_null()) << "only when asked";
  const ProcessResult markdown = abtool({"diff", run("A"), run("B"), "--passes", "--format", "md"});
  EXPECT_NE(markdown.out.find("| first divergent pass |"), std::string::npos) << markdown.out;
  const fs::path page = run("report.html");
  const ProcessResult report = abtool({"report", run("A"), run("B"), "--passes", "-o", page});
  ASSERT_EQ(report.exit_code, 0) << describe(report);
  const std::string html = read_text_file(page);
  EXPECT_NE(html.find("first divergent pass: after passes only A ran (tree ch_vect, tree ifcvt, tree vect"), std::string::npos);
  EXPECT_NE(html.find("its output, A to B"), std::string::npos) << "with the IR excerpt";
}

TEST_F(ExplainHost, BadInputIsOneLineAndExitTwo) {
  const ProcessResult absent = abtool({"explain", run("A"), run("B"), "cpu_saxpy/7/fp32"});
  EXPECT_EQ(absent.exit_code, 2) << describe(absent);
  EXPECT_NE(absent.err.find("point cpu_saxpy/7/fp32: not in"), std::string::npos) << absent.err;
  const ProcessResult inside = abtool({"explain", run("A"), run("B"), "--out", run("A") / "explained"});
  EXPECT_EQ(inside.exit_code, 2) << describe(inside);
  EXPECT_FALSE(fs::exists(run("A") / "explained")) << "never writes into A or B";
  fs::create_directories(run("full"));
  write_file_atomically(run("full") / "x", "x");
  const ProcessResult full = abtool({"explain", run("A"), run("B"), "--out", run("full")});
  EXPECT_EQ(full.exit_code, 2) << describe(full);
  EXPECT_NE(full.err.find("not an empty folder"), std::string::npos) << full.err;
  // A run whose compiler is gone: named, with the run's meta.json.
  fs::copy(run("B"), run("gone"), fs::copy_options::recursive);
  MetaRecord meta = MetaRecord::read(run("gone") / "meta.json");
  meta.selection.compiler = "host:/nonexistent/g++";
  write_file_atomically(run("gone") / "meta.json", meta.to_json().dump());
  const ProcessResult gone = abtool({"explain", run("A"), run("gone")});
  EXPECT_EQ(gone.exit_code, 2) << describe(gone);
  EXPECT_NE(gone.err.find((run("gone") / "meta.json").string() + ": the run's compiler cannot be set up again here"),
            std::string::npos) << gone.err;
  EXPECT_EQ(std::count(gone.err.begin(), gone.err.end(), '\n'), 1) << gone.err;
  // Issue 63: a run whose ops folder is gone: exit 2, and meta.json, which names it, named too.
  fs::copy(run("B"), run("no_ops"), fs::copy_options::recursive);
  meta = MetaRecord::read(run("no_ops") / "meta.json");
  meta.selection.ops_dir = "/nonexistent/ops";
  write_file_atomically(run("no_ops") / "meta.json", meta.to_json().dump());
  const ProcessResult no_ops = abtool({"explain", run("A"), run("no_ops")});
  EXPECT_EQ(no_ops.exit_code, 2) << describe(no_ops);
  EXPECT_NE(no_ops.err.find((run("no_ops") / "meta.json").string() + ": selection.ops_dir /nonexistent/ops: op cpu_saxpy"),
            std::string::npos) << no_ops.err;
}

TEST_F(ExplainHost, AVariantThatNoLongerCompilesIsAFailedPointNotACrash) {
  // B's ops folder, as its run names it, now holds a cpu_saxpy that does not compile.
  const fs::path ops = ops_with_edit(run("broken"), "cpu_saxpy", "kernel: saxpy", "kernel: no_such_kernel");
  fs::copy(run("B"), run("broken") / "B", fs::copy_options::recursive);
  MetaRecord meta = MetaRecord::read(run("broken") / "B" / "meta.json");
  meta.selection.ops_dir = ops;
  write_file_atomically(run("broken") / "B" / "meta.json", meta.to_json().dump());
  const ProcessResult result = abtool({"explain", run("A"), run("broken") / "B", "--format", "json", "-q"});
  EXPECT_EQ(result.exit_code, 1) << describe(result);
  const auto point = nlohmann::json::parse(result.out)["points"].at(0);
  EXPECT_EQ(point["outcome"], "failed");
  EXPECT_NE(point["error"].get<std::string>().find("B's variant " + point["b_variant"].get<std::string>() + " does not compile again"), std::string::npos) << point.dump(2);
}

// Run directories of the Triton (and CUDA) examples, as a record and a replay would have written
// them (explain reads each side's compiler, ops and measured variant; no GPU measured them here).
struct TritonPoint {
  const char* op;
  std::vector<long long> shape;
  DType dtype;
  Config config;
  const char* variant;
  const char* kernel;
};

const std::vector<TritonPoint>& example_points() {
  static const std::vector<TritonPoint> points{
      {"triton_layernorm", {4, 1024}, DType::fp32, {{"BLOCK_SIZE", "1024"}, {"num_warps", "4"}}, "BLOCK_SIZE1024_num_warps4", "layernorm_kernel"},
      {"triton_add", {4096}, DType::fp32, {{"BLOCK_SIZE", "1024"}, {"num_warps", "4"}}, "BLOCK_SIZE1024_num_warps4", "add_kernel"},
      {"triton_softmax", {4, 1024}, DType::fp16, {{"BLOCK_SIZE", "1024"}, {"num_warps", "4"}}, "BLOCK_SIZE1024_num_warps4", "softmax_kernel"},
      {"triton_matmul", {256, 256, 256}, DType::bf16,
       {{"BLOCK_SIZE_M", "64"}, {"BLOCK_SIZE_N", "64"}, {"BLOCK_SIZE_K", "32"}, {"GROUP_SIZE_M", "8"}, {"num_warps", "4"}, {"num_stages", "3"}},
       "M64_N64_K32_G8_w4_s3", "matmul_kernel"},
  };
  return points;
}

class ExplainTriton : public ::testing::Test {
 protected:
  static std::string python() { return ABTOOL_TEST_TRITON_VENV "/bin/python3"; }
  static std::string python_3_5_1() { return ABTOOL_TEST_TRITON_VENV "-3.5.1/bin/python3"; }
  void SetUp() override {
#ifndef ABTOOL_WITH_CUDA
    GTEST_SKIP() << "this build has no CUDA backends (Triton's among them)";
#endif
  }
  void write_run(const fs::path& dir, RunMode mode, const std::string& interpreter, const std::string& flags,
                 const std::vector<TritonPoint>& points) {
    write_compiled_run(dir, mode, "triton:" + interpreter, flags, points);
  }
  void write_compiled_run(const fs::path& dir, RunMode mode, const std::string& compiler, const std::string& flags,
                          const std::vector<TritonPoint>& points) {
    fs::create_directories(dir);
    MetaRecord meta;
    meta.mode = mode;
    meta.status = RunStatus::finished;
    meta.command_line = {"abtool", mode == RunMode::record ? "record" : "replay", "--compiler", compiler};
    if (!flags.empty()) meta.command_line.insert(meta.command_line.end(), {"--compiler-flags", flags});
    meta.selection.compiler = compiler;
    meta.selection.ops_dir = source_dir() / "examples" / "ops";
    meta.gpu.compile_target = "sm_90";
    meta.gpu.unavailable = "written by the test";
    ResultsFile results;
    for (const TritonPoint& at : points) {
      PointRecord point;
      point.point = Point{at.op, at.shape, at.dtype};
      point.kernel = at.kernel;
      point.success = true;
      point.config = at.config;
      point.variant = at.variant;
      point.binary_hash = "measured-elsewhere";
      point.measurement.method = TimingMethod::graph;
      for (int i = 0; i < 20; ++i) point.measurement.samples_us.push_back(10 + 0.01 * i);
      point.measurement.round_sizes = {20};
      point.latency = summarize(point.measurement.samples_us);
      results.planned.push_back(point.id());
      results.points.push_back(point);
      meta.selection.ops.push_back(at.op);
    }
    results.complete = true;
    write_file_atomically(dir / "meta.json", meta.to_json().dump());
    ResultsWriter::write(dir / "results.json", dir / "samples.bin", results);
  }
  nlohmann::json explain(const char* a, const char* b, const std::vector<TritonPoint>& points) {
    std::vector<std::string> args{"explain", dir_.path() / a, dir_.path() / b, "--format", "json", "-q"};
    for (const TritonPoint& point : points) args.push_back(Point{point.op, point.shape, point.dtype}.id());
    const ProcessResult result = abtool(args);
    EXPECT_EQ(result.exit_code, 0) << describe(result);
    return nlohmann::json::parse(result.out)["points"];
  }
  TempDir dir_{"abtool-e2e-explain-triton-"};
};

#define REQUIRE_TRITON() \
  if (!fs::exists(python())) GTEST_SKIP() << "no Triton at " << python() << " (scripts/bootstrap.sh installs it)"

TEST_F(ExplainTriton, AnAaHasNoDivergenceAndFpFusionOffNamesInstructionSelection) {
  REQUIRE_TRITON();
  const std::vector<TritonPoint> layernorm{example_points().front()};
  write_run(dir_.path() / "A", RunMode::record, python(), "", layernorm);
  write_run(dir_.path() / "AA", RunMode::replay, python(), "", layernorm);
  write_run(dir_.path() / "B", RunMode::replay, python(), "enable_fp_fusion=0", layernorm);
  const nlohmann::json same = explain("A", "AA", layernorm).at(0);
  EXPECT_EQ(same["outcome"], "no_divergence") << same.dump(2);
  EXPECT_GT(same["a_passes"].get<int>(), 200) << "Triton's MLIR passes, LLVM's and the machine passes";
  EXPECT_EQ(same["a_rebuilt_measured"], false) << "the test's runs name no real binary";
  const nlohmann::json fused = explain("A", "B", layernorm).at(0);
  ASSERT_EQ(fused["outcome"], "pass") << fused.dump(2);
  EXPECT_EQ(fused["pass"]["stage"], "machine");
  EXPECT_EQ(fused["pass"]["name"], "NVPTX DAG->DAG Pattern Instruction Selection (nvptx-isel)") << fused.dump(2);
  EXPECT_TRUE(fused["pass"]["only_in_a"].empty());
  EXPECT_TRUE(fused["pass"]["only_in_b"].empty());
}

// Triton 3.5.1 against 3.6.0 on every example kernel: each one's first divergent pass (or stage),
// and the passes only one build runs (3.6.0 added some), named.
TEST_F(ExplainTriton, TwoTritonBuildsNameEachKernelsFirstDivergentPassAndTheirOneSidedPasses) {
  REQUIRE_TRITON();
  if (!fs::exists(python_3_5_1())) GTEST_SKIP() << "no Triton 3.5.1 at " << python_3_5_1() << " (scripts/bootstrap.sh installs it)";
  write_run(dir_.path() / "A", RunMode::record, python_3_5_1(), "", example_points());
  write_run(dir_.path() / "B", RunMode::replay, python(), "", example_points());
  const nlohmann::json explained = explain("A", "B", example_points());
  ASSERT_EQ(explained.size(), example_points().size());
  size_t attributes_only = 0;
  for (const auto& point : explained) {
    ASSERT_NE(point["outcome"], "failed") << point.dump(2);
    // 3.6.0's CheckMatmulTwoCTA (3.5.1 has none) adds "ttng.two-ctas" = false to the module: an
    // attribute-only first divergence, and the code's own is named beside it
    if (point["pass"].is_object() && point["pass"].contains("attributes_only")) {
      ++attributes_only;
      ASSERT_TRUE(point["pass"]["code"].is_object()) << point.dump(2);
      EXPECT_EQ(point["pass"]["code"]["name"], "ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm)") << point.dump(2);
      EXPECT_EQ(point["pass"]["code"]["stage"], "llir (MLIR)") << point.dump(2);
      // Issue "Explain II": compared as code, a few lines where the text differs in hundreds (3.6.0's
      // casts at the top renumber every value after them), and the operations whose count changed.
      const auto& code = point["pass"]["code"];
      EXPECT_LT(code["changed_lines"].get<int>() * 4, code["raw_changed_lines"].get<int>()) << code.dump(2);
      ASSERT_TRUE(code["op_changes"].is_array()) << code.dump(2);
      bool casts_added = false;  // 3.6.0 casts its pointer arguments first: one cast each
      for (const auto& change : code["op_changes"])
        casts_added |= change["op"] == "builtin.unrealized_conversion_cast" && change["delta"].get<int>() > 0;
      EXPECT_TRUE(casts_added) << code.dump(2);
    }
    EXPECT_NE(point["outcome"], "no_divergence") << "two builds' code differs somewhere: " << point.dump(2);
    EXPECT_GT(point["common_passes"].get<int>(), 200) << point.dump(2);
    if (point["outcome"] == "pass") {
      EXPECT_FALSE(point["pass"]["name"].get<std::string>().empty());
      EXPECT_FALSE(point["pass"]["excerpt"].get<std::string>().empty());
    }
    const auto& new_passes = point["pipeline_only_in_b"];
    EXPECT_NE(std::find(new_passes.begin(), new_passes.end(), "ttgir GluonInline (gluon-inline)"), new_passes.end())
        << "a pass 3.6.0 runs and 3.5.1 does not: " << point.dump(2);
    // Each build's compile time per pass, from MLIR_ENABLE_TIMING and LLVM_ENABLE_TIMING of the same compiles.
    ASSERT_TRUE(point.contains("pass_times")) << point.dump(2);
    EXPECT_GT(point["pass_times"]["a_ms"].get<double>(), 0) << point["pass_times"];
    EXPECT_GT(point["pass_times"]["b_ms"].get<double>(), 0) << point["pass_times"];
    EXPECT_FALSE(point["pass_times"]["largest_changes"].empty()) << point["pass_times"];
  }
  EXPECT_EQ(attributes_only, 3u) << "the layernorm, add and softmax kernels (the matmul's front end differs first)";
  // The text a reader gets for one kernel: the code's line count beside the text's, the operations'
  // line, an excerpt of at most 40 lines, and the run's table of where the code first differs.
  const ProcessResult text = abtool({"explain", dir_.path() / "A", dir_.path() / "B", "-q", "--detail",
                                     Point{"triton_add", {4096}, DType::fp32}.id()});
  ASSERT_EQ(text.exit_code, 0) << describe(text);
  std::cout << text.out;
  EXPECT_NE(text.out.find(" lines changed after canonicalization ("), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  operations: builtin.unrealized_conversion_cast +3"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  compile time by pass (as the compiler timed its passes): A "), std::string::npos) << text.out;
  // The table counts it by the code's own first divergence, as the point's line leads with it.
  EXPECT_NE(text.out.find("where the code first differs, over the points (their verdicts, geomean time B vs A):\n"
                          "  ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm) (llir (MLIR)): 1 point"),
            std::string::npos)
      << text.out;
  size_t excerpt = 0;
  std::istringstream lines(text.out);
  for (std::string line; std::getline(lines, line);) excerpt += line.rfind("    ", 0) == 0;
  EXPECT_LE(excerpt, 2 * 40u) << "two excerpts (the attributes', the code's), each at most 40 lines";
}

// NVRTC prints no per-pass IR: the answer is the first stage whose output differs, and why.
// explain --skip-passes: A compiled without the coalescing pass (a planted change: B has a pass A
// lacks); leaving each divergent pass out of B in turn finds the one that makes B's code A's.
TEST_F(ExplainTriton, SkipPassesFindsThePassThatMakesBsCodeAs) {
  REQUIRE_TRITON();
  const std::vector<TritonPoint> add{example_points()[1]};
  write_run(dir_.path() / "A", RunMode::record, python(), "abtool_skip_passes=tritongpu-coalesce", add);
  write_run(dir_.path() / "B", RunMode::replay, python(), "", add);
  std::vector<std::string> args{"explain", dir_.path() / "A", dir_.path() / "B", "--skip-passes", "--format", "json", "-q",
                                Point{add[0].op, add[0].shape, add[0].dtype}.id()};
  const ProcessResult result = abtool(args);
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  const nlohmann::json point = nlohmann::json::parse(result.out)["points"].at(0);
  ASSERT_EQ(point["outcome"], "pass") << point.dump(2);
  const auto& only_b = point["pipeline_only_in_b"];
  EXPECT_NE(std::find_if(only_b.begin(), only_b.end(),
                         [](const nlohmann::json& pass) { return pass.get<std::string>().find("(tritongpu-coalesce)") != std::string::npos; }),
            only_b.end())
      << point.dump(2);
  const auto& skipped = point.at("skipped_passes");
  ASSERT_FALSE(skipped.empty()) << point.dump(2);
  EXPECT_EQ(skipped[0]["pass"], "tritongpu-coalesce") << "the pass only B ran comes first\n" << skipped.dump(2);
  EXPECT_EQ(skipped[0]["outcome"], "restores_a") << skipped.dump(2);
  for (size_t i = 1; i < skipped.size(); ++i) EXPECT_NE(skipped[i]["outcome"], "restores_a") << skipped.dump(2);
  // as text, and without the option no such field (the goldens hold)
  args[5] = "text";
  const ProcessResult text = abtool(args);
  EXPECT_NE(text.out.find("; left out of B, tritongpu-coalesce gives A's code"), std::string::npos) << text.out;
  args.push_back("--detail");
  const ProcessResult detail = abtool(args);
  EXPECT_NE(detail.out.find("    tritongpu-coalesce: A's code (the binary A's variant compiles to)"), std::string::npos) << detail.out;
  EXPECT_FALSE(explain("A", "B", add).at(0).contains("skipped_passes"));
}

// explain --skip-passes --time replays B without the pass, A's binary beside it: where that replay
// cannot run, the candidate says why it has no verdict, and the rest of the explanation stands
// (test_gpu's GpuTriton times one for real); --time without --skip-passes is bad input.
TEST_F(ExplainTriton, SkipPassesTimeSaysWhyACandidateHasNoVerdict) {
  REQUIRE_TRITON();
  const std::vector<TritonPoint> add{example_points()[1]};
  write_run(dir_.path() / "A", RunMode::record, python(), "abtool_skip_passes=tritongpu-coalesce", add);
  write_run(dir_.path() / "B", RunMode::replay, python(), "", add);
  const std::string id = Point{add[0].op, add[0].shape, add[0].dtype}.id();
  const fs::path out = dir_.path() / "explained";
  const ProcessResult result = abtool({"explain", dir_.path() / "A", dir_.path() / "B", "--skip-passes", "--time", "--out",
                                       out.string(), "--format", "json", "-q", id});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  const nlohmann::json skipped = nlohmann::json::parse(result.out)["points"].at(0).at("skipped_passes");
  ASSERT_FALSE(skipped.empty());
  ASSERT_EQ(skipped[0]["outcome"], "restores_a") << skipped.dump(2);
  const nlohmann::json& timed = skipped[0].at("timed");
  EXPECT_TRUE(timed["verdict"].is_null()) << timed.dump(2);
  EXPECT_FALSE(timed["restores_a_time"].get<bool>());
  // the test's A is no run a replay can start from (no shapes.yaml, no autotune record)
  EXPECT_EQ(timed["error"].get<std::string>().rfind("its replay failed (exit 2): ", 0), 0u) << timed.dump(2);
  EXPECT_EQ(timed["run"], (out / "skip-passes" / "tritongpu-coalesce").string());
  for (const auto& pass : skipped)
    EXPECT_EQ(pass.contains("timed"), pass["outcome"] == "restores_a" || pass["outcome"] == "other_code") << pass.dump(2);
  const ProcessResult alone = abtool({"explain", dir_.path() / "A", dir_.path() / "B", "--time", id});
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("explain --time times what --skip-passes leaves out: give both"), std::string::npos) << alone.err;
}

TEST_F(ExplainTriton, NvrtcPrintsNoPassesSoTheFirstDivergentStageIsSaid) {
  const std::vector<TritonPoint> softmax{{"softmax", {4, 1024}, DType::fp32, {{"BLOCK", "256"}}, "BLOCK256", "softmax"}};
  write_compiled_run(dir_.path() / "A", RunMode::record, "nvrtc", "", softmax);
  write_compiled_run(dir_.path() / "B", RunMode::replay, "nvrtc", "--use_fast_math", softmax);
  const nlohmann::json fast = explain("A", "B", softmax).at(0);
  ASSERT_EQ(fast["outcome"], "stage") << fast.dump(2);
  EXPECT_EQ(fast["stage"], "ptx");
  EXPECT_EQ(fast["a_passes"], 0);
  EXPECT_NE(fast["no_passes"].get<std::string>().find("NVRTC has no option that prints the IR after each pass"), std::string::npos);
  write_compiled_run(dir_.path() / "AA", RunMode::replay, "nvrtc", "", softmax);
  EXPECT_EQ(explain("A", "AA", softmax).at(0)["outcome"], "no_divergence");
}

}  // namespace abt::e2e
