// A damaged run directory is bad input: diff and replay name the file and the field in one line
// and exit 2, and replay creates nothing.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>

#include "abtool_runner.h"
#include "util/sha256.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class DamagedRuns : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-damaged-");
    ProcessResult result = record(pristine(), {"--op", "cpu_saxpy"});
    ASSERT_EQ(result.exit_code, 0) << describe(result);
  }
  static void TearDownTestSuite() { delete dir_; }
  static fs::path pristine() { return dir_->path() / "A"; }

  // A copy of the pristine run to damage.
  fs::path copy(const std::string& name) {
    fs::path run = work_.path() / name;
    fs::copy(pristine(), run, fs::copy_options::recursive);
    return run;
  }
  void expect_refused(const ProcessResult& result, const std::string& expected) {
    EXPECT_EQ(result.exit_code, 2) << describe(result);
    EXPECT_NE(result.err.find(expected), std::string::npos) << describe(result);
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << "one line: " << result.err;
  }
  ProcessResult diff_with(const fs::path& damaged) { return abtool({"diff", pristine().string(), damaged.string()}); }

  static TempDir* dir_;
  TempDir work_{"abtool-damaged-copy-"};
};
TempDir* DamagedRuns::dir_ = nullptr;

TEST_F(DamagedRuns, TruncatedResults) {
  fs::path run = copy("truncated");
  std::string text = read_text_file(run / "results.json");
  write_file_atomically(run / "results.json", text.substr(0, text.size() / 2));
  expect_refused(diff_with(run), (run / "results.json").string() + ": not valid JSON (truncated or damaged at byte");
}

TEST_F(DamagedRuns, WrongTypedResults) {
  fs::path run = copy("wrong_type");
  auto results = read_json(run / "results.json");
  results["points"][0]["samples"] = "fast";
  write_file_atomically(run / "results.json", results.dump());
  expect_refused(diff_with(run), (run / "results.json").string() +
                                     ": point 1 (cpu_saxpy/4096/fp32): samples: expected an object");
}

TEST_F(DamagedRuns, DamagedSamples) {
  fs::path run = copy("damaged_samples");
  std::string samples = read_text_file(run / "samples.bin");
  samples[samples.size() - 12] ^= 1;
  write_file_atomically(run / "samples.bin", samples);
  expect_refused(diff_with(run), (run / "results.json").string() +
                                     ": point 1 (cpu_saxpy/4096/fp32): samples.bin: samples at byte");
  fs::remove(run / "samples.bin");
  expect_refused(diff_with(run), (run / "samples.bin").string() + ": missing or unreadable");
}

TEST_F(DamagedRuns, MissingMeta) {
  fs::path run = copy("no_meta");
  fs::remove(run / "meta.json");
  expect_refused(diff_with(run), (run / "meta.json").string() + ": missing or unreadable");
  expect_refused(replay(run, work_.path() / "B", {}), "not a run directory (no meta.json)");
  EXPECT_FALSE(fs::exists(work_.path() / "B"));
}

TEST_F(DamagedRuns, WrongTypedMetaStopsReplayBeforeAnythingIsWritten) {
  fs::path run = copy("bad_meta");
  auto meta = read_json(run / "meta.json");
  meta["timing"]["rep_ms"] = "long";
  write_file_atomically(run / "meta.json", meta.dump());
  expect_refused(replay(run, work_.path() / "B", {}), (run / "meta.json").string() + ": timing: rep_ms: expected a number");
  EXPECT_FALSE(fs::exists(work_.path() / "B"));
}

TEST_F(DamagedRuns, GarbageAutotuneDatabase) {
  fs::path run = copy("garbage_db");
  write_file_atomically(run / "autotune.sqlite", std::string(4096, 'x'));
  expect_refused(replay(run, work_.path() / "B", {}),
                 (fs::absolute(run) / "autotune.sqlite").string() + ": not an abtool autotune database");
  EXPECT_FALSE(fs::exists(work_.path() / "B"));
}

// A run directory is shared: an IR file replaced by a link out of it is never read (by diff --ir,
// or into report's page), and the point's other files still are.
TEST_F(DamagedRuns, AnIrFileThatIsALinkOutOfTheRunIsNeverRead) {
  fs::path run = copy("linked_ir");
  const fs::path secret = work_.path() / "secret.txt";
  write_file_atomically(secret, "SECRET-7f3a not in the run\n");
  const auto results = read_json(run / "results.json");
  const std::string ir = results["points"][0]["ir_files"][0];
  fs::remove(run / ir);
  fs::create_symlink(secret, run / ir);
  ProcessResult text = abtool({"diff", pristine().string(), run.string(), "--ir"});
  EXPECT_EQ(text.exit_code, 0) << describe(text);
  EXPECT_EQ(text.out.find("SECRET-7f3a"), std::string::npos) << text.out;
  ProcessResult page = abtool({"report", pristine().string(), run.string(), "-o", (work_.path() / "r.html").string()});
  EXPECT_EQ(page.exit_code, 0) << describe(page);
  EXPECT_EQ(read_text_file(work_.path() / "r.html").find("SECRET-7f3a"), std::string::npos);
}

// IR files named without an extension (a hand-edited or foreign run) have no kind to diff: they
// are left out, and diff --ir still reports the rest.
TEST_F(DamagedRuns, IrFilesWithoutAnExtensionAreLeftOutOfTheIrDiff) {
  fs::path run = copy("no_extension");
  auto results = read_json(run / "results.json");
  for (auto& point : results["points"])
    for (auto& file : point["ir_files"]) {
      const std::string name = file;
      const std::string bare = fs::path(name).replace_extension().string();
      if (fs::exists(run / name) && !fs::exists(run / bare)) fs::rename(run / name, run / bare);
      file = bare;
    }
  write_file_atomically(run / "results.json", results.dump());
  ProcessResult text = abtool({"diff", pristine().string(), run.string(), "--ir"});
  EXPECT_EQ(text.exit_code, 0) << describe(text);
  EXPECT_EQ(text.err.find("internal error"), std::string::npos) << text.err;
  ProcessResult json = abtool({"diff", pristine().string(), run.string(), "--ir", "--format", "json"});
  EXPECT_EQ(json.exit_code, 0) << describe(json);
}

// Issue 28: a replaced, deleted or linked binary in A's bin/ was silently not interleaved, and a
// forged hash made another binary measured as A's. Each now gives the point the marker SPEC names
// (BASELINE_UNAVAILABLE reason=...), in results.json and run.log; the point is measured as B alone,
// and diff counts it as not interleaved.
TEST_F(DamagedRuns, AStoredBinaryThatIsNotAsIsMarkedAndNeverMeasuredAsA) {
  struct Damage {
    const char* name;
    const char* reason;
    std::function<void(const fs::path& run, nlohmann::json& results)> apply;
  };
  const std::string garbage = "not A's code\n";
  const std::vector<Damage> damages{
      {"replaced", "reason=hash_mismatch",
       [&](const fs::path& run, nlohmann::json& results) {
         write_file_atomically(run / results["points"][0]["binary"]["file"].get<std::string>(), garbage);
       }},
      {"forged", "reason=hash_mismatch",  // the file and its manifest's hash both replaced
       [&](const fs::path& run, nlohmann::json& results) {
         write_file_atomically(run / results["points"][0]["binary"]["file"].get<std::string>(), garbage);
         results["points"][0]["binary"]["sha256"] = sha256_hex(garbage);
       }},
      // Issue 63: the file, its manifest's hash and the point's binary_hash all replaced: only
      // ir/index.tsv, written as A compiled, still holds what A measured.
      {"forged_everywhere_but_the_index", "reason=hash_mismatch",
       [&](const fs::path& run, nlohmann::json& results) {
         write_file_atomically(run / results["points"][0]["binary"]["file"].get<std::string>(), garbage);
         results["points"][0]["binary"]["sha256"] = sha256_hex(garbage);
         results["points"][0]["binary_hash"] = sha256_hex(garbage);
       }},
      // Issue 73: a sweep loser's bytes (a hash A did compile, for another variant) under the measured
      // name, every hash forged to match: the index is checked against the point's own variant.
      {"a_sweep_losers_bytes", "reason=hash_mismatch",
       [&](const fs::path& run, nlohmann::json& results) {
         const nlohmann::json& point = results["points"][0];
         std::ofstream(run / "ir" / "index.tsv", std::ios::app)
             << point["shape_text"].get<std::string>() << '\t' << point["kernel"].get<std::string>() << "\tLOSER\t"
             << point["dtype"].get<std::string>() << "\tUNROLL=3\t0\t" << sha256_hex(garbage) << "\tsweep_loser\t1.0\n";
         write_file_atomically(run / point["binary"]["file"].get<std::string>(), garbage);
         results["points"][0]["binary"]["sha256"] = sha256_hex(garbage);
         results["points"][0]["binary_hash"] = sha256_hex(garbage);
       }},
      {"deleted", "reason=missing", [](const fs::path& run, nlohmann::json&) { fs::remove_all(run / "bin"); }},
      {"linked", "reason=link",
       [&](const fs::path& run, nlohmann::json& results) {
         const fs::path file = run / results["points"][0]["binary"]["file"].get<std::string>();
         const fs::path elsewhere = work_.path() / (std::string("outside-") + run.filename().string() + ".so");
         fs::copy_file(file, elsewhere);  // the very bytes, but not inside A's run directory
         fs::remove(file);
         fs::create_symlink(elsewhere, file);
       }},
  };
  for (const Damage& damage : damages) {
    SCOPED_TRACE(damage.name);
    const fs::path a = copy(std::string("bin_") + damage.name), b = work_.path() / (std::string("B_") + damage.name);
    nlohmann::json results = read_json(a / "results.json");
    damage.apply(a, results);
    write_file_atomically(a / "results.json", results.dump());
    ProcessResult replayed = replay(a, b, {});
    ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
    const nlohmann::json point = read_results(b)["points"][0];
    EXPECT_TRUE(point["baseline"].is_null()) << "A's binary is not measured";
    const std::string markers = point["markers"].dump();
    EXPECT_NE(markers.find(std::string("BASELINE_UNAVAILABLE ") + damage.reason), std::string::npos) << markers;
    EXPECT_NE(read_text_file(b / "run.log").find(std::string("BASELINE_UNAVAILABLE ") + damage.reason), std::string::npos);
    EXPECT_EQ(point["status"], "SUCCESS");

    ProcessResult json = abtool({"diff", a.string(), b.string(), "--format", "json"});
    ASSERT_EQ(json.exit_code, 0) << describe(json);
    const nlohmann::json report = nlohmann::json::parse(json.out);
    EXPECT_FALSE(report["points"][0]["in_process_pair"].get<bool>());
    ProcessResult text = abtool({"diff", a.string(), b.string()});
    EXPECT_NE(text.out.find("WARNING: B could not run A's stored binary at 1 point(s) (BASELINE_UNAVAILABLE "), std::string::npos)
        << describe(text);
  }
}

}  // namespace abt::e2e
