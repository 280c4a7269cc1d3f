// One writer per run directory (rundir/run_lock.h), and an unfinished run reopened to finish it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "rundir/layout.h"
#include "rundir/run_directory.h"
#include "rundir/run_lock.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

TEST(RunLock, ANewRunClaimsItsFolderOnce) {
  TempDir dir("abtool-lock-");
  claim_new_directory(dir.path() / "run");
  EXPECT_TRUE(fs::exists(dir.path() / "run" / "lock"));
  EXPECT_THROW(claim_new_directory(dir.path() / "run"), InputError);
  fs::create_directories(dir.path() / "full");
  std::ofstream(dir.path() / "full" / "notes.txt") << "mine";
  EXPECT_THROW(claim_new_directory(dir.path() / "full"), InputError);
  EXPECT_FALSE(fs::exists(dir.path() / "full" / "lock")) << "a refused folder is left as it was";
}

TEST(RunLock, ASecondHolderIsRefusedWithTheFirstOnesPid) {
  TempDir dir("abtool-lock-");
  RunLock first(dir.path());
  first.claim();
  try {
    RunLock second(dir.path());
    FAIL() << "a second lock was granted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("pid " + std::to_string(::getpid())), std::string::npos) << error.what();
  }
}

// Who writes a run, asked without writing anything: the holder's pid while it holds the lock, then
// nobody; a run without a lock file, or a read-only one, is asked the same way.
TEST(RunLock, TheWriterOfARunIsKnownWithoutTakingItsLock) {
  TempDir dir("abtool-lock-");
  EXPECT_FALSE(run_writer(dir.path())) << "no lock file";
  {
    RunLock writing(dir.path());
    writing.claim();
    EXPECT_EQ(run_writer(dir.path()), std::to_string(::getpid()));
    EXPECT_EQ(run_writer(dir.path()), std::to_string(::getpid())) << "asking took nothing";
  }
  EXPECT_FALSE(run_writer(dir.path())) << "the holder is gone";
  EXPECT_NO_THROW(RunLock again(dir.path())) << "asking left no lock behind";
  std::filesystem::permissions(RunLayout(dir.path()).lock(), std::filesystem::perms::owner_read);
  EXPECT_FALSE(run_writer(dir.path()));
}

TEST(RunLock, TheLockIsFreeAgainOnceItsHolderIsGone) {
  TempDir dir("abtool-lock-");
  { RunLock first(dir.path()); }
  EXPECT_NO_THROW(RunLock again(dir.path()));
}

// Issue 28: the run's writer holds its lock (RunDirectory), and a lock file that is a link is never
// written through.
TEST(RunLock, ARunDirectoryHoldsItsLockWhileItLivesAndALinkedLockIsRefused) {
  TempDir dir("abtool-lock-");
  const fs::path path = dir.path() / "run";
  {
    RunDirectory run(path, MetaRecord{}, {"cpu_saxpy/4096/fp32"});
    EXPECT_THROW(RunLock other(path), InputError) << "a new run is locked by its writer";
  }
  EXPECT_NO_THROW(RunLock free_again(path));
  std::ofstream(dir.path() / "victim.txt") << "mine";
  fs::remove(path / "lock");
  fs::create_symlink(dir.path() / "victim.txt", path / "lock");
  EXPECT_THROW(RunLock through_link(path), InputError);
  EXPECT_THROW(RunDirectory::resume(path, "0.1.0 (test)"), InputError);
  EXPECT_EQ(read_text_file(dir.path() / "victim.txt"), "mine");
}

TEST(RunDirectoryResume, KeepsFinishedPointsAndRefusesAFinishedRunOrOtherPoints) {
  TempDir dir("abtool-resume-");
  const fs::path path = dir.path() / "run";
  const std::vector<std::string> planned{"cpu_saxpy/4096/fp32", "cpu_saxpy/8192/fp32"};
  {
    MetaRecord meta;
    meta.abtool_version = "0.1.0";
    meta.abtool_git_sha = "old";
    RunDirectory run(path, meta, planned);
    PointRecord point;
    point.point = Point{"cpu_saxpy", {4096}, DType::fp32};
    point.error = "POINT_CRASHED signal=SIGSEGV while timing round 1";
    run.point_finished(point);
  }  // killed here: status running
  {
    RunDirectory resumed = RunDirectory::resume(path, "0.2.0 (new)", planned);
    EXPECT_TRUE(resumed.finished_point("cpu_saxpy/4096/fp32"));
    EXPECT_FALSE(resumed.finished_point("cpu_saxpy/8192/fp32"));
    EXPECT_THROW(RunDirectory::resume(path, "0.2.0 (new)", std::vector<std::string>{"cpu_saxpy/4096/fp32"}), InputError);
    PointRecord point;
    point.point = Point{"cpu_saxpy", {8192}, DType::fp32};
    resumed.point_finished(point);
    resumed.finish(RunStatus::finished);
  }
  const ResultsFile results = ResultsFile::read(RunLayout(path).results());
  ASSERT_EQ(results.points.size(), 2u);
  // Issue "Resilience III": each build that wrote points is recorded, and each point names its own.
  EXPECT_EQ(results.points[0].build, "0.1.0 (old)");
  EXPECT_EQ(results.points[1].build, "0.2.0 (new)");
  EXPECT_EQ(MetaRecord::read(RunLayout(path).meta()).builds, (std::vector<std::string>{"0.1.0 (old)", "0.2.0 (new)"}));
  EXPECT_THROW(RunDirectory::resume(path, "0.1.0 (test)"), InputError);
}

// Issue 63: a resume refused after it took the lock (the run finished) rewrote the lock file with
// its own pid. The pid is written by claim() only, once every check has passed.
TEST(RunLock, TakingTheLockWithoutClaimingLeavesTheLastHoldersPid) {
  TempDir dir("abtool-lock-");
  write_file_atomically(RunLayout(dir.path()).lock(), "12345\n");
  { RunLock refused(dir.path()); }
  EXPECT_EQ(read_text_file(RunLayout(dir.path()).lock()), "12345\n");
  RunLock writing(dir.path());
  writing.claim();
  EXPECT_EQ(read_text_file(RunLayout(dir.path()).lock()), std::to_string(::getpid()) + "\n") << "cut to its own length";
}

}  // namespace abt
