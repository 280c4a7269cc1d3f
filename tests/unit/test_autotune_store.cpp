#include <gtest/gtest.h>

#include "recorder/autotune_store.h"
#include "util/files.h"

namespace abt {

TEST(AutotuneStore, SavesChoicesWithEveryCandidateAndReadsThemBack) {
  TempDir dir("abtool-db-");
  auto file = dir.path() / "autotune.sqlite";
  TuneKey key{"op", "kern", "64x64", "fp32"};
  {
    AutotuneStore store(file, true);
    store.set_meta("mode", "record");
    store.set_meta("compiler_fingerprint", R"({"backend":"host"})");
    store.save({key, {{"B", "2"}, {"A", "1"}}, "A1_B2", 3.5},
               {{{{"B", "1"}, {"A", "1"}}, "A1_B1", "compile_failed", std::nullopt, "error: x"},
                {{{"B", "2"}, {"A", "1"}}, "A1_B2", "ok", 3.5, ""}});
  }
  AutotuneStore store(file, false);
  EXPECT_EQ(store.meta("mode").value_or(""), "record");
  auto found = store.find(key);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->variant, "A1_B2");
  EXPECT_EQ(*found->time_us, 3.5);
  EXPECT_EQ(config_text(found->config), "A=1 B=2");  // JSON keys come back sorted
  EXPECT_FALSE(store.find({"op", "kern", "64x64", "fp64"}).has_value());
  auto candidates = store.candidates(key);
  ASSERT_EQ(candidates.size(), 2u);
  EXPECT_EQ(candidates[0].status, "compile_failed");
  EXPECT_FALSE(candidates[0].time_us.has_value());

  auto exported = store.export_op("op");
  EXPECT_EQ(exported["compiler"]["backend"], "host");
  EXPECT_EQ(exported["choices"][0]["variant"], "A1_B2");
  EXPECT_EQ(exported["choices"][0]["candidates"].size(), 2u);
}

TEST(AutotuneStore, AKeyWithNoPassingVariantKeepsCandidatesButNoChoice) {
  TempDir dir("abtool-db-");
  AutotuneStore store(dir.path() / "a.sqlite", true);
  TuneKey key{"op", "kern", "8", "fp32"};
  store.save({key, {}, "", std::nullopt}, {{{{"B", "1"}}, "B1", "verify_failed", std::nullopt, "VERIFY_FAILED"}});
  EXPECT_FALSE(store.find(key).has_value());
  EXPECT_EQ(store.candidates(key).size(), 1u);
}

TEST(AutotuneStore, MissingFileCannotBeOpenedForReading) {
  EXPECT_THROW(AutotuneStore("/nonexistent/dir/a.sqlite", false), std::runtime_error);
}

}  // namespace abt
