// The persistent compile cache on host ops, with a compiler that logs every start: a second
// record of the same selection starts no compiler process at all; flags, an edited source and
// --no-cache compile again; two runs filling one cache at once both succeed; a cache that cannot
// be written is a warning; a cache over its limit is pruned.
#include <gtest/gtest.h>

#include <fstream>
#include <future>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class CompileCacheRuns : public ::testing::Test {
 protected:
  void SetUp() override {
    // A g++ that writes a line per start: what the runs below must (not) do.
    wrapper_ = dir_.path() / "logging-g++";
    std::ofstream(wrapper_) << "#!/bin/sh\necho \"$@\" >> \"" << calls_file().string() << "\"\nexec g++ \"$@\"\n";
    fs::permissions(wrapper_, fs::perms::owner_all);
    fs::create_directories(ops() / "fixture_tunable");
    fs::copy(fixture_ops() / "fixture_tunable", ops() / "fixture_tunable", fs::copy_options::recursive);
    std::ofstream(shapes()) << "fixture_tunable:\n  shapes: [[1024], [4096]]\n";
  }
  fs::path ops() const { return dir_.path() / "ops"; }
  fs::path shapes() const { return dir_.path() / "shapes.yaml"; }
  fs::path cache() const { return dir_.path() / "cache"; }
  fs::path calls_file() const { return dir_.path() / "calls.log"; }
  // Compiler starts since the last call.
  int compiler_starts() {
    int lines = 0;
    if (std::ifstream calls(calls_file()); calls)
      for (std::string line; std::getline(calls, line);) ++lines;
    fs::remove(calls_file());
    return lines;
  }
  ProcessResult run(const std::string& name, std::vector<std::string> extra = {}, std::map<std::string, std::string> env = {}) {
    std::vector<std::string> args{"record", "--out", (dir_.path() / name).string(), "--compiler", "host:" + wrapper_.string(),
                                  "--ops-dir", ops().string(), "--shapes", shapes().string(), "--cache-dir", cache().string()};
    args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return abtool(args, env);
  }
  std::string log_of(const std::string& name) { return read_text_file(dir_.path() / name / "run.log"); }

  TempDir dir_{"abtool-cache-"};
  fs::path wrapper_;
};

TEST_F(CompileCacheRuns, ASecondRecordStartsNoCompiler) {
  ProcessResult first = run("first");
  ASSERT_EQ(first.exit_code, 0) << describe(first);
  EXPECT_GT(compiler_starts(), 2) << "--version and both variants";
  EXPECT_NE(log_of("first").find("fixture_tunable: compile cache " + cache().string() + ": 0 variant(s) from the cache, 3 compiled"),
            std::string::npos) << log_of("first");

  ProcessResult second = run("second");
  ASSERT_EQ(second.exit_code, 0) << describe(second);
  EXPECT_EQ(compiler_starts(), 0) << "not even --version";
  EXPECT_NE(log_of("second").find("3 variant(s) from the cache, 0 compiled"), std::string::npos) << log_of("second");
  // The same binaries, under the same names, with their IR.
  auto rows = [&](const std::string& name) {
    std::map<std::string, std::string> hashes;
    for (const auto& row : read_tsv(dir_.path() / name / "ir" / "index.tsv")) hashes[row[2]] = row[6];
    return hashes;
  };
  EXPECT_EQ(rows("second"), rows("first"));
  for (const auto& point : read_points(dir_.path() / "second")) {
    EXPECT_EQ(point["status"], "SUCCESS");
    for (const auto& file : point["ir_files"]) EXPECT_TRUE(fs::exists(dir_.path() / "second" / file.get<std::string>()));
  }
}

// Issue 28: a cache entry with garbage IR landed in a run's ir/, and one whose `binary` named
// ../../etc/hostname was followed. An entry is used only when each of its files is a plain name
// inside it, read through no link, hashing to what variant.json says; any other is removed and
// its variant compiled again.
TEST_F(CompileCacheRuns, ADamagedOrHostileEntryIsRemovedAndCompiledAgain) {
  ProcessResult first = run("first");
  ASSERT_EQ(first.exit_code, 0) << describe(first);
  std::vector<fs::path> entries;
  for (const auto& file : fs::recursive_directory_iterator(cache() / "variants"))
    if (file.path().filename() == "variant.json") entries.push_back(file.path().parent_path());
  ASSERT_EQ(entries.size(), 3u);
  // One entry's IR replaced; one's binary named outside it; one's IR replaced by a link.
  nlohmann::json damaged = read_json(entries[0] / "variant.json");
  const std::string ir_name = damaged["ir"].begin()->get<std::string>();
  write_file_atomically(entries[0] / ir_name, "GARBAGE-IR-41c\n");
  nlohmann::json climbing = read_json(entries[1] / "variant.json");
  climbing["binary"] = "../../../../../../etc/hostname";
  write_file_atomically(entries[1] / "variant.json", climbing.dump());
  nlohmann::json linked = read_json(entries[2] / "variant.json");
  const std::string linked_ir = linked["ir"].begin()->get<std::string>();
  fs::remove(entries[2] / linked_ir);
  fs::create_symlink("/etc/hostname", entries[2] / linked_ir);
  compiler_starts();

  ProcessResult second = run("second");
  ASSERT_EQ(second.exit_code, 0) << describe(second);
  EXPECT_GE(compiler_starts(), 3) << "the three variants compiled again";
  EXPECT_NE(log_of("second").find("0 variant(s) from the cache, 3 compiled"), std::string::npos) << log_of("second");
  for (const auto& file : fs::recursive_directory_iterator(dir_.path() / "second" / "ir"))
    if (file.is_regular_file()) EXPECT_EQ(read_text_file(file.path()).find("GARBAGE-IR-41c"), std::string::npos) << file.path();
  for (const auto& entry : entries) EXPECT_TRUE(fs::exists(entry / "variant.json")) << "stored again, whole";
  EXPECT_FALSE(fs::is_symlink(entries[2] / linked_ir));
  ProcessResult third = run("third");
  ASSERT_EQ(third.exit_code, 0) << describe(third);
  EXPECT_NE(log_of("third").find("3 variant(s) from the cache, 0 compiled"), std::string::npos) << log_of("third");
}

TEST_F(CompileCacheRuns, FlagsAnEditedSourceAndNoCacheCompileAgain) {
  ASSERT_EQ(run("first").exit_code, 0);
  compiler_starts();
  ASSERT_EQ(run("flags", {"--compiler-flags", "-O2"}).exit_code, 0);
  EXPECT_GE(compiler_starts(), 2) << "other flags, other code";
  std::ofstream(ops() / "fixture_tunable" / "tunable.cpp", std::ios::app) << "// edited\n";
  ASSERT_EQ(run("edited").exit_code, 0);
  EXPECT_GE(compiler_starts(), 2) << "another source";
  ProcessResult uncached = run("uncached", {"--no-cache"});
  ASSERT_EQ(uncached.exit_code, 0) << describe(uncached);
  EXPECT_GE(compiler_starts(), 3) << "--version and both variants";
  EXPECT_NE(log_of("uncached").find("compile cache: off (--no-cache)"), std::string::npos);
}

TEST_F(CompileCacheRuns, TwoRunsFillingOneCacheAtOnceBothSucceed) {
  auto one = std::async(std::launch::async, [&] { return run("one"); });
  auto two = std::async(std::launch::async, [&] { return run("two"); });
  ProcessResult first = one.get(), second = two.get();
  EXPECT_EQ(first.exit_code, 0) << describe(first);
  EXPECT_EQ(second.exit_code, 0) << describe(second);
  compiler_starts();
  ASSERT_EQ(run("three").exit_code, 0);
  EXPECT_EQ(compiler_starts(), 0) << "whichever stored each entry, it is whole";
  EXPECT_FALSE(fs::exists(cache() / "incoming") && !fs::is_empty(cache() / "incoming")) << "no half-written entry left";
}

TEST_F(CompileCacheRuns, AnUnwritableCacheIsAWarningAndAZeroLimitTurnsItOff) {
  const fs::path file = dir_.path() / "a-file";
  std::ofstream(file) << "not a folder";
  std::vector<std::string> args{"record", "--out", (dir_.path() / "unwritable").string(), "--compiler", "host:g++",
                                "--ops-dir", ops().string(), "--shapes", shapes().string(), "--cache-dir",
                                (file / "cache").string()};
  args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
  ProcessResult unwritable = abtool(args);
  EXPECT_EQ(unwritable.exit_code, 0) << describe(unwritable);
  EXPECT_NE(unwritable.err.find("warning: compile cache"), std::string::npos) << unwritable.err;

  // ABTOOL_CACHE_MAX_MB=0 turns the cache off for this run alone: nothing read, nothing stored, and
  // a shared cache's entries (other runs') left as they are.
  ASSERT_EQ(run("filled").exit_code, 0);
  auto entries = [&] {
    size_t count = 0;
    if (fs::exists(cache() / "variants"))
      for (const auto& shard : fs::directory_iterator(cache() / "variants"))
        count += size_t(std::distance(fs::directory_iterator(shard.path()), fs::directory_iterator()));
    return count;
  };
  const size_t kept = entries();
  ASSERT_GT(kept, 0u);
  compiler_starts();
  ASSERT_EQ(run("off", {}, {{"ABTOOL_CACHE_MAX_MB", "0"}}).exit_code, 0);
  EXPECT_GE(compiler_starts(), 2) << "a limit of 0 MB reads nothing back";
  EXPECT_EQ(entries(), kept) << "other runs' entries are kept";
  const std::string log = read_text_file(dir_.path() / "off" / "run.log");
  EXPECT_NE(log.find("compile cache: off (ABTOOL_CACHE_MAX_MB=0: " + cache().string() +
                     " is neither read nor written; its entries are left as they are)"),
            std::string::npos)
      << log;
}

}  // namespace abt::e2e
