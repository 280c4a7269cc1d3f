// Issues 60 and 72, end to end: a record A of host ops and 12 "builds" replayed against it, each
// adding itself to a history (replay --history); builds 3-5 and 11-12 go through a compiler
// wrapper that compiles cpu_matmul without vectorizing: a pulse (a regression after build 2,
// reverted after three builds) and a step two builds before the newest. `history changes` names
// the regression at build 3, the revert at build 6 and the regression at build 11, at cpu_matmul's
// points alone; every build's wrapper is another compiler, but cpu_saxpy's code never changes, so
// nothing is said of it. The gate, taken after every build, fails builds 3 and 11 alone (4, 5 and
// 12 ran the code of the build before). `show` fits 80 columns; the trend page is one file with its
// chart data. Bad input to the store (another family, a label for a second compiler, a garbage
// order key, a damaged or newer file) is exit 2 naming the file, and nothing stored is lost.
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

bool planted(int build) { return (build >= 3 && build <= 5) || build >= 11; }

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
                                             "host:" + wrapper(dir_->path(), build, planted(build)).string(), "--out",
                                             run(build).string(), "--history", db().string(), "--build",
                                             fmt::format("build-{:02}", build), "--build-order", std::to_string(build), "-q"});
      if (replayed.exit_code != 0) {
        failed_ = new ProcessResult(replayed);
        return;
      }
      gates_->emplace(build, abtool({"history", "gate", "--db", db().string()}));
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

TEST_F(History, ChangesNameThePulseAndTheEndStepAtThePlantedOpAlone) {
  const ProcessResult result = abtool({"history", "changes", "--db", db().string(), "--format", "json"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  const nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["schema"], "abtool.history_changes/2");
  EXPECT_EQ(report["metric"]["name"], "time_vs_control");
  ASSERT_EQ(report["builds"].size(), 12u);
  EXPECT_EQ(report["series"], 3);
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> found;  // point -> (after, kind)
  for (const auto& change : report["changes"]) {
    if (change["cause"] == "identical_code") continue;  // the machine's, said as such: no claim about the compiler
    EXPECT_EQ(change["op"], "cpu_matmul") << change.dump();
    EXPECT_EQ(change["cause"], "code_changed") << change.dump();
    EXPECT_GT(std::abs(change["change_pct"].get<double>()), 10) << "without its vectorizer, matmul is much slower";
    found[change["point"].get<std::string>()].emplace_back(change["after"]["label"], change["kind"]);
  }
  const std::vector<std::pair<std::string, std::string>> expected{
      {"build-11", "regression"}, {"build-06", "improvement"}, {"build-03", "regression"}};  // newest first
  EXPECT_EQ(found["cpu_matmul/32x48x40/fp32"], expected) << result.out;
  EXPECT_EQ(found["cpu_matmul/64x64x64/fp32"], expected) << result.out;
  EXPECT_EQ(found.count("cpu_saxpy/4096/fp32"), 0u) << result.out;
  for (const auto& change : report["changes"])
    if (change["point"] == "cpu_matmul/64x64x64/fp32" && change["after"]["label"] == "build-03") {
      EXPECT_GT(change["ci95_pct"][0].get<double>(), 0) << "the whole interval is a slowdown";
      EXPECT_LT(change["pvalue"].get<double>(), 0.001);
      EXPECT_EQ(change["builds_before"], 2) << "a step after build 2";
      EXPECT_EQ(change["builds_after"], 3) << "the pulse's three builds";
    }
  // The other formats say the same.
  const std::string text = abtool({"history", "changes", "--db", db().string()}).out;
  EXPECT_NE(text.find("build build-03: 2 point(s) slower"), std::string::npos) << text;
  EXPECT_NE(text.find("build build-06: 0 point(s) slower"), std::string::npos) << text;
  EXPECT_NE(text.find("the code changed"), std::string::npos) << text;
  const std::string csv = abtool({"history", "changes", "--db", db().string(), "--format", "csv"}).out;
  EXPECT_NE(csv.find(",code_changed,"), std::string::npos) << csv;
  EXPECT_NE(abtool({"history", "changes", "--db", db().string(), "--format", "md"}).out.find("| point | between |"), std::string::npos);
}

TEST_F(History, TheGateFailsTheFirstChangedBuildsAloneNeverIdenticalCode) {
  ASSERT_EQ(gates_->size(), 12u);
  for (const auto& [build, gated] : *gates_) {
    const bool first_changed = build == 3 || build == 11;
    // Build 1 has nothing to compare with: not judged, not passed.
    if (build == 1) {
      EXPECT_EQ(gated.exit_code, 1) << describe(gated);
      EXPECT_NE(gated.out.find("nothing to compare it with yet"), std::string::npos) << gated.out;
      continue;
    }
    EXPECT_EQ(gated.exit_code, first_changed ? 1 : 0) << "build " << build << "\n" << describe(gated);
    EXPECT_EQ(gated.out.find("regression: cpu_saxpy"), std::string::npos) << gated.out;
    if (!first_changed) continue;
    EXPECT_NE(gated.out.find("regression: cpu_matmul/64x64x64/fp32"), std::string::npos) << gated.out;
    // ... with the commands that narrow it: the build before's run against the newest.
    EXPECT_NE(gated.out.find("narrow it: abtool diff " + fs::absolute(run(build - 1)).string() + " " + fs::absolute(run(build)).string()),
              std::string::npos)
        << gated.out;
    EXPECT_NE(gated.out.find("adjacent in this history"), std::string::npos) << gated.out;
  }
  // Builds 4 and 5, 12: the code of the build before, whatever the time did.
  EXPECT_NE(gates_->at(4).out.find("ran the build before's code"), std::string::npos) << gates_->at(4).out;
  // Builds 2 to 4 have too short a past to know their noise: their own interval decides, and says so.
  EXPECT_NE(gates_->at(3).out.find("judged by its own interval"), std::string::npos) << gates_->at(3).out;
}

TEST_F(History, TheNarrowingDiffComparesTheTwoBuildsDirectly) {
  const ProcessResult diffed = abtool({"diff", run(10).string(), run(11).string(), "--format", "json"});
  ASSERT_LE(diffed.exit_code, 1) << describe(diffed);
  const nlohmann::json report = nlohmann::json::parse(diffed.out);
  std::set<std::string> kinds;
  for (const auto& code : report["warning_codes"]) kinds.insert(code.get<std::string>());
  EXPECT_EQ(kinds.count("not_a_replay_of_a"), 0u) << diffed.out.substr(0, 3000);
  EXPECT_EQ(kinds.count("replays_of_one_record"), 1u) << diffed.out.substr(0, 3000);
  for (const auto& point : report["points"]) {
    const std::string id = point["point"];
    if (id.rfind("cpu_matmul", 0) == 0) {
      // Build 11's matmul without its vectorizer against build 10's: several times slower, which a
      // loaded machine does not hide (its verdict may still be UNTRUSTED on a busy host).
      EXPECT_EQ(point["identical_code"], false);
      EXPECT_LT(point["speedup"].get<double>(), 0.8) << point.dump().substr(0, 2000);
      EXPECT_NE(point["verdict"], "FASTER");
    } else {
      EXPECT_EQ(point["identical_code"], true) << "build 10's saxpy is build 11's: " << point.dump().substr(0, 2000);
    }
  }
}

TEST_F(History, ANewestBuildWhoseEveryPointFailedFailsTheGate) {
  // A copy of the history, so the other tests see the twelve builds.
  const fs::path copy = dir_->path() / "failing.sqlite";
  fs::copy_file(db(), copy, fs::copy_options::overwrite_existing);
  const fs::path broken = dir_->path() / "gxx-broken.sh";
  {
    std::ofstream out(broken);
    out << "#!/bin/sh\n# answers --version, compiles nothing\ncase \"$1\" in --version) exec g++ --version ;; esac\nexit 1\n";
  }
  fs::permissions(broken, fs::perms::owner_all);
  const ProcessResult replayed = abtool({"replay", "--from", (dir_->path() / "A").string(), "--compiler", "host:" + broken.string(),
                                         "--out", (dir_->path() / "B13").string(), "--history", copy.string(), "--build",
                                         "build-13", "--build-order", "13", "-q"});
  ASSERT_EQ(replayed.exit_code, 1) << describe(replayed);
  EXPECT_NE(replayed.err.find("3 point(s), all FAILED"), std::string::npos) << replayed.err;
  const ProcessResult gated = abtool({"history", "gate", "--db", copy.string()});
  EXPECT_EQ(gated.exit_code, 1) << describe(gated);
  EXPECT_NE(gated.out.find("FAILED: cpu_saxpy/4096/fp32 at build-13 (it succeeded in the build before)"), std::string::npos)
      << gated.out;
  EXPECT_NE(gated.out.find("3 FAILED"), std::string::npos) << gated.out;
  // The failures are kept: show says where the point failed.
  const ProcessResult shown = abtool({"history", "show", "--db", copy.string(), "cpu_saxpy/4096/fp32"});
  EXPECT_NE(shown.out.find("FAILED at build-13"), std::string::npos) << shown.out;
}

TEST(HistoryGate, TwoBuildsTheSecondHalfAsFastFailTheGateByItsOwnInterval) {
  TempDir dir("abtool-history-two-");
  const fs::path shapes = dir.path() / "shapes.yaml";
  write_file_atomically(shapes, "cpu_work_knob:\n  shapes: [[4096, 64]]\n");
  const std::vector<std::string> timing{"--warmup-ms", "5", "--rep-ms", "30", "--rounds", "4"};
  std::vector<std::string> args{"record", "--compiler", "host:g++", "--shapes", shapes.string(), "--out", (dir.path() / "A").string()};
  args.insert(args.end(), timing.begin(), timing.end());
  ASSERT_EQ(abtool(args).exit_code, 0);
  const fs::path history = dir.path() / "h.sqlite";
  for (int build : {1, 2}) {
    std::vector<std::string> replaying{"replay", "--from", (dir.path() / "A").string(), "--out",
                                       (dir.path() / fmt::format("B{}", build)).string(), "--history", history.string(), "--build",
                                       fmt::format("b{}", build), "--build-order", std::to_string(build), "-q"};
    // Build 2: half again as many steps per element, the same result bit for bit.
    if (build == 2) replaying.insert(replaying.end(), {"--compiler-flags", "-DEXTRA_PERMILLE=500"});
    const ProcessResult replayed = abtool(replaying);
    ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  }
  const ProcessResult gated = abtool({"history", "gate", "--db", history.string()});
  EXPECT_EQ(gated.exit_code, 1) << describe(gated);
  EXPECT_NE(gated.out.find("regression: cpu_work_knob/4096x64/fp32"), std::string::npos) << gated.out;
  EXPECT_NE(gated.out.find("judged by its own interval against build b1"), std::string::npos) << gated.out;
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
  EXPECT_NE(shown.out.find("between build-02 and build-03"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("between build-10 and build-11"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("code changed"), std::string::npos) << shown.out;
  const ProcessResult unknown = abtool({"history", "show", "--db", db().string(), "cpu_matmul/64x64x65/fp32"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("did you mean cpu_matmul/64x64x64/fp32"), std::string::npos) << unknown.err;
}

TEST_F(History, ListAndEveryMetricAreKept) {
  const ProcessResult listed = abtool({"history", "list", "--db", db().string()});
  ASSERT_EQ(listed.exit_code, 0) << describe(listed);
  EXPECT_NE(listed.out.find("12 build(s), 12 run(s)"), std::string::npos) << listed.out;
  // Each build's compiler by what a user knows it by: its path.
  EXPECT_NE(listed.out.find(fs::absolute(dir_->path() / "gxx-build7.sh").string()), std::string::npos) << listed.out;
  // Every metric of a point is a row: its code size too, an exact metric: every change a step at
  // its own build, of its exact size.
  const nlohmann::json code = nlohmann::json::parse(
      abtool({"history", "changes", "--db", db().string(), "--metric", "code_bytes", "--format", "json"}).out);
  EXPECT_EQ(code["metric"]["unit"], "bytes");
  std::set<std::string> at;
  for (const auto& change : code["changes"]) {
    EXPECT_TRUE(change["exact"].get<bool>()) << change.dump();
    EXPECT_EQ(change["ci95_pct"][0], change["change_pct"]) << change.dump();
    at.insert(change["after"]["label"].get<std::string>());
  }
  EXPECT_EQ(at, (std::set<std::string>{"build-03", "build-06", "build-11"})) << code.dump(1);
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
  // Without -o, an earlier trends.html where abtool runs is kept and said; -o names one to replace.
  const fs::path elsewhere = dir_->path() / "cwd";
  fs::create_directories(elsewhere);
  write_file_atomically(elsewhere / "trends.html", "an earlier page");
  const std::string in_there = "cd '" + elsewhere.string() + "' && '" + ABTOOL_BINARY + "' history report --db '" + db().string() + "'";
  const ProcessResult defaulted = run_process({"/bin/sh", {"-c", in_there}, "", {}, std::chrono::seconds(120)});
  EXPECT_EQ(defaulted.exit_code, 2) << describe(defaulted);
  EXPECT_NE(defaulted.err.find("trends.html exists (an earlier page); name the page with -o FILE"), std::string::npos) << defaulted.err;
  EXPECT_EQ(read_text_file(elsewhere / "trends.html"), "an earlier page");
  const ProcessResult replaced = run_process({"/bin/sh", {"-c", in_there + " -o trends.html"}, "", {}, std::chrono::seconds(120)});
  EXPECT_EQ(replaced.exit_code, 0) << describe(replaced);
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
