// Worker processes (docs/run-directory.md: "Worker processes"): a variant that crashes, exits or hangs fails
// only its point or sweep candidate; SIGINT/SIGTERM mark the run interrupted; kill -9 at any
// moment and --resume give the run an uninterrupted one would have; one writer per run.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <chrono>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "abtool_runner.h"
#include "rundir/run_lock.h"

namespace abt::e2e {
namespace fs = std::filesystem;
namespace bp = boost::process;
namespace {

fs::path write_shapes(const fs::path& file, const std::string& op, const std::vector<long long>& sizes) {
  std::ofstream out(file);
  out << op << ":\n  shapes:\n";
  for (long long size : sizes) out << "    - [" << size << "]\n";
  return file;
}

std::vector<std::string> misbehaving(const fs::path& out, const fs::path& shapes) {
  std::vector<std::string> args{"record", "--ops-dir", fixture_ops().string(), "--op", "fixture_crash", "--shapes",
                                shapes.string(), "--out", out.string(), "--compiler", "host:g++"};
  args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
  return args;
}

// The points of a run by id, and how many times each id appears.
std::map<std::string, nlohmann::json> points_of(const fs::path& run) {
  std::map<std::string, nlohmann::json> points;
  const nlohmann::json results = read_results(run);
  for (const auto& point : results["points"])
    points[point["op"].get<std::string>() + "/" + point["shape_text"].get<std::string>() + "/" +
           point["dtype"].get<std::string>()] = point;
  return points;
}

// abtool in the background, in its own process group (so the test can kill it and its worker).
class Background {
 public:
  Background(const std::vector<std::string>& args, const fs::path& tmpdir) {
    bp::environment env = boost::this_process::environment();
    env["TMPDIR"] = tmpdir.string();
    child_ = bp::child(ABTOOL_BINARY, bp::args(args), bp::std_out > bp::null, bp::std_err > bp::null, env,
                       bp::extend::on_exec_setup = [](auto&) { ::setpgid(0, 0); });
  }
  void signal(int number) { ::kill(child_.id(), number); }
  pid_t group() const { return child_.id(); }
  void kill_everything() { ::kill(-child_.id(), SIGKILL); }
  // The exit code, or -signal.
  int wait() {
    child_.wait();
    const int status = child_.native_exit_code();
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }

 private:
  bp::child child_;
};

size_t finished_points(const fs::path& run) {
  try {
    return read_results(run)["points"].size();
  } catch (const std::exception&) {
    return 0;  // not written yet
  }
}

// Until the run directory exists (meta.json) and holds `count` points.
void wait_for_points(const fs::path& run, size_t count) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while ((!fs::exists(run / "meta.json") || finished_points(run) < count) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

// The live (not zombie) processes of a process group, read from /proc.
std::vector<pid_t> live_processes_of_group(pid_t group) {
  std::vector<pid_t> live;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    const size_t after_name = line.rfind(')');  // the command's name may hold spaces
    if (after_name == std::string::npos) continue;
    std::istringstream fields(line.substr(after_name + 2));
    char state = 0;
    long parent = 0, process_group = 0;
    fields >> state >> parent >> process_group;
    if (process_group == group && state != 'Z' && state != 'X') live.push_back(pid_t(std::stol(name)));
  }
  return live;
}

// SIGKILL arrives at once, but a dying process (its memory being unmapped) can take a moment on a
// loaded machine, and its run lock goes only with it: a resume before that is refused, rightly
// ("another abtool ... is writing this run"). A user who killed a run waits the same way.
void wait_until_gone(pid_t group) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!live_processes_of_group(group).empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

size_t leftover_temp_folders(const fs::path& tmpdir) {
  size_t count = 0;
  for (const auto& entry : fs::directory_iterator(tmpdir)) count += entry.path().filename().string().rfind("abtool-", 0) == 0;
  return count;
}

// A tmpfs mounted for a test and unmounted after it, where this machine lets a test mount one
// (root in a container does here); `error` says why not.
class ScopedTmpfs {
 public:
  ScopedTmpfs(const fs::path& dir, const std::string& options) : dir_(dir) {
    fs::create_directories(dir);
    ProcessResult mounted = run_process({"mount", {"-t", "tmpfs", "-o", options, "tmpfs", dir.string()}, "", {},
                                         std::chrono::seconds(30)});
    if (mounted.exit_code != 0) error = mounted.err.empty() ? "mount failed" : mounted.err;
  }
  ~ScopedTmpfs() {
    if (error.empty()) run_process({"umount", {dir_.string()}, "", {}, std::chrono::seconds(30)});
  }
  std::string error;

 private:
  fs::path dir_;
};

}  // namespace

class CrashSafety : public ::testing::Test {
 protected:
  TempDir dir_{"abtool-crash-"};
};

TEST_F(CrashSafety, ASegfaultingPointFailsAloneAndTheOtherFiveSucceed) {
  fs::path run = dir_.path() / "A";
  ProcessResult result = abtool(misbehaving(run, write_shapes(dir_.path() / "six.yaml", "fixture_crash", {100, 200, 334, 300, 400, 500})));
  EXPECT_EQ(result.exit_code, 1) << describe(result);
  auto points = points_of(run);
  ASSERT_EQ(points.size(), 6u);
  for (const auto& [id, point] : points) {
    if (id != "fixture_crash/334/fp32") {
      EXPECT_EQ(point["status"], "SUCCESS") << point.dump(1);
      continue;
    }
    EXPECT_EQ(point["status"], "FAILED");
    EXPECT_EQ(point["markers"], nlohmann::json::array({"POINT_CRASHED signal=SIGSEGV"})) << point.dump(1);
    EXPECT_NE(point["error"].get<std::string>().find("POINT_CRASHED signal=SIGSEGV"), std::string::npos);
  }
  EXPECT_EQ(read_json(run / "meta.json")["status"], "finished");
  EXPECT_TRUE(read_results(run)["complete"].get<bool>());
  const std::string log = read_text_file(run / "run.log");
  EXPECT_NE(log.find("POINT_CRASHED signal=SIGSEGV point=fixture_crash/334/fp32"), std::string::npos);
  // The worker after the crash says it took over; "resumed:" is a user's --resume.
  EXPECT_TRUE(std::regex_search(log, std::regex("a fresh worker takes over from the one that ended: [0-5] of 6 points were finished")))
      << log;
  EXPECT_EQ(log.find("resumed:"), std::string::npos) << log;
  // diff reads it like any run: the crashed point is FAILED, the others are compared.
  ProcessResult diff = abtool({"diff", run.string(), run.string(), "--format", "json"});
  ASSERT_EQ(diff.exit_code, 0) << describe(diff);
  EXPECT_EQ(nlohmann::json::parse(diff.out)["counts"]["FAILED"], 1);
}

TEST_F(CrashSafety, AbortAndAnExitInTheMiddleOfTheRunFailTheirPointsWithTheirMarkers) {
  fs::path run = dir_.path() / "A";
  ProcessResult result = abtool(misbehaving(run, write_shapes(dir_.path() / "s.yaml", "fixture_crash", {333, 100, 335})));
  EXPECT_EQ(result.exit_code, 1) << "exit(0) in a variant must not end the run with 0\n" << describe(result);
  auto points = points_of(run);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points["fixture_crash/333/fp32"]["markers"], nlohmann::json::array({"POINT_CRASHED signal=SIGABRT"}));
  EXPECT_EQ(points["fixture_crash/335/fp32"]["markers"], nlohmann::json::array({"POINT_CRASHED signal=none exit_status=0"}));
  EXPECT_EQ(points["fixture_crash/100/fp32"]["status"], "SUCCESS");
}

// Issue 73: A's stored host code built on a CPU with features this one lacks. The replay says so
// before it starts, and a point that dies of SIGILL says that cause (here B's code traps on purpose,
// with -DABT_TEST_TRAP, and A's meta.json claims a feature no CPU has).
TEST_F(CrashSafety, AReplayOfCodeForAnotherCpuNamesTheMissingFeatureAtASigill) {
  const fs::path a = dir_.path() / "A", b = dir_.path() / "B";
  ASSERT_EQ(abtool(misbehaving(a, write_shapes(dir_.path() / "s.yaml", "fixture_crash", {100}))).exit_code, 0);
  nlohmann::json meta = read_json(a / "meta.json");
  meta["host"]["cpu_features"].push_back("abt_test_isa");
  write_file_atomically(a / "meta.json", meta.dump());
  ProcessResult replayed = replay(a, b, {"--compiler-flags", "-DABT_TEST_TRAP=100"});
  EXPECT_EQ(replayed.exit_code, 1) << describe(replayed);
  EXPECT_NE(replayed.err.find("warning: A (" + a.string() + ") was recorded on a CPU"), std::string::npos) << replayed.err;
  EXPECT_NE(replayed.err.find("with abt_test_isa that this one lacks"), std::string::npos) << replayed.err;
  auto points = points_of(b);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points["fixture_crash/100/fp32"]["markers"], nlohmann::json::array({"POINT_CRASHED signal=SIGILL"}));
  EXPECT_NE(points["fixture_crash/100/fp32"]["error"].get<std::string>().find("abt_test_isa that this one lacks"), std::string::npos)
      << points["fixture_crash/100/fp32"]["error"];
}

TEST_F(CrashSafety, AHangingVariantTimesOutAndTheRunGoesOn) {
  fs::path run = dir_.path() / "A";
  std::vector<std::string> args = misbehaving(run, write_shapes(dir_.path() / "s.yaml", "fixture_crash", {100, 336, 300}));
  args.insert(args.end(), {"--point-timeout-s", "2"});
  const auto start = std::chrono::steady_clock::now();
  ProcessResult result = abtool(args);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  EXPECT_EQ(result.exit_code, 1) << describe(result);
  auto points = points_of(run);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points["fixture_crash/336/fp32"]["markers"], nlohmann::json::array({"POINT_TIMEOUT limit_s=2"}));
  EXPECT_EQ(points["fixture_crash/300/fp32"]["status"], "SUCCESS");
}

// The disk fills at different moments by its size (on this machine: autotune.sqlite at 40-120 KB,
// samples.bin at 160 KB, autotune_records/ at 200 KB): each is exit 3 naming the file and the
// OS's or SQLite's reason with what to do, never an internal error, and the files stay readable.
TEST_F(CrashSafety, AFullDiskSaysWhyAndLeavesTheLastGoodFiles) {
  for (const char* size : {"40k", "120k", "160k", "200k"}) {
    SCOPED_TRACE(std::string("a disk of ") + size);
    const fs::path disk = dir_.path() / (std::string("small") + size);
    ScopedTmpfs small(disk, std::string("size=") + size);
    if (!small.error.empty()) GTEST_SKIP() << "cannot mount a small tmpfs here: " << small.error;

    const fs::path run = disk / "run";
    std::vector<std::string> args{"record", "--op", "cpu_saxpy,cpu_matmul,cpu_softmax", "--shapes", tiny_shapes().string(),
                                  "--compiler", "host:g++", "--out", run.string()};
    args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
    ProcessResult result = abtool(args);
    if (result.exit_code == 0) continue;  // it fitted on this machine
    EXPECT_EQ(result.exit_code, 3) << describe(result);
    EXPECT_TRUE(result.err.find("No space left on device") != std::string::npos ||
                result.err.find("disk is full") != std::string::npos)
        << "the OS's reason\n" << describe(result);
    EXPECT_NE(result.err.find("abtool record: cannot write " + run.string() + "/"), std::string::npos) << "which file\n" << result.err;
    EXPECT_NE(result.err.find("`--resume` it once there is room"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("internal error"), std::string::npos) << result.err;
    for (const auto& entry : fs::recursive_directory_iterator(run))
      EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << "a partial file left: " << entry.path();
    EXPECT_NO_THROW(read_results(run)) << "the last good results.json stays readable";
    EXPECT_NO_THROW(read_json(run / "meta.json"));
  }
}

TEST_F(CrashSafety, AReadOnlyFilesystemIsBadInputNamingTheReason) {
  const fs::path disk = dir_.path() / "readonly";
  ScopedTmpfs readonly(disk, "ro,size=64k");
  if (!readonly.error.empty()) GTEST_SKIP() << "cannot mount a read-only tmpfs here: " << readonly.error;
  std::vector<std::string> args{"record", "--op", "cpu_saxpy", "--shapes", tiny_shapes().string(), "--compiler", "host:g++",
                                "--out", (disk / "run").string()};
  ProcessResult result = abtool(args);
  EXPECT_EQ(result.exit_code, 2) << describe(result);
  EXPECT_NE(result.err.find("cannot create it: Read-only file system"), std::string::npos) << result.err;
}

class Resume : public ::testing::Test {
 protected:
  void SetUp() override { fs::create_directories(tmp_); }
  // 40 cpu_saxpy points of a few milliseconds each.
  std::vector<std::string> forty(const fs::path& out) {
    std::vector<long long> sizes;
    for (int i = 1; i <= 40; ++i) sizes.push_back(1024 * i);
    std::vector<std::string> args{"record", "--op", "cpu_saxpy", "--shapes",
                                  write_shapes(dir_.path() / "forty.yaml", "cpu_saxpy", sizes).string(), "--out",
                                  out.string(), "--compiler", "host:g++"};
    args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
    return args;
  }
  TempDir dir_{"abtool-resume-"};
  fs::path tmp_ = dir_.path() / "tmp";
};

TEST_F(Resume, KilledAtSeveralMomentsThenResumedGivesEveryPointOnce) {
  fs::path whole = dir_.path() / "whole";
  ProcessResult uninterrupted = abtool(forty(whole));
  ASSERT_EQ(uninterrupted.exit_code, 0) << describe(uninterrupted);
  const auto expected = points_of(whole);
  ASSERT_EQ(expected.size(), 40u);

  for (size_t kill_after : {0u, 8u, 24u}) {
    SCOPED_TRACE("killed after " + std::to_string(kill_after) + " points");
    fs::path run = dir_.path() / ("killed" + std::to_string(kill_after));
    Background background(forty(run), tmp_);
    wait_for_points(run, kill_after);
    std::this_thread::sleep_for(std::chrono::milliseconds(30 + 10 * (kill_after % 16)));  // inside the next batch
    background.kill_everything();
    background.wait();
    wait_until_gone(background.group());
    ASSERT_TRUE(fs::exists(run / "meta.json")) << "the run directory exists before the first point";
    const auto before = points_of(run);
    EXPECT_LT(before.size(), 40u) << "killed before the end";

    ProcessResult resumed = abtool({"record", "--resume", run.string()}, {{"TMPDIR", tmp_.string()}});
    ASSERT_EQ(resumed.exit_code, 0) << describe(resumed);
    EXPECT_NE(read_text_file(run / "run.log").find(fmt::format("resumed: {} of 40 points were finished", before.size())),
              std::string::npos) << "a user's --resume says so";
    EXPECT_EQ(leftover_temp_folders(tmp_), 0u) << "the killed supervisor's folder is cleaned up by the next one";
    const auto after = points_of(run);
    EXPECT_EQ(read_results(run)["points"].size(), 40u) << "no point twice";
    std::set<std::string> ids, expected_ids;
    for (const auto& [id, point] : after) {
      ids.insert(id);
      EXPECT_EQ(point["status"], "SUCCESS") << id;
    }
    for (const auto& [id, point] : expected) expected_ids.insert(id);
    EXPECT_EQ(ids, expected_ids);
    for (const auto& [id, point] : before)  // finished before the kill: kept, not measured again
      EXPECT_EQ(after.at(id)["samples_us"], point["samples_us"]) << id;
    EXPECT_EQ(read_json(run / "meta.json")["status"], "finished");
    EXPECT_TRUE(read_results(run)["complete"].get<bool>());
    // Issue "Resilience III": ir/index.tsv lists each variant once, as the uninterrupted run does.
    std::set<std::vector<std::string>> rows;
    for (auto row : read_tsv(run / "ir" / "index.tsv")) {
      ASSERT_EQ(row.size(), 9u);
      row.erase(row.begin() + 8);  // its compile time, and its launch count: measured again by the resume
      row.erase(row.begin() + 5);
      EXPECT_TRUE(rows.insert(row).second) << "a row twice: " << fmt::format("{}", fmt::join(row, " "));
    }
    EXPECT_EQ(rows.size(), read_tsv(whole / "ir" / "index.tsv").size());
  }
}

// A replay of a record that did not finish measures the points A has (the others have no choice
// of A's to replay: each would be B's own sweep, marked), and says so; an A still being written is
// refused (its lock is held: here by the test, which takes it as a live recorder would); an A
// killed before its first point has nothing to replay.
TEST_F(Resume, AReplayOfAKilledRecordMeasuresThePointsAHasAndARunningOneIsRefused) {
  fs::path a = dir_.path() / "A", empty = dir_.path() / "empty";
  for (auto [run, kill_after] : {std::pair{a, size_t(8)}, std::pair{empty, size_t(0)}}) {
    Background background(forty(run), tmp_);
    wait_for_points(run, kill_after);
    background.kill_everything();
    background.wait();
    wait_until_gone(background.group());
  }
  const size_t a_has = points_of(a).size();
  ASSERT_GE(a_has, 8u);
  ASSERT_LT(a_has, 40u) << "killed before the end";
  const std::vector<std::string> quick(kQuickTiming.begin(), kQuickTiming.end());
  auto replay = [&](const fs::path& from, const fs::path& out, std::vector<std::string> more = {}) {
    std::vector<std::string> args{"replay", "--from", from.string(), "--out", out.string()};
    args.insert(args.end(), quick.begin(), quick.end());
    args.insert(args.end(), more.begin(), more.end());
    return abtool(args, {{"TMPDIR", tmp_.string()}});
  };
  {
    RunLock recording(a);
    recording.claim();
    ProcessResult refused = replay(a, dir_.path() / "B0");
    EXPECT_EQ(refused.exit_code, 2) << describe(refused);
    EXPECT_NE(refused.err.find("--from " + a.string() + ": still being recorded (abtool pid " + std::to_string(::getpid())),
              std::string::npos)
        << refused.err;
  }
  ProcessResult nothing = replay(empty, dir_.path() / "B1");
  EXPECT_EQ(nothing.exit_code, 2) << describe(nothing);
  EXPECT_NE(nothing.err.find("A did not finish (status running) and has no point; `abtool record --resume " + empty.string()),
            std::string::npos)
      << nothing.err;

  const fs::path b = dir_.path() / "B";
  ProcessResult replayed = replay(a, b);
  ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  EXPECT_NE(replayed.err.find(fmt::format("WARNING: A did not finish (status running): B measures the {} of its 40 point(s) "
                                          "that A has",
                                          a_has)),
            std::string::npos)
      << replayed.err;
  std::set<std::string> a_ids, b_ids;
  for (const auto& [id, point] : points_of(a)) a_ids.insert(id);
  for (const auto& [id, point] : points_of(b)) {
    b_ids.insert(id);
    EXPECT_EQ(without_host_busy(point["markers"]), nlohmann::json::array()) << id << ": A's choice replayed, no sweep of B's own";
  }
  EXPECT_EQ(b_ids, a_ids);
  EXPECT_EQ(read_json(b / "meta.json")["status"], "finished");
  const nlohmann::json diff = diff_as_json(a, b);
  EXPECT_EQ(diff["counts"]["MISSING"], 40 - int(a_has)) << "A's unfinished points, MISSING on both sides";

  // a part of the selection (one machine's --shard): the points of it that A has, none swept
  std::set<std::string> sharded_ids;
  for (int shard = 0; shard < 2; ++shard) {
    const fs::path part = dir_.path() / ("S" + std::to_string(shard));
    ProcessResult sharded = replay(a, part, {"--shard", std::to_string(shard + 1) + "/2"});
    ASSERT_EQ(sharded.exit_code, 0) << describe(sharded);
    EXPECT_NE(sharded.err.find("point(s) of --shard " + std::to_string(shard + 1) + "/2 that A has (of a selection of 40)"),
              std::string::npos)
        << sharded.err;
    for (const auto& [id, point] : points_of(part)) {
      EXPECT_TRUE(a_ids.count(id)) << id << ": a point A does not have, measured";
      EXPECT_EQ(without_host_busy(point["markers"]), nlohmann::json::array()) << id;
      EXPECT_TRUE(sharded_ids.insert(id).second) << id << " in both shards";
    }
  }
  EXPECT_EQ(sharded_ids, a_ids) << "the two shards cover what A has, once";
}

// Issue "Resilience III": results.json is one JSON document between writes of a 40-point record
// (read while it runs, and after kill -9 at five moments: python3 -m json.tool takes it), and a
// resume over a samples.bin cut short after the kill is refused naming it, never "finished".
TEST_F(Resume, ResultsAreValidJsonBetweenWritesAndAfterKillsAndADamagedSidecarIsNotResumed) {
  const fs::path run = dir_.path() / "polled";
  size_t reads = 0, torn_reads = 0;
  for (size_t kill_after : {0u, 4u, 12u, 20u, 32u}) {
    SCOPED_TRACE("killed after " + std::to_string(kill_after) + " points");
    std::vector<std::string> args = kill_after == 0 ? forty(run) : std::vector<std::string>{"record", "--resume", run.string()};
    Background background(args, tmp_);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (std::chrono::steady_clock::now() < deadline) {
      if (auto text = read_file_if_present(run / "results.json")) {
        ++reads;
        // A read can catch a point's write in progress (the kernel shows a write's pages as it copies
        // them): valid again a moment later, never left invalid.
        if (!nlohmann::json::accept(*text)) {
          ++torn_reads;
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
          text = read_file_if_present(run / "results.json");
        }
        ASSERT_TRUE(text && nlohmann::json::accept(*text)) << "read while the run goes on:\n" << text.value_or("");
        // meta.json comes after results.json: a run killed before it is no run to resume
        if (nlohmann::json::parse(*text)["points"].size() >= kill_after && fs::exists(run / "meta.json")) break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    background.kill_everything();
    background.wait();
    wait_until_gone(background.group());
    const ProcessResult tool = run_process({"python3", {"-m", "json.tool", (run / "results.json").string()}, "", {},
                                           std::chrono::seconds(60)});
    EXPECT_EQ(tool.exit_code, 0) << tool.err;
  }
  EXPECT_GT(reads, 20u) << "the file was read at many moments";
  EXPECT_LT(torn_reads * 10, reads) << "a read rarely meets a write in progress";
  ASSERT_LT(read_results(run)["points"].size(), 40u) << "killed before the end";
  fs::resize_file(run / "samples.bin", fs::file_size(run / "samples.bin") / 2);
  const ProcessResult resumed = abtool({"record", "--resume", run.string()}, {{"TMPDIR", tmp_.string()}});
  EXPECT_EQ(resumed.exit_code, 2) << describe(resumed);
  EXPECT_NE(resumed.err.find("samples.bin"), std::string::npos) << resumed.err;
  EXPECT_NE(read_json(run / "meta.json")["status"], "finished");
}

// Issue 28: kill -9 of the supervisor alone (a CI timeout, Python's subprocess) left its worker
// finishing the run unseen. Now the worker dies with it: at five moments of a 40-point record no
// abtool process is left within 2 s, the run gains no point after the kill, and --resume finishes
// it with every point once, by the run's one compiler.
TEST_F(Resume, KillingTheSupervisorAloneLeavesNoWorkerAndTheRunResumable) {
  // -1: while the worker starts, before the run directory exists; then after that many points.
  for (int kill_after : {-1, 0, 1, 8, 24}) {
    SCOPED_TRACE("supervisor killed after " + std::to_string(kill_after) + " points");
    const fs::path run = dir_.path() / ("orphan" + std::to_string(kill_after + 1));
    Background background(forty(run), tmp_);
    if (kill_after < 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    else wait_for_points(run, size_t(kill_after));
    background.signal(SIGKILL);
    EXPECT_EQ(background.wait(), -SIGKILL);
    const auto killed_at = std::chrono::steady_clock::now();
    std::vector<pid_t> left = live_processes_of_group(background.group());
    while (!left.empty() && std::chrono::steady_clock::now() - killed_at < std::chrono::seconds(2)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      left = live_processes_of_group(background.group());
    }
    EXPECT_TRUE(left.empty()) << left.size() << " process(es) of the killed abtool still running 2 s later, pid "
                              << (left.empty() ? 0 : left.front());
    for (pid_t pid : left) ::kill(pid, SIGKILL);
    const size_t at_kill = finished_points(run);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_EQ(finished_points(run), at_kill) << "a point was written after the supervisor died";
    if (!fs::exists(run / "meta.json")) {
      EXPECT_LT(kill_after, 0) << "the run directory exists once a point was written";
      continue;  // killed before the run began: nothing to resume
    }
    EXPECT_LT(at_kill, 40u) << "killed before the end";
    const std::string status = read_json(run / "meta.json")["status"];
    EXPECT_TRUE(status == "running" || status == "interrupted") << status;

    ProcessResult resumed = abtool({"record", "--resume", run.string()}, {{"TMPDIR", tmp_.string()}});
    ASSERT_EQ(resumed.exit_code, 0) << describe(resumed);
    EXPECT_EQ(read_results(run)["points"].size(), 40u) << "every point once";
    EXPECT_EQ(points_of(run).size(), 40u) << "no point twice";
    EXPECT_EQ(read_json(run / "meta.json")["status"], "finished");
    EXPECT_EQ(leftover_temp_folders(tmp_), 0u);
  }
}

// Issue 28: a killed sweep of many configs left its control folder full of files, and the next
// run removed them before starting (6.8 s for 100,000 in the report). It now removes
// them beside its own run, and they are gone by the time it exits.
TEST_F(Resume, AnAbandonedControlFolderIsRemovedBesideTheNextRun) {
  const fs::path abandoned = tmp_ / "abtool-worker-killed";
  fs::create_directories(abandoned / "tmp");
  for (int i = 0; i < 3000; ++i) std::ofstream(abandoned / "tmp" / ("variant" + std::to_string(i) + ".s")) << i;
  pid_t gone = ::fork();  // a pid that was a process and is no more
  if (gone == 0) ::_exit(0);
  ::waitpid(gone, nullptr, 0);
  std::ofstream(abandoned / "supervisor.pid") << gone;
  ProcessResult next = abtool(forty(dir_.path() / "next"), {{"TMPDIR", tmp_.string()}});
  ASSERT_EQ(next.exit_code, 0) << describe(next);
  EXPECT_FALSE(fs::exists(abandoned)) << "removed by the time the next run ended";
  EXPECT_EQ(leftover_temp_folders(tmp_), 0u);
}

// Issue 28: the compiler was rebuilt between a kill and the resume, and the resume measured the
// rest with it in a run whose meta.json names the first. Here `g++` on the resume's PATH is
// another file (a wrapper around the same compiler): refused with exit 2 naming what changed,
// the run as the kill left it; resumed with the run's own compiler it finishes.
TEST_F(Resume, AResumeWithAnotherCompilerIsRefusedNamingWhatChanged) {
  const fs::path run = dir_.path() / "rebuilt";
  Background background(forty(run), tmp_);
  wait_for_points(run, 2);
  background.kill_everything();
  background.wait();
  wait_until_gone(background.group());
  const size_t before = finished_points(run);
  ASSERT_LT(before, 40u);
  const std::string meta_before = read_text_file(run / "meta.json");

  const fs::path bin = dir_.path() / "rebuilt-bin";
  fs::create_directories(bin);
  std::ofstream(bin / "g++") << "#!/bin/sh\nexec /usr/bin/g++ \"$@\"\n";
  fs::permissions(bin / "g++", fs::perms::owner_all);
  const char* path = std::getenv("PATH");
  ProcessResult refused = abtool({"record", "--resume", run.string()},
                                 {{"TMPDIR", tmp_.string()}, {"PATH", bin.string() + ":" + (path ? path : "/usr/bin")}});
  EXPECT_EQ(refused.exit_code, 2) << describe(refused);
  EXPECT_NE(refused.err.find("the run cannot be finished with what it began with: compiler path: "), std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("compiler sha256: "), std::string::npos) << refused.err;
  EXPECT_EQ(read_text_file(run / "meta.json"), meta_before) << "a refused resume leaves the run as it was";
  EXPECT_EQ(finished_points(run), before);

  ProcessResult resumed = abtool({"record", "--resume", run.string()}, {{"TMPDIR", tmp_.string()}});
  ASSERT_EQ(resumed.exit_code, 0) << describe(resumed);
  EXPECT_EQ(points_of(run).size(), 40u);
}

// Issue 26: a replay with long budgets killed midway kept nothing, its one batch of 8 points in
// progress. Batches now hold about 10 s of timing budget (engine/src/point_engine.cpp): 1 point
// at --rep-ms 5000 interleaved, so what the kill cuts short is the batch in progress alone, and
// --resume measures only what is missing.
TEST_F(Resume, AKilledLongReplayKeepsItsFinishedBatchesAndTheResumeMeasuresOnlyTheRest) {
  const fs::path a = dir_.path() / "A4", b = dir_.path() / "B4";
  // cpu_work_knob's points take long enough per call (over 100 us) that 2000 samples do not end
  // a round before a tenth of its budget is spent: each point takes over a second.
  std::vector<std::string> record{"record", "--op", "cpu_work_knob", "--shapes",
                                  (source_dir() / "bench/shapes/sensitivity.yaml").string(), "--out", a.string(),
                                  "--compiler", "host:g++"};
  record.insert(record.end(), kQuickTiming.begin(), kQuickTiming.end());
  ProcessResult recorded = abtool(record);
  ASSERT_EQ(recorded.exit_code, 0) << describe(recorded);

  Background background({"replay", "--from", a.string(), "--out", b.string(), "--warmup-ms", "20", "--rep-ms", "5000",
                         "--rounds", "2"},
                        tmp_);
  wait_for_points(b, 2);
  background.kill_everything();
  background.wait();
  wait_until_gone(background.group());
  const auto kept = points_of(b);
  ASSERT_GE(kept.size(), 2u) << "the first batches were written when they ended";
  ASSERT_LT(kept.size(), 4u) << "killed before the end";

  ProcessResult resumed = abtool({"replay", "--resume", b.string()}, {{"TMPDIR", tmp_.string()}});
  ASSERT_EQ(resumed.exit_code, 0) << describe(resumed);
  const auto after = points_of(b);
  EXPECT_EQ(read_results(b)["points"].size(), 4u) << "no point twice";
  for (const auto& [id, point] : kept) {
    ASSERT_TRUE(after.count(id)) << id;
    EXPECT_EQ(after.at(id), point) << id << ": measured again by the resume";
  }
}

TEST_F(Resume, SigintAndSigtermMarkTheRunInterruptedAndLeaveNoTemporaryFolders) {
  for (int number : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(number == SIGINT ? "SIGINT" : "SIGTERM");
    fs::path run = dir_.path() / ("stopped" + std::to_string(number));
    Background background(forty(run), tmp_);
    wait_for_points(run, 3);
    background.signal(number);  // the supervisor alone: it passes the signal on to its worker
    EXPECT_EQ(background.wait(), 128 + number);
    EXPECT_EQ(read_json(run / "meta.json")["status"], "interrupted");
    EXPECT_FALSE(read_results(run)["complete"].get<bool>());
    for (const auto& [id, point] : points_of(run)) EXPECT_EQ(point["status"], "SUCCESS") << "a stopped point is not written";
    EXPECT_NE(read_text_file(run / "run.log").find("--resume"), std::string::npos);
    EXPECT_EQ(leftover_temp_folders(tmp_), 0u);

    ProcessResult resumed = abtool({"record", "--resume", run.string()});
    ASSERT_EQ(resumed.exit_code, 0) << describe(resumed);
    EXPECT_EQ(points_of(run).size(), 40u);
  }
}

TEST_F(Resume, OneWriterPerRunDirectory) {
  // Two records into the same new folder, started together: one writes it, the other is refused.
  fs::path run = dir_.path() / "contested";
  Background first(forty(run), tmp_), second(forty(run), tmp_);
  std::multiset<int> codes{first.wait(), second.wait()};
  EXPECT_EQ(codes, (std::multiset<int>{0, 2}));
  EXPECT_EQ(points_of(run).size(), 40u);

  // A resume while another process writes the run: exit 2 naming that process.
  fs::path busy = dir_.path() / "busy";
  Background writer(forty(busy), tmp_);
  wait_for_points(busy, 1);
  Background stopper(forty(busy), tmp_);  // would be refused too: the folder exists
  EXPECT_EQ(stopper.wait(), 2);
  ProcessResult second_writer = abtool({"record", "--resume", busy.string()});
  EXPECT_EQ(second_writer.exit_code, 2) << describe(second_writer);
  EXPECT_NE(second_writer.err.find("another abtool (pid "), std::string::npos) << second_writer.err;
  EXPECT_EQ(second_writer.err.find("(pid ?)"), std::string::npos) << "the holder is named: " << second_writer.err;
  writer.wait();
}

TEST_F(Resume, ResumeRefusesFinishedRunsOtherOptionsAndTheWrongCommand) {
  fs::path run = dir_.path() / "done";
  ASSERT_EQ(abtool(forty(run)).exit_code, 0);
  const std::string holder = read_text_file(run / "lock");
  ProcessResult finished = abtool({"record", "--resume", run.string()});
  EXPECT_EQ(finished.exit_code, 2);
  EXPECT_NE(finished.err.find("this run finished"), std::string::npos) << finished.err;
  EXPECT_EQ(read_text_file(run / "lock"), holder) << "a refused resume leaves the lock file as it was (issue 63)";
  ProcessResult extra = abtool({"record", "--resume", run.string(), "--rounds", "3"});
  EXPECT_EQ(extra.exit_code, 2);
  EXPECT_NE(extra.err.find("--rounds cannot be given with it"), std::string::npos) << extra.err;
  ProcessResult wrong = abtool({"replay", "--resume", run.string()});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("a record run"), std::string::npos) << wrong.err;
  ProcessResult missing = abtool({"record", "--resume", (dir_.path() / "nothing").string()});
  EXPECT_EQ(missing.exit_code, 2);
}

}  // namespace abt::e2e
