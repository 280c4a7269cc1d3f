// The worker protocol (worker/heartbeat.h): what a worker says survives the trip to its
// supervisor, and a resumed worker's command line names the run it finishes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/files.h"
#include "worker/heartbeat.h"
#include "worker/supervisor.h"
#include "worker/worker_watch.h"

namespace abt {
namespace fs = std::filesystem;

TEST(Heartbeat, SurvivesTheRoundTrip) {
  TempDir control("abtool-beat-");
  EXPECT_FALSE(read_heartbeat(control.path()));
  Heartbeat beat;
  beat.run_dir = "/tmp/run";
  beat.point = Point{"gemm", {1, 256, 512}, DType::bf16};
  beat.kernel = "gemm";
  beat.step = Step{StepKind::sweep_candidate, "BM64"};
  beat.sequence = 41;
  write_heartbeat(control.path(), beat);
  auto read = read_heartbeat(control.path());
  ASSERT_TRUE(read);
  EXPECT_EQ(read->run_dir, beat.run_dir);
  ASSERT_TRUE(read->point);
  EXPECT_EQ(read->point->id(), "gemm/1x256x512/bf16");
  EXPECT_EQ(read->step, beat.step);
  EXPECT_TRUE(read->step.limited());
  EXPECT_EQ(read->step.text(), "sweep candidate BM64");
  EXPECT_FALSE(Step{StepKind::choosing}.limited()) << "compiles have their own limit";
  EXPECT_EQ(read->sequence, 41u);
  EXPECT_FALSE(read->exit_code);
}

// The heartbeat is written in place, two slots by turns: a reader meeting the slot being written
// (here: cut short, or its end overwritten with the start of another) gets the other, whole one.
TEST(Heartbeat, AHalfWrittenSlotLeavesThePreviousBeat) {
  TempDir control("abtool-beat-");
  Heartbeat beat;
  beat.kernel = "gemm";
  beat.step = Step{StepKind::timing_round, "", 1};
  for (uint64_t sequence : {7, 8, 9}) {
    beat.sequence = sequence;
    write_heartbeat(control.path(), beat);
  }
  EXPECT_EQ(read_heartbeat(control.path())->sequence, 9u) << "the newer of the two slots";
  const std::string whole = read_text_file(heartbeat_file(control.path()));
  ASSERT_EQ(whole.size(), 2 * 16384u);
  const size_t newest = 16384;  // sequence 9: slot 1
  std::string torn = whole;
  torn.replace(newest + 20, 8, "\0\0\0\0\0\0\0\0");  // cut short
  write_file_atomically(heartbeat_file(control.path()), torn);
  EXPECT_EQ(read_heartbeat(control.path())->sequence, 8u);
  torn = whole;
  torn.replace(newest + 10, 30, whole.substr(0, 30));  // the start of another beat over its middle
  write_file_atomically(heartbeat_file(control.path()), torn);
  EXPECT_EQ(read_heartbeat(control.path())->sequence, 8u);
  write_file_atomically(heartbeat_file(control.path()), std::string(100, 'x'));
  EXPECT_FALSE(read_heartbeat(control.path())) << "nothing whole: as good as none";
}

TEST(WorkerWatch, CountsItsStepsEndsWithItsExitCodeAndKnowsTheFailedCandidates) {
  TempDir control("abtool-beat-");
  const Point point{"cpu_matmul", {64, 64, 64}, DType::fp32};
  add_failed_candidate(control.path(), point, "BM32", "POINT_CRASHED signal=SIGSEGV");
  WorkerWatch watch(control.path());
  watch.run_started("/tmp/run");
  watch.step(point, "matmul", {StepKind::timing_round, "", 1});
  const uint64_t sequence = read_heartbeat(control.path())->sequence;
  watch.step(point, "matmul", {StepKind::timing_round, "", 2});
  EXPECT_EQ(read_heartbeat(control.path())->step.text(), "timing round 2");
  EXPECT_EQ(read_heartbeat(control.path())->sequence, sequence + 1);
  EXPECT_EQ(watch.known_failure(point, "BM32"), "POINT_CRASHED signal=SIGSEGV");
  EXPECT_FALSE(watch.known_failure(point, "BM64"));
  watch.finished(1);
  EXPECT_EQ(read_heartbeat(control.path())->exit_code, 1);
  WorkerWatch next(control.path());  // a restarted worker goes on counting
  EXPECT_GT(read_heartbeat(control.path())->sequence, sequence + 1);
}

TEST(Supervisor, AResumedWorkerWritesIntoTheRunItFinishes) {
  EXPECT_EQ(with_run_directory({"record", "--op", "x", "--out", "rel", "--rounds", "3"}, "/abs/run"),
            (std::vector<std::string>{"record", "--op", "x", "--rounds", "3", "--out", "/abs/run"}));
  EXPECT_EQ(with_run_directory({"replay", "--from", "A", "--out=B"}, "/abs/B"),
            (std::vector<std::string>{"replay", "--from", "A", "--out", "/abs/B"}));
  EXPECT_EQ(with_run_directory({"record"}, "/abs/run"), (std::vector<std::string>{"record", "--out", "/abs/run"}));
  EXPECT_GT(default_point_timeout_s(1000, 500), 60.0);
}

// Issue 28: the second line behind the parent-death signal. A worker whose parent is not the
// supervisor that wrote its pid (it died, and the worker was adopted) exits at once, writing no
// heartbeat: nothing it does after its supervisor is gone reaches the run.
TEST(WorkerWatchDeathTest, AWorkerWhoseSupervisorIsGoneExitsWritingNothing) {
  TempDir control("abtool-beat-");
  const pid_t gone = ::fork();  // a supervisor that was, and is no more
  if (gone == 0) ::_exit(0);
  ::waitpid(gone, nullptr, 0);
  write_file_atomically(control.path() / "supervisor.pid", std::to_string(gone));
  EXPECT_EXIT(WorkerWatch watch(control.path()), ::testing::ExitedWithCode(kExitOrphaned), "");
  EXPECT_FALSE(read_heartbeat(control.path())) << "the orphan wrote no heartbeat";
}

}  // namespace abt
