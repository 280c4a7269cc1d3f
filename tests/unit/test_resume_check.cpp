// What a --resume compares with meta.json (engine/resume_check.h): nothing for the run's own
// settings, one line naming then and now for each thing that changed.
#include <gtest/gtest.h>

#include "engine/resume_check.h"

namespace abt {

MetaRecord a_run() {
  MetaRecord meta;
  meta.compiler = {BackendKind::host, "g++ 12.2.0", "/usr/bin/g++-12", std::string(64, 'a'), {"-O3"}, {{"CXX", "g++"}}};
  meta.timing = {TimerKind::graph, 100, 200, 3, std::nullopt};
  meta.seed = 42;
  meta.host = {"Xeon", 2, "Linux 6.1", "vm", "x86_64", ""};
  return meta;
}

TEST(ResumeCheck, TheRunsOwnSettingsChangeNothing) { EXPECT_TRUE(resume_changes(a_run(), a_run()).empty()); }

TEST(ResumeCheck, EachChangeIsOneLineWithThenAndNow) {
  MetaRecord now = a_run();
  now.compiler.sha256 = std::string(64, 'b');
  now.compiler.env.erase("CXX");
  now.timing.rounds = 5;
  now.host.hostname = "other";
  now.host.kernel = "Linux 6.2";  // the same machine, patched: not a change
  const std::vector<std::string> changes = resume_changes(a_run(), now);
  ASSERT_EQ(changes.size(), 4u);
  EXPECT_EQ(changes[0], "compiler sha256: " + std::string(64, 'a') + " then, " + std::string(64, 'b') + " now");
  EXPECT_EQ(changes[1], "compiler environment CXX: g++ then, none now");
  EXPECT_EQ(changes[2], "rounds: 3 then, 5 now");
  EXPECT_EQ(changes[3], "host: vm then, other now");
}

// Issue 73: one model name comes with and without AVX-512; the features are compared where both
// runs say them (a run older than the field says none: no change).
TEST(ResumeCheck, ACpuOfTheSameNameWithOtherFeaturesIsAChange) {
  MetaRecord then = a_run(), now = a_run();
  then.host.cpu_features = {"avx2", "avx512f", "sse4_2"};
  now.host.cpu_features = {"avx2", "sse4_2", "vaes"};
  const std::vector<std::string> changes = resume_changes(then, now);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0], "host CPU features: avx512f then and not now; vaes now and not then");
  MetaRecord older = a_run();  // no features recorded
  EXPECT_TRUE(resume_changes(older, now).empty());
}

}  // namespace abt
