#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "util/process.h"

namespace abt {

TEST(Process, CapturesOutputsExitCodeAndStdin) {
  auto result = run_process({"sh", {"-c", "cat; echo err >&2; exit 3"}, "hello", {}, std::chrono::seconds(30)});
  EXPECT_EQ(result.out, "hello");
  EXPECT_EQ(result.err, "err\n");
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_FALSE(result.timed_out);
}

TEST(Process, ArgumentsAreNotInterpretedByAShell) {
  auto result = run_process({"echo", {"$HOME; rm -rf /"}, "", {}, std::chrono::seconds(30)});
  EXPECT_EQ(result.out, "$HOME; rm -rf /\n");
}

TEST(Process, ExtraEnvironmentReachesTheChild) {
  auto result = run_process({"sh", {"-c", "printf %s \"$ABT_PROBE\""}, "", {{"ABT_PROBE", "42"}}, std::chrono::seconds(30)});
  EXPECT_EQ(result.out, "42");
}

TEST(Process, TimeoutKillsTheChild) {
  auto result = run_process({"sleep", {"30"}, "", {}, std::chrono::seconds(1)});
  EXPECT_TRUE(result.timed_out);
  EXPECT_EQ(result.exit_code, -1);
}

TEST(Process, MissingProgramIsReported) {
  EXPECT_FALSE(find_program("/no/such/compiler").has_value());
  EXPECT_THROW(run_process({"/no/such/compiler", {}, "", {}, std::chrono::seconds(5)}), std::runtime_error);
}

}  // namespace abt

namespace abt {

TEST(Process, ManyThreadsFeedingStdinAllFinish) {
  // Regression: children inheriting each other's stdin pipes never saw end-of-file.
  std::vector<std::thread> threads;
  std::atomic<int> finished{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 10; ++i) {
        auto result = run_process({"cat", {}, std::string(1000 + t, 'x'), {}, std::chrono::seconds(20)});
        if (!result.timed_out && result.out.size() == size_t(1000 + t)) ++finished;
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(finished, 40);
}

}  // namespace abt
