// CUDA ops on a machine without a GPU: --arch lets record compile every variant (the compile
// path runs, errors reach run.log); the points fail with the reason; nothing is timed. Without
// --arch there is nothing to compile for: exit 2. On a GPU machine these are covered by gpu_e2e.
#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <thread>

#include "abtool_runner.h"
#include "capture/check_handshake.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class CudaWithoutGpu : public ::testing::Test {
 protected:
  void SetUp() override {
#ifndef ABTOOL_WITH_CUDA
    GTEST_SKIP() << "this abtool is built without CUDA";
#endif
  }
  TempDir dir_{"abtool-nogpu-"};
};

TEST_F(CudaWithoutGpu, ArchCompilesEveryVariantAndFailsThePointsWithTheReason) {
  ProcessResult run = abtool({"record", "--op", "gemm", "--arch", "sm_90", "--out", (dir_.path() / "A").string(),
                              "--warmup-ms", "5", "--rep-ms", "20", "--rounds", "2"});
  auto meta = read_json(dir_.path() / "A" / "meta.json");
  if (meta["gpu"].contains("name")) GTEST_SKIP() << "a GPU is present here (" << meta["gpu"]["name"] << "): see gpu_e2e";
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  EXPECT_EQ(meta["compiler"]["backend"], "nvrtc");
  EXPECT_EQ(meta["gpu"]["compile_target"], "sm_90");
  std::string log = read_text_file(dir_.path() / "A" / "run.log");
  EXPECT_NE(log.find("gemm: compiled 32 variants for sm_90 (0 failed); no device to run them"), std::string::npos) << log;
  for (const auto& point : read_points(dir_.path() / "A")) {
    EXPECT_EQ(point["status"], "FAILED");
    EXPECT_NE(point["error"].get<std::string>().find("no CUDA device to run on"), std::string::npos) << point.dump();
  }
}

TEST_F(CudaWithoutGpu, WithoutArchACudaOpIsBadInputNamingTheWayOut) {
  ProcessResult run = abtool({"record", "--op", "saxpy", "--out", (dir_.path() / "B").string()});
  if (run.exit_code != 2 && fs::exists(dir_.path() / "B" / "meta.json") &&
      read_json(dir_.path() / "B" / "meta.json")["gpu"].contains("name"))
    GTEST_SKIP() << "a GPU is present here: see gpu_e2e";
  EXPECT_EQ(run.exit_code, 2) << describe(run);
  EXPECT_NE(run.err.find("--arch sm_XX"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "B"));
}

// SASS instructions are counted on a device: with none, --metric instructions is refused before
// anything is written (--counters, a second look only, runs on without them: HardwareCounters).
TEST_F(CudaWithoutGpu, InstructionCountsOfACudaOpNeedADeviceAndSaySo) {
  ProcessResult run = abtool({"record", "--op", "saxpy", "--arch", "sm_90", "--metric", "instructions", "--out",
                              (dir_.path() / "I").string()});
  if (run.exit_code == 0) GTEST_SKIP() << "a GPU is present here: see gpu_e2e GpuCounters";
  EXPECT_EQ(run.exit_code, 2) << describe(run);
  EXPECT_NE(run.err.find("--metric instructions: op saxpy runs on a device, and there is none to count on here: "),
            std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "I"));
}

TEST_F(CudaWithoutGpu, TritonOpsCompileOncePerSpecializationAndFailThePointsWithTheReason) {
  const fs::path python = fs::path(ABTOOL_TEST_TRITON_VENV) / "bin" / "python3";
  if (!fs::exists(python)) GTEST_SKIP() << "no Triton venv at " << python << " (scripts/bootstrap.sh makes it)";
  ProcessResult run = abtool({"record", "--op", "triton_add", "--compiler", "triton:" + python.string(), "--arch", "sm_90",
                              "--shapes", (source_dir() / "shapes" / "smoke.yaml").string(), "--out",
                              (dir_.path() / "T").string(), "--warmup-ms", "5", "--rep-ms", "20", "--rounds", "2"});
  auto meta = read_json(dir_.path() / "T" / "meta.json");
  if (meta["gpu"].contains("name")) GTEST_SKIP() << "a GPU is present here: see gpu_e2e";
  EXPECT_EQ(run.exit_code, 1) << describe(run);
  EXPECT_EQ(meta["compiler"]["backend"], "triton");
  std::string log = read_text_file(dir_.path() / "T" / "run.log");
  // 4 configs, for N = 65536 and 16777216 (n=div16) and for N = 1000001 (no specialization).
  EXPECT_NE(log.find("triton_add: compiled 8 variants for sm_90 (0 failed)"), std::string::npos) << log;
  EXPECT_EQ(read_results(dir_.path() / "T")["points"].size(), 3u);

  ProcessResult missing = abtool({"record", "--op", "triton_add", "--compiler", "triton:/no/such/python", "--arch", "sm_90",
                                  "--out", (dir_.path() / "M").string()});
  EXPECT_EQ(missing.exit_code, 2) << describe(missing);
  EXPECT_NE(missing.err.find("Python interpreter not found: /no/such/python"), std::string::npos) << missing.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "M"));
}

TEST_F(CudaWithoutGpu, ATritonRunStartsItsInterpreterOnceColdAndNotAtAllWarm) {
  const fs::path python = fs::path(ABTOOL_TEST_TRITON_VENV) / "bin" / "python3";
  if (!fs::exists(python)) GTEST_SKIP() << "no Triton venv at " << python << " (scripts/bootstrap.sh makes it)";
  // An interpreter that writes a line per start (the describe, every compile batch).
  const fs::path wrapper = dir_.path() / "logging-python", calls = dir_.path() / "calls.log";
  write_file_atomically(wrapper, "#!/bin/sh\necho \"$@\" >> \"" + calls.string() + "\"\nexec \"" + python.string() + "\" \"$@\"\n");
  fs::permissions(wrapper, fs::perms::owner_all);
  auto record = [&](const std::string& name) {
    return abtool({"record", "--op", "triton_add", "--compiler", "triton:" + wrapper.string(), "--arch", "sm_90",
                   "--shapes", (source_dir() / "shapes" / "smoke.yaml").string(), "--out", (dir_.path() / name).string(),
                   "--cache-dir", (dir_.path() / "cache").string(), "--warmup-ms", "5", "--rep-ms", "20", "--rounds", "2"});
  };
  ProcessResult cold = record("cold");
  if (read_json(dir_.path() / "cold" / "meta.json")["gpu"].contains("name")) GTEST_SKIP() << "a GPU is present here: see gpu_e2e";
  EXPECT_EQ(cold.exit_code, 1) << describe(cold);
  // Cold: one start for the whole run (the fork server: description and every batch).
  const std::string starts = read_file_if_present(calls).value_or("");
  const std::string server = "abtool_triton_compile.py --serve\n";
  EXPECT_TRUE(starts.size() >= server.size() && starts.compare(starts.size() - server.size(), server.size(), server) == 0 &&
              std::count(starts.begin(), starts.end(), '\n') == 1)
      << "the cold run starts the interpreter once:\n" << starts;
  EXPECT_NE(read_text_file(dir_.path() / "cold" / "run.log").find("triton_add: compiled 8 variants for sm_90 (0 failed)"),
            std::string::npos);
  fs::remove(calls);
  ProcessResult warm = record("warm");
  EXPECT_EQ(warm.exit_code, 1) << describe(warm);
  EXPECT_FALSE(fs::exists(calls)) << read_file_if_present(calls).value_or("");
  const std::string log = read_text_file(dir_.path() / "warm" / "run.log");
  EXPECT_NE(log.find("triton_add: compiled 8 variants for sm_90 (0 failed)"), std::string::npos) << log;
  EXPECT_NE(log.find("8 variant(s) from the cache, 0 compiled"), std::string::npos) << log;
  EXPECT_EQ(read_json(dir_.path() / "warm" / "meta.json")["compiler"], read_json(dir_.path() / "cold" / "meta.json")["compiler"])
      << "the remembered description is the one the interpreter gave";
}

// capture's replay check: a record started beside the workload (--after-capture) starts its
// compiler and imports the modules the workload's kernels come from before the capture exists,
// then runs once the capture says so.
TEST_F(CudaWithoutGpu, ARecordAfterACaptureImportsItsLibrariesWhileItWaits) {
  const fs::path python = fs::path(ABTOOL_TEST_TRITON_VENV) / "bin" / "python3";
  if (!fs::exists(python)) GTEST_SKIP() << "no Triton venv at " << python << " (scripts/bootstrap.sh makes it)";
  const fs::path handshake = dir_.path() / "handshake", library = dir_.path() / "library", run = dir_.path() / "T";
  fs::create_directories(handshake);
  fs::create_directories(library);
  // A library whose import leaves a mark: the compile server imported it.
  write_file_atomically(library / "abtool_test_library.py",
                        "import os\nopen(os.path.join(os.path.dirname(__file__), 'imported'), 'w').write(str(os.getpid()))\n");
  write_file_atomically(handshake / "imports-1.txt", "abtool_test_library\nno_such_module_anywhere\n");
  auto record = std::async(std::launch::async, [&] {
    return abtool({"record", "--op", "triton_add", "--compiler", "triton:" + python.string(), "--arch", "sm_90", "--shapes",
                   (source_dir() / "shapes" / "smoke.yaml").string(), "--out", run.string(), "--warmup-ms", "5", "--rep-ms",
                   "20", "--rounds", "2", "--compiler-env", "PYTHONPATH=" + library.string(), "--after-capture",
                   handshake.string()});
  });
  for (int i = 0; i < 1200 && !fs::exists(library / "imported"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_TRUE(fs::exists(library / "imported")) << "the library was not imported while the record waited";
  EXPECT_FALSE(fs::exists(run)) << "the record began before the capture was written";
  capture::release_check(handshake);
  ASSERT_EQ(record.wait_for(std::chrono::minutes(5)), std::future_status::ready);
  const ProcessResult done = record.get();
  if (read_json(run / "meta.json")["gpu"].contains("name")) GTEST_SKIP() << "a GPU is present here: see capture_gpu";
  EXPECT_EQ(done.exit_code, 1) << describe(done);  // its points fail: no GPU
  EXPECT_NE(read_text_file(run / "run.log").find("triton_add: compiled 8 variants for sm_90 (0 failed)"), std::string::npos);

  ProcessResult orphan = abtool({"record", "--op", "triton_add", "--compiler", "triton:" + python.string(), "--arch", "sm_90",
                                 "--out", (dir_.path() / "O").string(), "--after-capture", (dir_.path() / "gone").string()});
  EXPECT_EQ(orphan.exit_code, 2) << describe(orphan);
  EXPECT_NE(orphan.err.find("the capture's folder is gone"), std::string::npos) << orphan.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "O"));
}

// A capture where there is no GPU says so before the workload runs and beside its failure, so
// the workload's own trace (torch: "no CUDA GPUs are available") is not all the user sees.
TEST_F(CudaWithoutGpu, CaptureSaysThereIsNoGpuHere) {
  if (fs::exists("/dev/nvidiactl")) GTEST_SKIP() << "a GPU driver is present here: see capture_gpu";
  for (const auto& [code, failure] : {std::pair<std::string, std::string>{"import sys; sys.exit(3)", "exited with status 3"},
                                      {"pass", "launched no Triton kernel"}}) {
    ProcessResult run = abtool({"capture", "--out", (dir_.path() / "cap").string(), "--", "python3", "-c", code});
    EXPECT_EQ(run.exit_code, 2) << describe(run);
    EXPECT_EQ(run.err.find("abtool capture: no CUDA GPU on this machine ("), 0u) << run.err;
    const size_t error = run.err.find("abtool capture: error: `python3 -c");  // the command named once
    ASSERT_NE(error, std::string::npos) << run.err;
    const std::string line = run.err.substr(error);
    EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line: " << line;
    EXPECT_NE(line.find(failure), std::string::npos) << line;
    EXPECT_NE(line.find("this machine has no CUDA GPU"), std::string::npos) << line;
    EXPECT_FALSE(fs::exists(dir_.path() / "cap"));
  }
  // Issue 63: a workload whose shell reports a SIGSEGV (exit 139) was said to exit with status 139
  // on a machine with no GPU, the GPU blamed. The signal is named, the GPU is not.
  ProcessResult crashed = abtool({"capture", "--out", (dir_.path() / "cap").string(), "--", "bash", "-c",
                                  "python3 -c 'import os, signal; os.kill(os.getpid(), signal.SIGSEGV)'; exit $?"});
  EXPECT_EQ(crashed.exit_code, 2) << describe(crashed);
  EXPECT_NE(crashed.err.find("exited with status 139 (128 + 11: a process it ran was killed by SIGSEGV)"), std::string::npos)
      << crashed.err;
  EXPECT_EQ(crashed.err.find("this machine has no CUDA GPU, so run"), std::string::npos) << crashed.err;
}

}  // namespace abt::e2e
