// Issue 60, end to end: a record A of host ops and 12 "builds" replayed against it, each adding
// itself to a history (replay --history); builds 7-12 go through a compiler wrapper that compiles
// cpu_matmul without vectorizing. `history changes` names the step between builds 6 and 7 at
// cpu_matmul's points and nothing elsewhere; `gate` passes after build 6 and fails after build 7;
// `show` fits 80 columns; the trend page is one file with its chart data. Bad input to the store
// (another family, a label for a second compiler, a garbage order key, a damaged or newer file)
// is exit 2 naming the file, and nothing stored is lost.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <set>
#include <sstream>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

namespace {

// A compiler wrapper: g++, or for cpu_matmul's sources g++ with its vectorizer and unrolling off.
fs::path wrapper(const fs::path& dir, int build, bool planted) {
  const fs::path script = dir / fmt::format("gxx-build{}.sh", build);
  std::ofstream out(script);
  out << "#!/bin/sh\n# build " << build << "\n";
  if (planted) out << "case \"$*\" in *matmul*) exec g++ \"$@\" -fno-tree-vectorize -fno-unroll-loops ;; esac\n";
  out << "exec g++ \"$@\"\n";
  out.close();
  fs::permissions(script, fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read);
  return script;
}

}  // namespace

class History : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-history-");
    timing_ = {"--warmup-ms", "5", "--rep-ms", "30", "--rounds", "4"};
    std::vector<std::string> args{"record", "--op", "cpu_saxpy,cpu_matmul", "--compiler", "host:g++", "--shapes",
                                  tiny_shapes().string(), "--out", (dir_->path() / "A").string()};
    args.insert(args.end(), timing_.begin(), timing_.end());
    recorded_ = new ProcessResult(abtool(args));
    gates_ = new std::map<int, ProcessResult>;
    for (int build = 1; build <= 12; ++build) {
      const ProcessResult replayed = abtool({"replay", "--from", (dir_->path() / "A").string(), "--compiler",
                                             "host:" + wrapper(dir_->path(), build, build >= 7).string(), "--out",
                                             run(build).string(), "--history", db().string(), "--build",
                                             fmt::format("build-{:02}", build), "--build-order", std::to_string(build), "-q"});
      if (replayed.exit_code != 0) {
        failed_ = new ProcessResult(replayed);
        return;
      }
      if (build == 6 || build == 7) gates_->emplace(build, abtool({"history", "gate", "--db", db().string()}));
    }
  }
  static void TearDownTestSuite() {
    delete recorded_;
    delete failed_;
    delete gates_;
    delete dir_;
  }
  void SetUp() override {
    ASSERT_EQ(recorded_->exit_code, 0) << describe(*recorded_);
    ASSERT_EQ(failed_, nullptr) << describe(*failed_);
  }
  static fs::path db() { return dir_->path() / "nightly.sqlite"; }
  static fs::path run(int build) { return dir_->path() / fmt::format("B{:02}", build); }
  static TempDir* dir_;
  static std::vector<std::string> timing_;
  static ProcessResult *recorded_, *failed_;
  static std::map<int, ProcessResult>* gates_;
};
TempDir* History::dir_ = nullptr;
std::vector<std::string> History::timing_;
ProcessResult* History::recorded_ = nullptr;
ProcessResult* History::failed_ = nullptr;
std::map<int, ProcessResult>* History::gates_ = nullptr;

TEST_F(History, ChangesNameTheStepBetweenBuildsSixAndSevenAtThePlantedOpAlone) {
  const ProcessResult result = abtool({"history", "changes", "--db", db().string(), "--format", "json"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  const nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["schema"], "abtool.history_changes/1");
  EXPECT_EQ(report["metric"]["name"], "time_vs_control");
  ASSERT_EQ(report["builds"].size(), 12u);
  EXPECT_EQ(report["series"], 3);
  std::set<std::string> changed;
  for (const auto& change : report["changes"]) {
    EXPECT_EQ(change["op"], "cpu_matmul") << change.dump();
    EXPECT_EQ(change["before"]["label"], "build-06") << change.dump();
    EXPECT_EQ(change["after"]["label"], "build-07") << change.dump();
    EXPECT_EQ(change["kind"], "regression");
    EXPECT_GT(change["change_pct"].get<double>(), 10) << "without its vectorizer, matmul is much slower";
    EXPECT_GT(change["ci95_pct"][0].get<double>(), 0) << "the whole interval is a slowdown";
    EXPECT_LT(change["pvalue"].get<double>(), 0.001);
    EXPECT_EQ(change["builds_before"], 6);
    EXPECT_EQ(change["builds_after"], 6);
    changed.insert(change["point"].get<std::string>());
  }
  EXPECT_EQ(changed, (std::set<std::string>{"cpu_matmul/32x48x40/fp32", "cpu_matmul/64x64x64/fp32"}));
  ASSERT_EQ(report["by_build"].size(), 1u);
  EXPECT_EQ(report["by_build"][0]["build"]["label"], "build-07");
  EXPECT_EQ(report["by_build"][0]["regressions"], 2);
  // The other formats say the same.
  const std::string text = abtool({"history", "changes", "--db", db().string()}).out;
  EXPECT_NE(text.find("build build-07: 2 point(s) slower"), std::string::npos) << text;
  const std::string csv = abtool({"history", "changes", "--db", db().string(), "--format", "csv"}).out;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3) << csv;
  EXPECT_NE(abtool({"history", "changes", "--db", db().string(), "--format", "md"}).out.find("| point | between |"), std::string::npos);
}

TEST_F(History, TheGatePassesBuildSixAndFailsBuildSeven) {
  ASSERT_EQ(gates_->count(6), 1u);
  EXPECT_EQ(gates_->at(6).exit_code, 0) << describe(gates_->at(6));
  EXPECT_NE(gates_->at(6).out.find("build-06: 0 of 3 point(s) start a regression"), std::string::npos) << gates_->at(6).out;
  const ProcessResult& seven = gates_->at(7);
  EXPECT_EQ(seven.exit_code, 1) << describe(seven);
  EXPECT_NE(seven.out.find("regression: cpu_matmul/64x64x64/fp32"), std::string::npos) << seven.out;
  EXPECT_EQ(seven.out.find("regression: cpu_saxpy"), std::string::npos) << seven.out;
  // ... with the commands that narrow it: the last good build's run against the newest, then the
  // bisect recipe against the record between the two builds.
  EXPECT_NE(seven.out.find("narrow it: abtool diff " + fs::absolute(run(6)).string() + " " + fs::absolute(run(7)).string()),
            std::string::npos)
      << seven.out;
  EXPECT_NE(seven.out.find("then: examples/bisect.sh " + fs::absolute(dir_->path() / "A").string() + " COMPILER..."),
            std::string::npos)
      << seven.out;
}

TEST_F(History, ShowFitsEightyColumnsAndMarksTheStep) {
  const ProcessResult shown = abtool({"history", "show", "--db", db().string(), "cpu_matmul/64x64x64/fp32"}, {{"COLUMNS", "80"}});
  ASSERT_EQ(shown.exit_code, 0) << describe(shown);
  std::istringstream lines(shown.out);
  std::string line;
  bool marked = false;
  while (std::getline(lines, line)) {
    // Columns, not bytes: the sparkline's blocks take three bytes each.
    size_t columns = 0;
    for (unsigned char ch : line) columns += (ch & 0xc0) != 0x80;
    EXPECT_LE(columns, 80u) << line;
    marked = marked || line.find("^ regression") != std::string::npos;
  }
  EXPECT_TRUE(marked) << shown.out;
  EXPECT_NE(shown.out.find("between build-06 and build-07"), std::string::npos) << shown.out;
  const ProcessResult unknown = abtool({"history", "show", "--db", db().string(), "cpu_matmul/64x64x65/fp32"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("did you mean cpu_matmul/64x64x64/fp32"), std::string::npos) << unknown.err;
}

TEST_F(History, ListAndEveryMetricAreKept) {
  const ProcessResult listed = abtool({"history", "list", "--db", db().string()});
  ASSERT_EQ(listed.exit_code, 0) << describe(listed);
  EXPECT_NE(listed.out.find("12 build(s), 12 run(s)"), std::string::npos) << listed.out;
  // Every metric of a point is a row: its code size too, and that one stepped with the compiler.
  const nlohmann::json code = nlohmann::json::parse(
      abtool({"history", "changes", "--db", db().string(), "--metric", "code_bytes", "--format", "json"}).out);
  EXPECT_EQ(code["metric"]["unit"], "bytes");
  for (const auto& change : code["changes"]) EXPECT_EQ(change["after"]["label"], "build-07") << change.dump();
  const ProcessResult missing = abtool({"history", "changes", "--db", db().string(), "--metric", "joules"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("no metric 'joules'"), std::string::npos) << missing.err;
}

TEST_F(History, AddingARunAgainIsOneRun) {
  const ProcessResult again = abtool({"history", "add", "--db", db().string(), "--build", "build-03", run(3).string()});
  ASSERT_EQ(again.exit_code, 0) << describe(again);
  EXPECT_NE(again.out.find("already in the history, unchanged"), std::string::npos) << again.out;
  const ProcessResult relabel = abtool({"history", "add", "--db", db().string(), "--build", "build-04", run(3).string()});
  EXPECT_EQ(relabel.exit_code, 2) << describe(relabel);
  EXPECT_NE(relabel.err.find("is another compiler in this history"), std::string::npos) << relabel.err;
  EXPECT_NE(abtool({"history", "list", "--db", db().string()}).out.find("12 build(s), 12 run(s)"), std::string::npos);
}

TEST_F(History, TheTrendPageIsOneFileWithEveryOpsChartAndTheStep) {
  const fs::path page = dir_->path() / "trends.html";
  const ProcessResult written = abtool({"history", "report", "--db", db().string(), "-o", page.string()});
  ASSERT_EQ(written.exit_code, 0) << describe(written);
  const std::string html = read_text_file(page);
  EXPECT_NE(html.find("<canvas id=\"chart-0\">"), std::string::npos);
  EXPECT_NE(html.find("<canvas id=\"chart-1\">"), std::string::npos);
  EXPECT_EQ(html.find("<script src"), std::string::npos) << "no script from elsewhere";
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_NE(html.find("\"kind\":\"regression\""), std::string::npos);
  const ProcessResult over_itself = abtool({"history", "report", "--db", db().string(), "-o", db().string()});
  EXPECT_EQ(over_itself.exit_code, 2) << describe(over_itself);
}

TEST_F(History, ARunOfAnotherFamilyIsRefusedNamingItAndNothingIsLost) {
  TempDir other("abtool-history-other-");
  ASSERT_EQ(record(other.path() / "A2", {"--op", "cpu_saxpy"}).exit_code, 0);
  const ProcessResult record_in = abtool({"history", "add", "--db", db().string(), (other.path() / "A2").string()});
  EXPECT_EQ(record_in.exit_code, 2) << describe(record_in);
  EXPECT_NE(record_in.err.find(db().string() + ": run "), std::string::npos) << record_in.err;
  EXPECT_NE(record_in.err.find("is a record; this history holds replays"), std::string::npos) << record_in.err;
  ASSERT_EQ(replay(other.path() / "A2", other.path() / "B2", {}).exit_code, 0);
  const ProcessResult other_baseline = abtool({"history", "add", "--db", db().string(), (other.path() / "B2").string()});
  EXPECT_EQ(other_baseline.exit_code, 2) << describe(other_baseline);
  EXPECT_NE(other_baseline.err.find("a run against another baseline belongs in another --db"), std::string::npos)
      << other_baseline.err;
  const ProcessResult garbage = abtool({"history", "add", "--db", (other.path() / "h.sqlite").string(), "--build-order",
                                        "next tuesday", (other.path() / "B2").string()});
  EXPECT_EQ(garbage.exit_code, 2) << describe(garbage);
  EXPECT_NE(garbage.err.find("--build-order 'next tuesday'"), std::string::npos) << garbage.err;
  EXPECT_NE(abtool({"history", "list", "--db", db().string()}).out.find("12 build(s), 12 run(s)"), std::string::npos);
}

}  // namespace abt::e2e
