// --gpus LIST|all (worker/gpu_fleet.h) without GPUs: ABTOOL_TEST_GPUS stands in for three
// devices of one model, the points are host ops. What is checked is the orchestration: one run
// directory whose points and configs are the single-device run's, a replay spread over two
// "GPUs" that diff takes as an in-process pair, one progress line, refusals before anything is
// created, and a stopped run that keeps its parts and is finished by --resume. The real devices
// (GPU index and UUID per point, wall time) are measured by gpu_e2e and bench/RESULTS.md.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <boost/process.hpp>
#include <chrono>
#include <fstream>
#include <set>
#include <thread>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;
namespace bp = boost::process;
namespace {

const std::map<std::string, std::string> kThreeGpus{{"ABTOOL_TEST_GPUS", "Stand-in GPU;Stand-in GPU;Stand-in GPU"},
                                                    {"ABTOOL_PROGRESS_S", "0.2"}};

std::vector<std::string> point_ids(const fs::path& run) {
  std::vector<std::string> ids;
  const nlohmann::json results = read_results(run);
  for (const auto& point : results["points"])
    ids.push_back(point["op"].get<std::string>() + "/" + point["shape_text"].get<std::string>());
  return ids;
}

}  // namespace

class GpuFleet : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-fleet-");
    // fixture_tunable's WAY=1 is some 30x faster than WAY=2: every sweep picks it, so the
    // configs of the spread and the single run must agree exactly.
    std::ofstream(shapes()) << "fixture_tunable:\n  shapes: [[1024], [2048], [4096], [8192], [16384], [32768], [3000]]\n";
    ASSERT_EQ(run(whole(), {}).exit_code, 0);
    fleet_ = new ProcessResult(run(fleet(), {"--gpus", "all"}));
    ASSERT_EQ(fleet_->exit_code, 0) << describe(*fleet_);
  }
  static void TearDownTestSuite() {
    delete fleet_;
    delete dir_;
  }
  static std::vector<std::string> record_args(const fs::path& out, const std::vector<std::string>& extra) {
    std::vector<std::string> args{"record", "--out", out.string(), "--compiler", "host:g++", "--ops-dir",
                                  fixture_ops().string(), "--shapes", shapes().string()};
    args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }
  static ProcessResult run(const fs::path& out, const std::vector<std::string>& extra,
                           const std::map<std::string, std::string>& env = kThreeGpus) {
    return abtool(record_args(out, extra), env);
  }
  static fs::path shapes() { return dir_->path() / "shapes.yaml"; }
  static fs::path whole() { return dir_->path() / "whole"; }
  static fs::path fleet() { return dir_->path() / "fleet"; }
  static TempDir* dir_;
  static ProcessResult* fleet_;
};
TempDir* GpuFleet::dir_ = nullptr;
ProcessResult* GpuFleet::fleet_ = nullptr;

TEST_F(GpuFleet, ThreeGpusMakeOneRunWithTheSingleRunsPointsAndConfigs) {
  auto spread = read_results(fleet()), single = read_results(whole());
  EXPECT_TRUE(spread["complete"].get<bool>());
  EXPECT_EQ(spread["planned"], single["planned"]);
  EXPECT_EQ(point_ids(fleet()), point_ids(whole())) << "merged in plan order";
  for (size_t i = 0; i < spread["points"].size(); ++i) {
    EXPECT_EQ(spread["points"][i]["config"], single["points"][i]["config"]);
    EXPECT_EQ(spread["points"][i]["status"], "SUCCESS");
  }
  auto meta = read_json(fleet() / "meta.json");
  EXPECT_EQ(meta["status"], "finished");
  EXPECT_TRUE(meta["selection"]["shard"].is_null());
  const std::string command = meta["command_line"].dump();
  EXPECT_NE(command.find("\"--gpus\",\"all\""), std::string::npos) << "the user's command line: " << command;
  // The parts are gone once merged; the run's files are those of any run.
  EXPECT_FALSE(fs::exists(fleet() / "parts"));
  EXPECT_FALSE(fs::exists(fleet() / "gpus.json"));
  for (const char* file : {"run.log", "meta.json", "results.json", "shapes.yaml", "autotune.sqlite", "ir/index.tsv"})
    EXPECT_TRUE(fs::exists(fleet() / file)) << file;
  EXPECT_EQ(read_tsv(fleet() / "ir" / "index.tsv").size(), read_tsv(whole() / "ir" / "index.tsv").size());
  const std::string log = read_text_file(fleet() / "run.log");
  EXPECT_NE(log.find("abtool record on 3 GPUs of one model (GPU 0 GPU-test-0, GPU 1 GPU-test-1, GPU 2 GPU-test-2)"),
            std::string::npos)
      << log.substr(0, 400);
  for (const char* part : {"shard 1/3", "shard 2/3", "shard 3/3"}) EXPECT_NE(log.find(part), std::string::npos) << part;
}

TEST_F(GpuFleet, OneProgressLineForAllGpusAndOneResultTable) {
  EXPECT_NE(fleet_->out.find("abtool record on 3 Stand-in GPU GPUs: 0 (GPU-test-0), 1 (GPU-test-1), 2 (GPU-test-2)"),
            std::string::npos)
      << fleet_->out;
  EXPECT_NE(fleet_->out.find("7 points: 7 SUCCESS, 0 FAILED"), std::string::npos) << fleet_->out;
  EXPECT_NE(fleet_->out.find("7 points on 3 GPUs, merged\nrun directory: " + fleet().string() + "\n"), std::string::npos)
      << fleet_->out;
  EXPECT_NE(fleet_->err.find("abtool: record on 3 GPUs "), std::string::npos) << "a plain progress line: " << fleet_->err;
  EXPECT_NE(fleet_->err.find("(gpu0 "), std::string::npos) << fleet_->err;
  EXPECT_EQ(fleet_->err.find("\x1b"), std::string::npos) << "no control codes off a terminal";
}

TEST_F(GpuFleet, AReplaySpreadOverTwoGpusIsAnInProcessPairForDiff) {
  fs::path b = dir_->path() / "b";
  ProcessResult replayed = abtool({"replay", "--from", fleet().string(), "--out", b.string(), "--gpus", "0,2"}, kThreeGpus);
  ASSERT_EQ(replayed.exit_code, 0) << describe(replayed);
  EXPECT_EQ(read_json(b / "meta.json")["mode"], "replay");
  EXPECT_EQ(point_ids(b), point_ids(fleet()));
  const nlohmann::json replayed_points = read_results(b)["points"];
  for (const auto& point : replayed_points)
    EXPECT_FALSE(point["baseline"].is_null()) << "A's binary ran beside B's, in the same worker: " << point["shape_text"];
  ProcessResult diff = abtool({"diff", fleet().string(), b.string(), "--format", "json"});
  ASSERT_EQ(diff.exit_code, 0) << describe(diff);
  auto report = nlohmann::json::parse(diff.out);
  EXPECT_EQ(report["counts"]["MISSING"], 0);
  EXPECT_EQ(report["points"].size(), 7u);
  for (const auto& row : report["points"]) EXPECT_TRUE(row["in_process_pair"].get<bool>()) << row["point"];
  EXPECT_TRUE(report["warnings"].dump().find("not a replay") == std::string::npos) << report["warnings"];
}

TEST_F(GpuFleet, RefusesBeforeCreatingAnything) {
  auto refused = [&](const std::string& name, const std::vector<std::string>& extra,
                     const std::map<std::string, std::string>& env, const std::string& words) {
    fs::path out = dir_->path() / ("refused_" + name);
    ProcessResult result = run(out, extra, env);
    EXPECT_EQ(result.exit_code, 2) << name << ": " << describe(result);
    EXPECT_NE(result.err.find(words), std::string::npos) << name << ": " << result.err;
    EXPECT_FALSE(fs::exists(out)) << name << ": nothing is created";
  };
  refused("mixed", {"--gpus", "all"}, {{"ABTOOL_TEST_GPUS", "NVIDIA H200;NVIDIA A100"}},
          "--gpus all: one run measures one GPU model, but GPU 0 is NVIDIA H200 and GPU 1 is NVIDIA A100");
  refused("absent", {"--gpus", "0,3"}, kThreeGpus, "--gpus 0,3: there is no GPU 3 (this machine shows 3: 0 to 2)");
  refused("twice", {"--gpus", "1,1"}, kThreeGpus, "GPU 1 is named twice");
  refused("text", {"--gpus", "first"}, kThreeGpus, "'first' is not a GPU index");
  refused("with_shard", {"--gpus", "all", "--shard", "1/2"}, kThreeGpus, "--shard");
  refused("with_gpu", {"--gpus", "all", "--gpu", "1"}, kThreeGpus, "--gpu");
  // Bad input that every part meets: said once, as a single run says it, and no run is left.
  fs::path out = dir_->path() / "refused_op";
  std::vector<std::string> args = record_args(out, {"--gpus", "all"});
  args.insert(args.end(), {"--op", "no_such_op"});
  ProcessResult result = abtool(args, kThreeGpus);
  EXPECT_EQ(result.exit_code, 2) << describe(result);
  const std::string said = "abtool record: error: unknown op 'no_such_op'";
  ASSERT_NE(result.err.find(said), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find(said), result.err.rfind(said)) << "said once: " << result.err;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(GpuFleet, AStoppedRunKeepsItsPartsAndResumeFinishesAndMergesThem) {
  // cpu_matmul at these sizes: six points a part, a few seconds in all.
  fs::path slow_shapes = dir_->path() / "slow.yaml";
  {
    std::ofstream yaml(slow_shapes);
    yaml << "cpu_matmul:\n  shapes:\n";
    for (int m : {128, 160, 192})
      for (int n : {128, 160, 192})
        for (int k : {128, 192}) yaml << "    - [" << m << ", " << n << ", " << k << "]\n";
  }
  fs::path out = dir_->path() / "stopped";
  std::vector<std::string> args{"record", "--out", out.string(), "--compiler", "host:g++", "--ops-dir",
                                (source_dir() / "examples" / "ops").string(), "--shapes", slow_shapes.string(),
                                "--gpus", "all", "--warmup-ms", "5", "--rep-ms", "100", "--rounds", "2"};
  bp::environment env = boost::this_process::environment();
  for (const auto& [key, value] : kThreeGpus) env[key] = value;
  bp::child parent(ABTOOL_BINARY, bp::args(args), bp::std_out > bp::null, bp::std_err > bp::null, env);
  // Until every part's run directory exists, then SIGINT to the parent alone: it passes it on.
  auto points_in = [&](const std::string& part) {
    try {
      return read_results(out / "parts" / part)["points"].size();
    } catch (const std::exception&) {
      return size_t(0);
    }
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  auto started = [&] {
    for (const char* part : {"gpu0", "gpu1", "gpu2"})
      if (!fs::exists(out / "parts" / part / "meta.json")) return false;
    return true;
  };
  while (!started() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::kill(parent.id(), SIGINT);
  parent.wait();
  const int status = parent.native_exit_code();
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  ASSERT_TRUE(fs::exists(out / "gpus.json"));
  EXPECT_FALSE(fs::exists(out / "meta.json")) << "not merged";
  size_t before = 0, interrupted = 0;
  for (const char* part : {"gpu0", "gpu1", "gpu2"}) {
    const std::string status = read_json(out / "parts" / part / "meta.json")["status"];
    EXPECT_TRUE(status == "interrupted" || status == "finished") << part << ": " << status;
    interrupted += status == "interrupted";
    before += points_in(part);
  }
  EXPECT_GE(interrupted, 1u);
  EXPECT_LT(before, 18u) << "stopped midway";

  // Until merged, readers say where the parts are and how to finish them.
  for (const std::vector<std::string>& reader : {std::vector<std::string>{"diff", out.string(), out.string()},
                                                 std::vector<std::string>{"replay", "--from", out.string()}}) {
    ProcessResult refused = abtool(reader, kThreeGpus);
    EXPECT_EQ(refused.exit_code, 2) << describe(refused);
    EXPECT_NE(refused.err.find("a --gpus run whose parts are not merged yet"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("`abtool record --resume " + out.string() + "` finishes and merges them"), std::string::npos)
        << refused.err;
  }

  ProcessResult resumed = abtool({"record", "--resume", out.string()}, kThreeGpus);
  ASSERT_EQ(resumed.exit_code, 0) << describe(resumed);
  EXPECT_FALSE(fs::exists(out / "gpus.json"));
  EXPECT_FALSE(fs::exists(out / "parts"));
  auto results = read_results(out);
  EXPECT_TRUE(results["complete"].get<bool>());
  const std::vector<std::string> ids = point_ids(out);
  EXPECT_EQ(ids.size(), 18u) << describe(resumed);
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), 18u) << "every point once";
  EXPECT_EQ(read_json(out / "meta.json")["status"], "finished");
  ProcessResult again = abtool({"record", "--resume", out.string()}, kThreeGpus);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("this run finished"), std::string::npos) << again.err;
}

}  // namespace abt::e2e
