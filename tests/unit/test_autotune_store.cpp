#include <gtest/gtest.h>

#include <fstream>

#include "rundir/autotune_store.h"
#include "model/json_fields.h"
#include "util/files.h"

namespace abt {

CompilerFingerprint host_fingerprint() {
  CompilerFingerprint print;
  print.backend = BackendKind::host;
  print.version = "g++ 12";
  return print;
}

TEST(AutotuneStore, SavesChoicesWithEveryCandidateAndReadsThemBack) {
  TempDir dir("abtool-db-");
  auto file = dir.path() / "autotune.sqlite";
  TuneKey key{"op", "kern", "64x64", "fp32"};
  {
    auto store = AutotuneStore::create(file, RunMode::record, host_fingerprint());
    store->save({key, {{"B", "2"}, {"A", "1"}}, "A1_B2", 3.5},
                {{{{"B", "1"}, {"A", "1"}}, "A1_B1", CandidateStatus::compile_failed, std::nullopt, "error: x"},
                 {{{"B", "2"}, {"A", "1"}}, "A1_B2", CandidateStatus::ok, 3.5, ""}});
  }
  auto store = AutotuneStore::open_record(file);
  auto found = store->find(key);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->variant, "A1_B2");
  EXPECT_EQ(*found->time_us, 3.5);
  EXPECT_EQ(config_text(found->config), "A=1 B=2");  // JSON keys come back sorted
  EXPECT_FALSE(store->find({"op", "kern", "64x64", "fp64"}).has_value());
  auto candidates = store->candidates(key);
  ASSERT_EQ(candidates.size(), 2u);
  EXPECT_EQ(candidates[0].status, CandidateStatus::compile_failed);
  EXPECT_FALSE(candidates[0].time_us.has_value());

  auto exported = store->export_op("op");
  EXPECT_EQ(exported["schema"], "abtool.autotune_record/2");
  EXPECT_EQ(exported["mode"], "record");
  EXPECT_EQ(exported["compiler"]["backend"], "host");
  EXPECT_EQ(exported["choices"][0]["variant"], "A1_B2");
  EXPECT_EQ(exported["choices"][0]["candidates"].size(), 2u);
  EXPECT_EQ(exported["choices"][0]["candidates"][0]["status"], "compile_failed");
}

TEST(AutotuneStore, AKeyWithNoPassingVariantKeepsCandidatesButNoChoice) {
  TempDir dir("abtool-db-");
  auto store = AutotuneStore::create(dir.path() / "a.sqlite", RunMode::record, host_fingerprint());
  TuneKey key{"op", "kern", "8", "fp32"};
  store->save({key, {}, "", std::nullopt}, {{{{"B", "1"}}, "B1", CandidateStatus::verify_failed, std::nullopt, "VERIFY_FAILED"}});
  EXPECT_FALSE(store->find(key).has_value());
  EXPECT_EQ(store->candidates(key).size(), 1u);
}

// Held commits: a batch's saves reach the file together, at commit() (another reader sees none
// before), and leaving the scope by an exception keeps what was decided.
TEST(AutotuneStore, HeldSavesReachTheFileAtCommitAndAnExceptionKeepsThem) {
  TempDir dir("abtool-db-");
  const auto file = dir.path() / "autotune.sqlite";
  auto store = AutotuneStore::create(file, RunMode::record, host_fingerprint());
  const TuneKey first{"op", "kern", "8", "fp32"}, second{"op", "kern", "16", "fp32"}, third{"op", "kern", "32", "fp32"};
  {
    HeldCommits held(*store);
    store->save({first, {{"B", "1"}}, "B1", 1.0}, {{{{"B", "1"}}, "B1", CandidateStatus::ok, 1.0, ""}});
    store->save({second, {{"B", "2"}}, "B2", 2.0}, {});
    EXPECT_TRUE(store->find(second)) << "the store reads its own held saves";
    EXPECT_FALSE(AutotuneStore::open_record(file)->find(first)) << "nothing committed yet";
    held.commit();
    EXPECT_TRUE(AutotuneStore::open_record(file)->find(first));
    EXPECT_TRUE(AutotuneStore::open_record(file)->find(second));
    EXPECT_EQ(AutotuneStore::open_record(file)->candidates(first).size(), 1u);
  }
  try {
    HeldCommits held(*store);
    store->save({third, {{"B", "4"}}, "B4", 4.0}, {});
    throw std::runtime_error("a point's error unwinding the batch");
  } catch (const std::runtime_error&) {
  }
  EXPECT_TRUE(AutotuneStore::open_record(file)->find(third));
  store->save({first, {{"B", "8"}}, "B8", 8.0}, {});  // not held: committed at once, as before
  EXPECT_EQ(AutotuneStore::open_record(file)->find(first)->variant, "B8");
}

TEST(AutotuneStore, AMissingGarbageOrTablelessFileIsARunFormatErrorNamingIt) {
  TempDir dir("abtool-db-");
  auto garbage = dir.path() / "garbage.sqlite";
  std::ofstream(garbage) << "this is not a database, just text that is long enough to have a header";
  try {
    AutotuneStore::open_record(garbage);
    FAIL() << "garbage accepted";
  } catch (const RunFormatError& error) {
    EXPECT_NE(std::string(error.what()).find(garbage.string() + ": not an abtool autotune database"), std::string::npos)
        << error.what();
  }
  auto empty = dir.path() / "empty.sqlite";
  std::ofstream(empty).flush();  // SQLite opens an empty file as an empty database
  EXPECT_THROW(AutotuneStore::open_record(empty), RunFormatError);
  EXPECT_THROW(AutotuneStore::open_record(dir.path() / "absent.sqlite"), RunFormatError);
}

}  // namespace abt
