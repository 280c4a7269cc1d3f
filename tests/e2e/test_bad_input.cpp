// Bad input: one clear error line naming the file/field/point, exit code 2, no run directory.
#include <gtest/gtest.h>

#include <fstream>

#include "abtool_runner.h"

namespace abt::e2e {
namespace fs = std::filesystem;

class BadInput : public ::testing::Test {
 protected:
  // Runs `record` with `args`, expects exit 2 with `expected` in a one-line error, and no run dir.
  void expect_rejected(std::vector<std::string> args, const std::string& expected) {
    std::vector<std::string> full{"record", "--out", out().string()};
    full.insert(full.end(), args.begin(), args.end());
    if (std::find(args.begin(), args.end(), "--compiler") == args.end()) full.insert(full.end(), {"--compiler", "host:g++"});
    full.insert(full.end(), kQuickTiming.begin(), kQuickTiming.end());
    ProcessResult result = abtool(full);
    EXPECT_EQ(result.exit_code, 2) << describe(result);
    EXPECT_NE(result.err.find(expected), std::string::npos) << describe(result);
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << "one line: " << result.err;
    EXPECT_FALSE(fs::exists(out())) << "a rejected run must not create its directory";
  }
  fs::path write(const std::string& name, const std::string& text) {
    fs::path file = dir_.path() / name;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }
  // A copy of cpu_saxpy's spec folder with `from` replaced by `to` in op.yaml.
  fs::path ops_with(const std::string& from, const std::string& to) {
    return ops_with_edit(dir_.path(), "cpu_saxpy", from, to);
  }
  fs::path out() const { return dir_.path() / "run"; }
  TempDir dir_{"abtool-bad-"};
};

TEST_F(BadInput, MalformedShapeYaml) {
  auto shapes = write("bad.yaml", "cpu_saxpy:\n  shapes:\n    - [1024\n");
  expect_rejected({"--shapes", shapes.string()}, shapes.string() + ":");
}

TEST_F(BadInput, UnknownOp) {
  expect_rejected({"--op", "cpu_nothing", "--shapes", tiny_shapes().string()}, "unknown op 'cpu_nothing'");
}

TEST_F(BadInput, ShapeArityMismatch) {
  auto shapes = write("arity.yaml", "cpu_matmul:\n  shapes:\n    - [64, 64, 64]\n    - [64, 64]\n");
  expect_rejected({"--shapes", shapes.string()},
                  shapes.string() + ":4: cpu_matmul.shapes[1]: shape has 2 dimensions but cpu_matmul has 3");
}

TEST_F(BadInput, NonPositiveDimension) {
  auto shapes = write("zero.yaml", "cpu_saxpy:\n  shapes:\n    - [-4]\n");
  expect_rejected({"--shapes", shapes.string()}, shapes.string() + ":3: cpu_saxpy.shapes[0]: non-positive dimension -4");
}

TEST_F(BadInput, UnknownDtype) {
  expect_rejected({"--op", "cpu_saxpy", "--shapes", tiny_shapes().string(), "--dtypes", "fp33"},
                  "--dtypes: unknown dtype 'fp33'");
  auto shapes = write("dtype.yaml", "cpu_saxpy:\n  shapes: [[64]]\n  dtypes: [int4]\n");
  expect_rejected({"--shapes", shapes.string()}, "unknown dtype 'int4'");
}

TEST_F(BadInput, EmptyTuneList) {
  auto ops = ops_with("UNROLL: [1, 4, 8]", "UNROLL: []");
  expect_rejected({"--ops-dir", ops.string(), "--op", "cpu_saxpy", "--shapes", tiny_shapes().string()},
                  "tune.UNROLL: empty tune list");
}

TEST_F(BadInput, MissingKernelSource) {
  auto ops = ops_with("source: saxpy.cpp", "source: gone.cpp");
  expect_rejected({"--ops-dir", ops.string(), "--op", "cpu_saxpy", "--shapes", tiny_shapes().string()},
                  "op.yaml:4: source: file not found");
}

TEST_F(BadInput, CompilerThatDoesNotExist) {
  expect_rejected({"--op", "cpu_saxpy", "--shapes", tiny_shapes().string(), "--compiler", "host:/opt/no/g++"},
                  "--compiler host:/opt/no/g++: compiler not found: /opt/no/g++");
}

TEST_F(BadInput, UsageErrorsAreExitCode2) {
  ProcessResult result = abtool({"record", "--timer", "sundial"});
  EXPECT_EQ(result.exit_code, 2) << describe(result);
  EXPECT_EQ(abtool({"frobnicate"}).exit_code, 2);
  EXPECT_EQ(abtool({"diff", "/nonexistent/a", "/nonexistent/b"}).exit_code, 2);
}

TEST_F(BadInput, ExistingRunIsNeverOverwritten) {
  write("run/results.json", "{\"precious\": true}");
  ProcessResult result = abtool({"record", "--out", out().string(), "--op", "cpu_saxpy", "--shapes",
                                 tiny_shapes().string(), "--compiler", "host:g++"});
  EXPECT_EQ(result.exit_code, 2) << describe(result);
  EXPECT_NE(result.err.find("exists and is not empty"), std::string::npos);
  EXPECT_EQ(read_text_file(out() / "results.json"), "{\"precious\": true}");
}

// A metric with a pole at a point's size is accepted when the op loads (it is finite elsewhere),
// but gives that point no figure: no GFLOP/s of inf in the table or the files.
TEST_F(BadInput, AMetricWithAPoleAtAPointGivesNoFigureThere) {
  const fs::path ops = ops_with_edit(dir_.path(), "cpu_saxpy", "flops: 2*N", "flops: 2*N/(N-4096)");
  ProcessResult result = abtool({"record", "--out", out().string(), "--op", "cpu_saxpy", "--ops-dir", ops.string(), "--shapes",
                                 tiny_shapes().string(), "--compiler", "host:g++", "--warmup-ms", "1", "--rep-ms", "4",
                                 "--rounds", "2"});
  ASSERT_EQ(result.exit_code, 0) << describe(result);
  EXPECT_EQ(result.out.find("inf"), std::string::npos) << result.out;
  const nlohmann::json point = read_results(out())["points"][0];
  EXPECT_EQ(point["shape_text"], "4096");
  EXPECT_FALSE(point["roofline"].contains("flops")) << point["roofline"].dump();
  EXPECT_FALSE(point["roofline"].contains("tflops")) << point["roofline"].dump();
  EXPECT_TRUE(point["roofline"].contains("bytes")) << "the other metric keeps its figure";
}

}  // namespace abt::e2e
