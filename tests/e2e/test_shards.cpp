// --shard I/N and `abtool merge` on host ops: three shards merged are the unsharded run (points,
// configs, IR, index, autotune record), diff and replay take the merge, and merge refuses what is
// not the N finished shards of one selection (exit 2, nothing written).
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include <functional>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class Shards : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-shards-");
    // fixture_tunable's WAY=1 is some 30x faster than WAY=2: every sweep picks it, so the configs
    // of the sharded and the unsharded record must agree exactly.
    std::ofstream(shapes()) << "fixture_tunable:\n  shapes: [[1024], [2048], [4096], [8192], [16384], [32768], [3000]]\n";
    ASSERT_EQ(run_record(whole(), {}).exit_code, 0);
    for (int i = 0; i < 3; ++i) {
      ProcessResult result = run_record(shard(i), {"--shard", std::to_string(i + 1) + "/3"});
      ASSERT_EQ(result.exit_code, 0) << describe(result);
    }
    ProcessResult merged = abtool({"merge", merged_dir().string(), shard(0).string(), shard(1).string(), shard(2).string()});
    ASSERT_EQ(merged.exit_code, 0) << describe(merged);
  }
  static void TearDownTestSuite() { delete dir_; }
  static ProcessResult run_record(const fs::path& out, const std::vector<std::string>& extra) {
    std::vector<std::string> args{"record", "--out", out.string(), "--compiler", "host:g++", "--ops-dir",
                                  fixture_ops().string(), "--shapes", shapes().string()};
    args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return abtool(args);
  }
  static fs::path shapes() { return dir_->path() / "shapes.yaml"; }
  static fs::path whole() { return dir_->path() / "whole"; }
  static fs::path shard(int i) { return dir_->path() / ("shard" + std::to_string(i)); }
  static fs::path merged_dir() { return dir_->path() / "merged"; }
  static std::set<std::string> files_under(const fs::path& root) {
    std::set<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.is_regular_file()) files.insert(fs::relative(entry.path(), root).string());
    return files;
  }
  static TempDir* dir_;
};
TempDir* Shards::dir_ = nullptr;

TEST_F(Shards, EachShardMeasuresItsConsecutivePartAndSaysSo) {
  std::vector<std::string> all;
  for (int i = 0; i < 3; ++i) {
    auto results = read_results(shard(i));
    EXPECT_FALSE(results["planned"].empty());
    for (const auto& id : results["planned"]) all.push_back(id);
    EXPECT_EQ(read_json(shard(i) / "meta.json")["selection"]["shard"], std::to_string(i + 1) + "/3") << "counted from 1, as given";
  }
  EXPECT_EQ(nlohmann::json(all), read_results(whole())["planned"]) << "consecutive parts, in plan order";
}

TEST_F(Shards, ThreeShardsMergedAreTheUnshardedRun) {
  auto merged = read_results(merged_dir()), unsharded = read_results(whole());
  EXPECT_TRUE(merged["complete"].get<bool>());
  EXPECT_EQ(merged["planned"], unsharded["planned"]);
  ASSERT_EQ(merged["points"].size(), unsharded["points"].size());
  for (size_t i = 0; i < merged["points"].size(); ++i) {
    EXPECT_EQ(merged["points"][i]["config"], unsharded["points"][i]["config"]);
    EXPECT_EQ(merged["points"][i]["variant"], unsharded["points"][i]["variant"]);
    EXPECT_EQ(merged["points"][i]["status"], "SUCCESS");
  }
  EXPECT_TRUE(read_json(merged_dir() / "meta.json")["selection"]["shard"].is_null());
  EXPECT_EQ(read_json(merged_dir() / "meta.json")["status"], "finished");
  // Every IR, binary and record file of the unsharded run, under the same name.
  std::set<std::string> expected = files_under(whole()), got = files_under(merged_dir());
  for (const auto& file : expected)
    if (file.rfind("ir/", 0) == 0 || file.rfind("bin/", 0) == 0 || file.rfind("autotune_records/", 0) == 0)
      EXPECT_TRUE(got.count(file)) << file;
  EXPECT_EQ(read_tsv(merged_dir() / "ir" / "index.tsv").size(), read_tsv(whole() / "ir" / "index.tsv").size());
  auto choices = [](const fs::path& run) {
    std::map<std::string, nlohmann::json> out;
    const nlohmann::json records = read_json(run / "autotune_records/fixture_tunable.json");
    for (const auto& choice : records["choices"])
      out[choice["kernel"].get<std::string>() + "/" + choice["shape"].get<std::string>() + "/" + choice["dtype"].get<std::string>()] =
          choice["config"];
    return out;
  };
  EXPECT_EQ(choices(whole()).size(), 7u);  // one choice per shape
  EXPECT_EQ(choices(merged_dir()), choices(whole()));
}

TEST_F(Shards, DiffAndReplayTakeTheMerge) {
  ProcessResult diff = abtool({"diff", whole().string(), merged_dir().string(), "--format", "json"});
  ASSERT_EQ(diff.exit_code, 0) << describe(diff);
  auto report = nlohmann::json::parse(diff.out);
  EXPECT_EQ(report["counts"]["MISSING"], 0);
  EXPECT_EQ(report["points"].size(), 7u);
  // A replay of the merge, in two shards of its own, merged again: every point an in-process pair.
  for (int i = 0; i < 2; ++i) {
    ProcessResult replayed = replay(merged_dir(), dir_->path() / ("b" + std::to_string(i)), {"--shard", std::to_string(i + 1) + "/2"});
    ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  }
  fs::path b = dir_->path() / "B";
  ProcessResult merged = abtool({"merge", b.string(), (dir_->path() / "b0").string(), (dir_->path() / "b1").string()});
  ASSERT_EQ(merged.exit_code, 0) << describe(merged);
  auto pairs = nlohmann::json::parse(abtool({"diff", merged_dir().string(), b.string(), "--format", "json"}).out);
  for (const auto& row : pairs["points"]) EXPECT_TRUE(row["in_process_pair"].get<bool>()) << row["point"];
  EXPECT_EQ(pairs["counts"]["MISSING"], 0);
  EXPECT_TRUE(pairs["warnings"].dump().find("not a replay") == std::string::npos) << pairs["warnings"];
}

// Ops of different sweep sizes weigh differently in a record's split than in a replay's: a
// replay of a shard run still measures exactly that shard's points.
TEST_F(Shards, AReplayOfAShardRunMeasuresExactlyItsPoints) {
  const fs::path mixed = dir_->path() / "mixed.yaml", a = dir_->path() / "mixed_a0", b = dir_->path() / "mixed_b0";
  std::ofstream(mixed) << "cpu_saxpy:\n  shapes: [[1024], [2048], [4096], [8192], [16384], [32768]]\n"
                          "cpu_matmul:\n  shapes: [[32, 32, 32], [48, 48, 48], [64, 64, 64]]\n";
  std::vector<std::string> args{"record", "--out", a.string(), "--compiler", "host:g++", "--ops-dir",
                                (source_dir() / "examples" / "ops").string(), "--shapes", mixed.string(), "--shard", "1/2"};
  args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
  ProcessResult recorded = abtool(args);
  ASSERT_EQ(recorded.exit_code, 0) << describe(recorded);
  ProcessResult replayed = replay(a, b, {});
  ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  EXPECT_EQ(read_results(b)["planned"], read_results(a)["planned"]);
  EXPECT_EQ(read_json(b / "meta.json")["selection"]["shard"], "1/2");
  auto report = nlohmann::json::parse(abtool({"diff", a.string(), b.string(), "--format", "json"}).out);
  EXPECT_EQ(report["counts"]["MISSING"], 0);
  for (const auto& row : report["points"]) EXPECT_TRUE(row["in_process_pair"].get<bool>()) << row["point"];
}

TEST_F(Shards, MergeRefusesWhatIsNotTheShardsOfOneRun) {
  auto refused = [&](const std::string& name, std::vector<fs::path> runs, const std::string& words) {
    fs::path out = dir_->path() / ("refused_" + name);
    std::vector<std::string> args{"merge", out.string()};
    for (const auto& run : runs) args.push_back(run.string());
    ProcessResult result = abtool(args);
    EXPECT_EQ(result.exit_code, 2) << name << ": " << describe(result);
    EXPECT_NE(result.err.find(words), std::string::npos) << name << ": " << result.err;
    EXPECT_FALSE(fs::exists(out)) << name << ": nothing is written";
  };
  refused("missing", {shard(0), shard(2)}, "shard 2/3 missing");
  refused("twice", {shard(0), shard(0), shard(1), shard(2)}, "are both shard 1/3");
  refused("not_a_shard", {whole(), shard(0)}, "is not a shard run");
  {  // `merge S1 S0`, OUT forgotten: the first shard is named as the run it is, and stays as it was.
    const std::string before = read_json(shard(1) / "results.json").dump();
    ProcessResult result = abtool({"merge", shard(1).string(), shard(0).string()});
    EXPECT_EQ(result.exit_code, 2) << describe(result);
    EXPECT_NE(result.err.find("abtool merge: error: " + shard(1).string() + " is a run; the first argument is the new run to write"),
              std::string::npos) << result.err;
    EXPECT_EQ(read_json(shard(1) / "results.json").dump(), before);
  }

  fs::path flags = dir_->path() / "flags1";
  ASSERT_EQ(run_record(flags, {"--shard", "2/3", "--compiler-flags", "-O2"}).exit_code, 0);
  refused("other_compiler", {shard(0), flags, shard(2)}, "differ in compiler fingerprint");

  fs::path running = dir_->path() / "running2";
  fs::copy(shard(2), running, fs::copy_options::recursive);
  auto meta = read_json(running / "meta.json");
  meta["status"] = "running";
  write_file_atomically(running / "meta.json", meta.dump());
  refused("unfinished", {shard(0), shard(1), running}, "did not finish (status running)");

  fs::path overlap = dir_->path() / "overlap2";
  fs::copy(shard(2), overlap, fs::copy_options::recursive);
  auto results = read_results(overlap);
  results["planned"].push_back(read_results(shard(0))["planned"][0]);
  write_file_atomically(overlap / "results.json", results.dump());
  refused("overlap", {shard(0), shard(1), overlap}, "is in");

  // Every shard writes the same legend; one that differs is a different selection's.
  fs::path legend = dir_->path() / "legend2";
  fs::copy(shard(2), legend, fs::copy_options::recursive);
  std::ofstream(legend / "ir" / "naming.md", std::ios::app) << "another legend\n";
  refused("conflicting_file", {shard(0), shard(1), legend}, "differ, but both would be ir/naming.md");
}

// Issue 28: merge copied through a link in a shard (writing outside OUT), accepted a shard emptied
// by editing and a binary whose sha256 did not match, and left OUT half-made when it failed.
TEST_F(Shards, MergeRefusesDamagedOrLinkedShardsAndLeavesNoHalfMadeOutput) {
  const TempDir work("abtool-shards-damaged-");
  const fs::path outside = work.path() / "outside";
  fs::create_directories(outside);
  auto damaged = [&](const std::string& name, const std::function<void(const fs::path&)>& damage) {
    const fs::path copy = work.path() / name;
    fs::copy(shard(2), copy, fs::copy_options::recursive);
    damage(copy);
    return copy;
  };
  auto first_binary = [](const fs::path& run) { return run / read_results(run)["points"][0]["binary"]["file"].get<std::string>(); };
  auto refused = [&](const std::string& name, const fs::path& bad, const std::string& words) {
    const fs::path out = work.path() / ("out_" + name);
    ProcessResult result = abtool({"merge", out.string(), shard(0).string(), shard(1).string(), bad.string()});
    EXPECT_EQ(result.exit_code, 2) << name << ": " << describe(result);
    EXPECT_NE(result.err.find(words), std::string::npos) << name << ": " << result.err;
    EXPECT_FALSE(fs::exists(out)) << name << ": nothing is written";
    EXPECT_TRUE(fs::is_empty(outside)) << name << ": nothing is written outside OUT";
  };
  refused("emptied",
          damaged("emptied",
                  [](const fs::path& run) {
                    auto results = read_results(run);
                    results["points"].erase(results["points"].begin());
                    write_file_atomically(run / "results.json", results.dump());
                  }),
          "has no result, though the shard finished");
  // Issue "Resilience III": a shard edited to hold no points at all (planned list and points).
  refused("no_points",
          damaged("no_points",
                  [](const fs::path& run) {
                    auto results = read_results(run);
                    results["points"] = nlohmann::json::array();
                    results["planned"] = nlohmann::json::array();
                    write_file_atomically(run / "results.json", results.dump());
                  }),
          "lacks 2 point(s) of the part it was cut (meta.json): fixture_tunable/");
  refused("binary_replaced", damaged("binary_replaced", [&](const fs::path& run) { write_file_atomically(first_binary(run), "not it"); }),
          "the point was measured with");
  refused("binary_link", damaged("binary_link",
                                 [&](const fs::path& run) {
                                   const fs::path file = first_binary(run);
                                   fs::remove(file);
                                   fs::create_symlink(outside / "payload.so", file);
                                 }),
          "is a link; a shard's files must be its own");
  refused("bin_folder_link", damaged("bin_folder_link",
                                     [&](const fs::path& run) {
                                       fs::remove_all(run / "bin");
                                       fs::create_symlink(outside, run / "bin");
                                     }),
          "is a link; a shard's files must be its own");
  refused("ir_link", damaged("ir_link",
                             [&](const fs::path& run) {
                               const fs::path file = run / read_results(run)["points"][0]["ir_files"][0].get<std::string>();
                               fs::remove(file);
                               fs::create_symlink("/etc/hostname", file);
                             }),
          "is a link; a shard's files must be its own");

  const fs::path taken = work.path() / "taken";
  fs::create_directories(taken);
  std::ofstream(taken / "mine.txt") << "mine";
  ProcessResult onto = abtool({"merge", taken.string(), shard(0).string(), shard(1).string(), shard(2).string()});
  EXPECT_EQ(onto.exit_code, 2) << describe(onto);
  EXPECT_NE(onto.err.find("exists and is not empty; abtool never overwrites a run"), std::string::npos) << onto.err;
  EXPECT_EQ(read_text_file(taken / "mine.txt"), "mine");
  // OUT named with a trailing slash is that folder (its staging folder beside it, not inside).
  ProcessResult slash = abtool({"merge", (work.path() / "slash").string() + "/", shard(0).string(), shard(1).string(), shard(2).string()});
  EXPECT_EQ(slash.exit_code, 0) << describe(slash);
  EXPECT_TRUE(fs::exists(work.path() / "slash" / "meta.json"));
  for (const auto& entry : fs::directory_iterator(work.path()))
    EXPECT_EQ(entry.path().filename().string().find(".merging-"), std::string::npos) << "a staging folder was left: " << entry.path();
}

TEST_F(Shards, ABadShardIsOneErrorLine) {
  for (const auto& [value, words] : std::vector<std::pair<std::string, std::string>>{
           {"4/3", "--shard: must be I/N with 1 <= I <= N (e.g. 1/4), not '4/3'"},
           {"0/3", "--shard: must be I/N with 1 <= I <= N: parts count from 1 (the first of 3 is 1/3), not '0/3'"},
           {"1", "--shard: must be I/N"}, {"-1/2", "--shard"},
           {"10/20", "--shard 10/20: this part of the selection has no point"}}) {
    fs::path out = dir_->path() / "bad_shard";
    ProcessResult result = run_record(out, {"--shard", value});
    EXPECT_EQ(result.exit_code, 2) << value << ": " << describe(result);
    EXPECT_NE(result.err.find(words), std::string::npos) << value << ": " << result.err;
    EXPECT_FALSE(fs::exists(out));
  }
}

}  // namespace abt::e2e
