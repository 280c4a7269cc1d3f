// capture's replay check, started beside the workload: the handshake folder between the capture
// and its record (check_handshake.h), and the record's process as the capture holds it
// (replay_check.h), with a stand-in for abtool.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "capture/check_handshake.h"
#include "replay_check.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt::capture {
namespace {
namespace fs = std::filesystem;

TEST(CheckHandshake, EachModuleIsHandedOnceAsItAppearsAndTheWaitEndsWhenTheCaptureIsWritten) {
  TempDir dir("abtool-handshake-");
  write_file_atomically(dir.path() / "imports-11.txt", "torch\nflag_gems\n");
  write_file_atomically(dir.path() / "imports-12.txt", "torch\nhalf_writ");  // a line still being written
  write_file_atomically(dir.path() / "notes.txt", "not_a_module\n");
  std::atomic<int> calls = 0;
  std::thread capture([&] {
    while (calls == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    write_file_atomically(dir.path() / "imports-13.txt", "late_library\n");  // named just before the capture ends
    release_check(dir.path());
  });
  std::vector<std::string> handed;
  await_capture(dir.path(), [&](const std::vector<std::string>& modules) {
    ++calls;
    handed.insert(handed.end(), modules.begin(), modules.end());
  });
  capture.join();
  std::sort(handed.begin(), handed.end());
  EXPECT_EQ(handed, (std::vector<std::string>{"flag_gems", "late_library", "torch"}));
  EXPECT_EQ(calls, 2) << "what was there at once, then the late one";
}

TEST(CheckHandshake, AFolderThatIsGoneEndsTheWaitAsBadInput) {
  TempDir dir("abtool-handshake-");
  try {
    await_capture(dir.path() / "gone", [](const std::vector<std::string>&) {});
    FAIL() << "waited on a folder that is not there";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("--after-capture " + (dir.path() / "gone").string()), std::string::npos)
        << error.what();
  }
}

// A stand-in for abtool: it notes its arguments, waits for the capture as record does, then does
// what its script says.
fs::path stand_in(const fs::path& dir, const std::string& then) {
  const fs::path script = dir / "abtool-stand-in";
  write_file_atomically(script, "#!/bin/sh\necho \"$@\" > \"" + (dir / "args.txt").string() + "\"\necho $$ > \"" +
                                    (dir / "pid.txt").string() +
                                    "\"\nfor a; do [ \"$prev\" = --after-capture ] && handshake=$a; prev=$a; done\n"
                                    "while [ ! -e \"$handshake/go\" ]; do sleep 0.02; done\n" +
                                    then + "\n");
  fs::permissions(script, fs::perms::owner_all);
  return script;
}

TEST(PendingCheck, TheRecordStartsAtOnceAndChecksWhenReleasedItsRefusalSaidInOneLine) {
  TempDir dir("abtool-pending-check-");
  const fs::path program = stand_in(dir.path(), "echo 'record: --shapes: no such file' >&2; exit 2");
  PendingCheck check(dir.path() / "cap", "/usr/bin/python3", program.string());
  for (int i = 0; i < 500 && !fs::exists(dir.path() / "args.txt"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const std::string args = read_file_if_present(dir.path() / "args.txt").value_or("");
  EXPECT_NE(args.find("record --ops-dir " + (dir.path() / "cap" / "ops").string()), std::string::npos) << args;
  EXPECT_NE(args.find("--compiler triton:/usr/bin/python3 --configs library"), std::string::npos) << args;
  EXPECT_NE(args.find("--after-capture " + check.imports_dir().string()), std::string::npos) << args;
  const CaptureManifest::ReplayCheck result = check.finish();
  EXPECT_FALSE(result.ran);
  EXPECT_EQ(result.not_run, "record exited 2: record: --shapes: no such file");
  EXPECT_GE(result.seconds, 0.0);
}

TEST(PendingCheck, ACheckThatIsNeverReleasedStopsItsRecord) {
  TempDir dir("abtool-pending-check-");
  const fs::path program = stand_in(dir.path(), "exit 0");
  const auto started = std::chrono::steady_clock::now();
  {
    PendingCheck check(dir.path() / "cap", "python3", program.string());
    for (int i = 0; i < 500 && !fs::exists(dir.path() / "pid.txt"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }  // the capture failed: nothing to check
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const pid_t pid = std::stoi(read_file_if_present(dir.path() / "pid.txt").value_or("0"));
  ASSERT_GT(pid, 0);
  EXPECT_NE(::kill(pid, 0), 0) << "the stand-in record still runs";
  EXPECT_LT(seconds, 8.0) << "stopped by SIGTERM, not left to the 10 s grace";
}

}  // namespace
}  // namespace abt::capture
