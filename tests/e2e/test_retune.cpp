// replay --retune and output bits on a host op whose best config depends on the compiler's flags
// (tests/fixtures/ops/fixture_tunable): A (FAST_WAY=1) picks WAY=1; B with -DFAST_WAY=2 runs
// WAY=1 30x or more slower pinned, while its own best (WAY=2) is A's best's very code. -DNUDGE
// changes the output's last bits within the tolerance. Timing is asserted only where the effect
// is tens of times larger than any noise; the rest is files, configs and hashes.
#include <gtest/gtest.h>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class Retune : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-retune-");
    ProcessResult recorded = record(a(), {"--ops-dir", fixture_ops().string(), "--op", "fixture_tunable"});
    ASSERT_EQ(recorded.exit_code, 0) << describe(recorded);
    ProcessResult replayed = replay(a(), moved(), {"--retune", "--compiler-flags", "-DFAST_WAY=2"});
    ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
    replayed = replay(a(), stayed(), {"--retune"});
    ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
    replayed = replay(a(), nudged(), {"--compiler-flags", "-DNUDGE"});
    ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  }
  static void TearDownTestSuite() { delete dir_; }
  static fs::path a() { return dir_->path() / "A"; }
  static fs::path moved() { return dir_->path() / "moved"; }
  static fs::path stayed() { return dir_->path() / "stayed"; }
  static fs::path nudged() { return dir_->path() / "nudged"; }
  // A 50% threshold: the planted 30x stands out on any machine, a shared VM's noise never does.
  static nlohmann::json diff_json(const fs::path& b) {
    ProcessResult result = abtool({"diff", a().string(), b.string(), "--format", "json", "--threshold", "50"});
    EXPECT_EQ(result.exit_code, 0) << describe(result);
    return nlohmann::json::parse(result.out);
  }
  static TempDir* dir_;
};
TempDir* Retune::dir_ = nullptr;

TEST_F(Retune, BMeasuresItsOwnBestBesideAsConfigWhenTheOptimumMoved) {
  auto points = read_results(moved())["points"];
  ASSERT_EQ(points.size(), 2u);
  for (const auto& point : points) {
    EXPECT_EQ(point["config"]["WAY"], "1") << "pinned: A's config";
    const auto& own = point["retuned"];
    ASSERT_TRUE(own.is_object()) << point.dump();
    EXPECT_EQ(own["config"]["WAY"], "2") << "B's own sweep picks the path its flags made fast";
    EXPECT_FALSE(own["same_as_pinned"].get<bool>());
    EXPECT_NE(own["binary_hash"], point["binary_hash"]);
    // Measured in the same rounds as the pinned variant and A's code.
    EXPECT_EQ(own["round_sizes"].size(), point["round_sizes"].size());
    EXPECT_EQ(own["round_sizes"].size(), point["baseline"]["round_sizes"].size());
    EXPECT_FALSE(own["samples_us"].empty());
    ASSERT_FALSE(own["ir_files"].empty());
    for (const auto& file : own["ir_files"]) EXPECT_TRUE(fs::exists(moved() / file.get<std::string>())) << file;
  }
  // index.tsv: both variants of each shape are `measured`.
  int measured = 0;
  for (const auto& row : read_tsv(moved() / "ir" / "index.tsv")) measured += row[7] == "measured";
  EXPECT_EQ(measured, 4);
  // B's autotune record holds B's own choices, with every candidate.
  auto record = read_json(moved() / "autotune_records" / "fixture_tunable.json");
  for (const auto& [key, choice] : record["choices"].items()) {
    EXPECT_EQ(choice["config"]["WAY"], "2") << key;
    EXPECT_EQ(choice["candidates"].size(), 2u) << key;
  }
}

TEST_F(Retune, DiffShowsThePinnedRegressionAndTheBestVsBestSpeedup) {
  auto report = diff_json(moved());
  auto b_points = read_results(moved())["points"];
  EXPECT_EQ(report["optimum_moved"], 2);
  for (size_t i = 0; i < report["points"].size(); ++i) {
    const auto& row = report["points"][i];
    EXPECT_EQ(row["verdict"], "SLOWER") << "pinned to A's config, B runs the slow path";
    EXPECT_LT(row["speedup"].get<double>(), 0.5);
    const auto& retune = row["retune"];
    ASSERT_TRUE(retune.is_object());
    EXPECT_TRUE(retune["optimum_moved"].get<bool>());
    // The fixture's premise, independent of the CPU: each side's own best is the same plain loop,
    // compiled from the same preprocessed source with the same flags, so the same binary. diff
    // calls that SAME by the identical-code rule, whatever a noisy machine timed.
    EXPECT_EQ(b_points[i]["retuned"]["binary_hash"], b_points[i]["baseline"]["binary_hash"]);
    EXPECT_TRUE(retune["identical_code"].get<bool>());
    EXPECT_EQ(retune["verdict"], "SAME") << retune.dump();
    // The slow path repeats 64 dependent steps per element (30x to 1000x slower, by CPU): at its
    // own best B recovers by far more than 60% process-to-process drift could explain.
    EXPECT_GT(retune["speedup"].get<double>(), 10 * row["speedup"].get<double>()) << row.dump();
    EXPECT_EQ(row["b_variant"], "WAY1");
    EXPECT_EQ(retune["b_variant"], "WAY2");
  }
  EXPECT_GT(report["retuned_geomean_speedup"].get<double>(), 10 * report["geomean_speedup"].get<double>());

  ProcessResult text = abtool({"diff", a().string(), moved().string(), "--threshold", "50"});
  EXPECT_NE(text.out.find("optimum moved to WAY2"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("B's own best config differs from A's at 2 of 2 points"), std::string::npos) << text.out;
  ProcessResult csv = abtool({"diff", a().string(), moved().string(), "--format", "csv"});
  EXPECT_NE(csv.out.find(",WAY2,true,"), std::string::npos) << csv.out;
}

TEST_F(Retune, AnUnmovedOptimumReusesThePinnedMeasurement) {
  for (const auto& point : read_points(stayed())) {
    ASSERT_TRUE(point["retuned"].is_object());
    EXPECT_TRUE(point["retuned"]["same_as_pinned"].get<bool>());
    EXPECT_TRUE(point["retuned"]["samples_us"].empty()) << "the point's own samples are B's best";
  }
  auto report = diff_json(stayed());
  EXPECT_EQ(report["optimum_moved"], 0);
  for (const auto& row : report["points"]) {
    EXPECT_FALSE(row["retune"]["optimum_moved"].get<bool>());
    EXPECT_DOUBLE_EQ(row["retune"]["speedup"].get<double>(), row["speedup"].get<double>());
  }
  ProcessResult text = abtool({"diff", a().string(), stayed().string()});
  EXPECT_NE(text.out.find("differs from A's at 0 of 2 points"), std::string::npos) << text.out;
}

TEST_F(Retune, WithoutRetuneNoRetunedEntry) {
  for (const auto& point : read_points(nudged())) EXPECT_TRUE(point["retuned"].is_null());
  const nlohmann::json compared = diff_json(nudged());
  for (const auto& row : compared["points"]) EXPECT_TRUE(row["retune"].is_null());
}

TEST_F(Retune, OutputBitsTellANumericsChangeFromIdenticalOutputs) {
  // Same compiler and flags: A's code and B's give the same bits.
  for (const auto& point : read_points(stayed())) {
    EXPECT_TRUE(point["output_vs_baseline"]["identical"].get<bool>());
    EXPECT_EQ(point["output_vs_baseline"]["differing"], 0);
  }
  // -DNUDGE: every element moves by about 2^-20 relative, within the op's tolerance.
  auto points = read_results(nudged())["points"];
  for (const auto& point : points) {
    EXPECT_EQ(point["status"], "SUCCESS") << "within rtol 1e-5: verified, and timed";
    const auto& bits = point["output_vs_baseline"];
    EXPECT_FALSE(bits["identical"].get<bool>());
    EXPECT_EQ(bits["differing"].get<size_t>(), point["shape"][0].get<size_t>());
    EXPECT_GT(bits["max_rel"].get<double>(), 0.5e-6);
    EXPECT_LT(bits["max_rel"].get<double>(), 2e-6);
  }
  auto report = diff_json(nudged());
  for (const auto& row : report["points"]) {
    EXPECT_FALSE(row["same_output"].get<bool>());
    EXPECT_GT(row["output_bits"]["max_abs"].get<double>(), 0);
  }
  const nlohmann::json compared = diff_json(stayed());
  for (const auto& row : compared["points"]) EXPECT_TRUE(row["same_output"].get<bool>());
  ProcessResult text = abtool({"diff", a().string(), nudged().string()});
  EXPECT_NE(text.out.find("output bits DIFFERS max"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("B's outputs differ from A's at 2 of 2 points"), std::string::npos) << text.out;
}

}  // namespace abt::e2e
