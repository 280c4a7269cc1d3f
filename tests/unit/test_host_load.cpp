// HOST_BUSY through its seam: /proc/stat's text as a value, the samples as values.
#include <gtest/gtest.h>

#include "engine/host_load.h"

namespace abt {
namespace {

HostLoadSample at(int runnable, uint64_t steal, uint64_t all) { return {runnable, steal, all}; }

TEST(HostLoad, ReadsTheRunnableTasksAndTheStolenTimeFromProcStat) {
  const auto sample = parse_host_load(
      "cpu  4705 356 584 3699 23 0 12 40 0 0\n"
      "cpu0 1393280 32966 572056 13343292 6130 0 17875 0 0 0\n"
      "intr 114930548 113199788 3 0 5 263 0 4\n"
      "procs_running 3\n"
      "procs_blocked 0\n");
  ASSERT_TRUE(sample);
  EXPECT_EQ(sample->runnable, 3);
  EXPECT_EQ(sample->steal_ticks, 40u);
  EXPECT_EQ(sample->all_ticks, 4705u + 356 + 584 + 3699 + 23 + 0 + 12 + 40);
  EXPECT_FALSE(parse_host_load("cpu  1 2 3\n"));
  EXPECT_TRUE(sample_host_load()) << "this machine's /proc/stat";
}

TEST(HostLoad, BusyWhenAnotherTaskWantsTheMeasuringCoreOrTheHypervisorStealsTime) {
  // Two cores: the measuring task and one other are fine; two others are not.
  EXPECT_FALSE(host_busy({at(2, 0, 100), at(2, 0, 200), at(2, 0, 300), at(2, 0, 400)}, 2));
  const auto busy = host_busy({at(3, 0, 100), at(3, 0, 200), at(3, 0, 300), at(3, 0, 400)}, 2);
  ASSERT_TRUE(busy);
  EXPECT_EQ(busy->text(), "HOST_BUSY runnable=3.0 cores=2 steal_pct=0.0");
  EXPECT_DOUBLE_EQ(host_busy_factor(*busy), 1.5);
  // 10 of 100 ticks stolen in each round.
  const auto stolen = host_busy({at(1, 0, 0), at(1, 10, 100), at(1, 10, 100), at(1, 20, 200)}, 2);
  ASSERT_TRUE(stolen);
  EXPECT_EQ(stolen->text(), "HOST_BUSY runnable=1.0 cores=2 steal_pct=10.0");
  EXPECT_NEAR(host_busy_factor(*stolen), 100.0 / 90, 1e-12);
  EXPECT_FALSE(host_busy({at(9, 0, 0)}, 2)) << "one sample tells nothing";
  EXPECT_DOUBLE_EQ(host_busy_factor(Marker{MarkerKind::host_busy, "garbled"}), 1);
  EXPECT_DOUBLE_EQ(host_busy_factor(Marker{MarkerKind::gpu_busy, "pids=1"}), 1);
}

HostLoadSample consumed(int runnable, uint64_t all, uint64_t busy, uint64_t self) { return {runnable, 0, all, busy, self}; }

TEST(HostLoad, ReadsThisProcesssOwnTicksPastACommandNameWithSpacesAndParentheses) {
  EXPECT_EQ(parse_self_ticks("4242 (abtool (worker) x) R 1 4242 4242 0 -1 4194304 100 0 0 0 37 5 0 0 20 0 3 0 12345"), 42u);
  EXPECT_FALSE(parse_self_ticks("4242 (abtool) R 1 2"));
}

// Two loops at 80% duty beside the measuring task on two cores: at the round edges only two tasks
// may be runnable, but over the rounds the others consumed 1.4 cores, leaving the measuring task
// 0.6: it was kept waiting. One loop at 100% beside it leaves it its own core.
TEST(HostLoad, BusyWhenOtherProcessesConsumedTimeTheMeasuringTaskNeeded) {
  // 2 cores x 100 ticks a round; busy 200 of 200, 60 of them this process's.
  const auto busy = host_busy({consumed(2, 0, 0, 0), consumed(2, 200, 200, 60), consumed(2, 200, 200, 60), consumed(1, 400, 400, 120)}, 2);
  ASSERT_TRUE(busy) << "the runnable count alone (1.75) saw nothing";
  EXPECT_EQ(busy->text(), "HOST_BUSY runnable=2.4 cores=2 steal_pct=0.0");
  // One other core's worth: each has its own core.
  EXPECT_FALSE(host_busy({consumed(2, 0, 0, 0), consumed(2, 200, 200, 100), consumed(2, 200, 200, 100), consumed(2, 400, 400, 200)}, 2));
  // Samples without the consumed times (an older kernel): the runnable count decides alone.
  EXPECT_FALSE(host_busy({at(2, 0, 100), at(2, 0, 200)}, 2));
}

}  // namespace
}  // namespace abt
