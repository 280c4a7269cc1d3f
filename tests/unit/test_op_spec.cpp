#include <gtest/gtest.h>

#include "opspec/op_spec.h"
#include "spec_fixture.h"
#include "util/errors.h"

namespace abt {
using testing::kValidSpec;
using testing::replaced;

// The error message of loading `yaml`, which must be an InputError.
std::string load_error(const std::string& yaml) {
  testing::SpecFolder folder;
  auto file = folder.write(yaml);
  try {
    load_op_spec(file);
  } catch (const InputError& error) {
    std::string message = error.what();
    EXPECT_NE(message.find(file.string()), std::string::npos) << message;  // names the file
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;          // one line
    return message;
  }
  ADD_FAILURE() << "spec was accepted";
  return "";
}

TEST(OpSpec, LoadsEveryField) {
  testing::SpecFolder folder;
  OpSpec spec = load_op_spec(folder.write(kValidSpec));
  EXPECT_EQ(spec.name, "toy");
  EXPECT_EQ(spec.dims, (std::vector<std::string>{"M", "N"}));
  ASSERT_EQ(spec.tune.size(), 2u);
  EXPECT_EQ(spec.config_space().size(), 2u);
  EXPECT_EQ(spec.args.size(), 3u);
  EXPECT_EQ(spec.args[2].kind, ArgKind::out);
  EXPECT_DOUBLE_EQ(spec.flops.eval(spec.symbols({3, 5}, DType::fp32, {})), 30);
  EXPECT_DOUBLE_EQ(spec.bytes.eval(spec.symbols({3, 5}, DType::fp32, {})), 120);
}

TEST(OpSpec, ConfigSpaceIsTheCartesianProductInDeclarationOrder) {
  testing::SpecFolder folder;
  OpSpec spec = load_op_spec(folder.write(replaced(kValidSpec, "num_warps: [4]", "num_warps: [4, 8]")));
  auto space = spec.config_space();
  ASSERT_EQ(space.size(), 4u);
  EXPECT_EQ(config_text(space[0]), "BLOCK_M=16 num_warps=4");
  EXPECT_EQ(config_text(space[3]), "BLOCK_M=32 num_warps=8");
  Config shuffled{{"num_warps", "8"}, {"BLOCK_M", "16"}};
  EXPECT_EQ(config_text(*spec.canonical_config(shuffled)), "BLOCK_M=16 num_warps=8");
  EXPECT_FALSE(spec.canonical_config({{"BLOCK_M", "16"}}).has_value());
}

TEST(OpSpec, ExampleOpsLoad) {
  for (const char* name : {"cpu_saxpy", "cpu_softmax", "cpu_matmul", "saxpy", "softmax", "rmsnorm", "transpose", "gemm",
                           "moe_gather", "triton_add", "triton_softmax", "triton_layernorm", "triton_matmul"}) {
    OpSpec spec = find_op_spec(std::filesystem::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", name);
    EXPECT_EQ(spec.name, name);
    EXPECT_FALSE(spec.reference.kernel.empty());
  }
  OpSpec matmul = find_op_spec(std::filesystem::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "cpu_matmul");
  EXPECT_GE(matmul.tune.size(), 3u);
  EXPECT_GE(matmul.config_space().size(), 12u);
}

TEST(OpSpec, CudaOpsDeclareTheirLaunchAndAReadBackPrologue) {
  const auto ops = std::filesystem::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops";
  OpSpec gemm = find_op_spec(ops, "gemm");
  EXPECT_EQ(gemm.language, Language::cuda);
  EXPECT_GE(gemm.config_space().size(), 24u);
  ASSERT_TRUE(gemm.launch && gemm.reference.launch);
  EXPECT_TRUE(gemm.tensor_peak);
  OpSpec moe = find_op_spec(ops, "moe_gather");
  ASSERT_TRUE(moe.prologue);
  EXPECT_EQ(moe.prologue->kernel, "route_rows");
  EXPECT_EQ(moe.prologue->read_as, "routed");
  EXPECT_EQ(moe.args[moe.prologue->read_arg].name, "count");
  EXPECT_EQ(moe.args[moe.prologue->read_arg].kind, ArgKind::scratch);
}

TEST(OpSpec, CudaSpecErrorsNameTheField) {
  const std::string cuda = replaced(replaced(kValidSpec, "language: cpp", "language: cuda"),
                                    "reference: {source: toy.cpp, kernel: toy}",
                                    "reference: {source: toy.cpp, kernel: toy, launch: {grid: [M], block: [32]}}");
  EXPECT_NE(load_error(cuda).find("launch: cuda ops need a launch"), std::string::npos) << load_error(cuda);
  const std::string launched = cuda + "launch: {grid: [M], block: [BLOCK_M]}\n";
  EXPECT_NO_THROW(load_op_spec(testing::SpecFolder().write(launched)));
  std::string message = load_error(replaced(launched, "grid: [M]", "grid: [\"cdiv(M\", BLOCK_M)\"]"));
  EXPECT_NE(message.find("quote an expression"), std::string::npos) << message;
  // A prologue must read an integer buffer back.
  message = load_error(replaced(launched, "block: [BLOCK_M]}", "block: [BLOCK_M], before: {kernel: k, grid: [1], block: [1], read: {arg: x, as: q}}}"));
  EXPECT_NE(message.find("launch.before.read.arg: 'x' must name an i32 or i64 buffer"), std::string::npos) << message;
  // A grid that divides by zero is refused when the op is loaded, not when its first point runs.
  auto with_grid = [&](const std::string& grid) {
    return replaced(launched, "launch: {grid: [M], block: [BLOCK_M]}", "launch: {grid: [\"" + grid + "\"], block: [BLOCK_M]}");
  };
  message = load_error(with_grid("M/0"));
  EXPECT_NE(message.find(": launch.grid: expression 'M/0' is not a finite number for any size tried"), std::string::npos) << message;
  message = load_error(with_grid("cdiv(M, BLOCK_M - BLOCK_M)"));
  EXPECT_NE(message.find("expression 'cdiv(M, BLOCK_M - BLOCK_M)' is not a finite number"), std::string::npos) << message;
  // A pole at some sizes only is not refused: the sizes that reach it are.
  EXPECT_NO_THROW(load_op_spec(testing::SpecFolder().write(with_grid("M/(M-4096)"))));
}

TEST(OpSpec, TritonOpsLeaveTheBlockAndSharedMemoryToTriton) {
  const std::string triton = replaced(replaced(kValidSpec, "language: cpp", "language: triton"),
                                      "reference: {source: toy.cpp, kernel: toy}",
                                      "reference: {source: toy.cpp, kernel: toy, launch: {grid: [M], block: [32]}}");
  std::string message = load_error(triton);
  EXPECT_NE(message.find("launch: triton ops need a launch: {grid}"), std::string::npos) << message;
  OpSpec spec = load_op_spec(testing::SpecFolder().write(triton + "launch: {grid: [\"cdiv(M, BLOCK_M)\"]}\n"));
  ASSERT_TRUE(spec.launch);
  EXPECT_TRUE(spec.launch->block.empty());
  message = load_error(triton + "launch: {grid: [M], block: [num_warps*32]}\n");
  EXPECT_NE(message.find("launch.block: a Triton kernel's block comes from the compiled kernel"), std::string::npos) << message;
  message = load_error(triton + "launch: {grid: [M], shared: 1024}\n");
  EXPECT_NE(message.find("launch.shared"), std::string::npos) << message;
  message = load_error(triton + "launch: {grid: [M], before: {kernel: k, grid: [1], block: [1], read: {arg: m, as: q}}}\n");
  EXPECT_NE(message.find("launch.before: a Triton module holds one kernel"), std::string::npos) << message;
}

TEST(OpSpec, MalformedYamlNamesTheLine) {
  std::string message = load_error(replaced(kValidSpec, "dims: [M, N]", "dims: [M, N"));
  EXPECT_NE(message.find("malformed YAML"), std::string::npos) << message;
}

TEST(OpSpec, UnknownFieldIsRejected) {
  std::string message = load_error(std::string(kValidSpec) + "colour: blue\n");
  EXPECT_NE(message.find(":20: colour: unknown field"), std::string::npos) << message;
}

TEST(OpSpec, MissingSourceIsRejected) {
  std::string message = load_error(replaced(kValidSpec, "source: toy.cpp", "source: gone.cpp"));
  EXPECT_NE(message.find("source: file not found"), std::string::npos) << message;
}

TEST(OpSpec, UnknownSymbolInAnExpressionIsRejected) {
  std::string message = load_error(replaced(kValidSpec, "flops: 2*M*N", "flops: 2*M*Q"));
  EXPECT_NE(message.find("metrics.flops"), std::string::npos) << message;
  EXPECT_NE(message.find("unknown symbol 'Q'"), std::string::npos) << message;
}

TEST(OpSpec, EmptyTuneListIsRejected) {
  std::string message = load_error(replaced(kValidSpec, "BLOCK_M: [16, 32]", "BLOCK_M: []"));
  EXPECT_NE(message.find("tune.BLOCK_M: empty tune list"), std::string::npos) << message;
}

TEST(OpSpec, UnknownDtypeIsRejected) {
  std::string message = load_error(replaced(kValidSpec, "dtypes: [fp32]", "dtypes: [fp33]"));
  EXPECT_NE(message.find("unknown dtype 'fp33'"), std::string::npos) << message;
}

TEST(OpSpec, HostOpsCannotTakeHalfPrecision) {
  std::string message = load_error(replaced(kValidSpec, "dtypes: [fp32]", "dtypes: [bf16]"));
  EXPECT_NE(message.find("no host C++ type"), std::string::npos) << message;
}

TEST(OpSpec, MissingReferenceIsRejectedUnlessVerificationIsSkipped) {
  std::string without_reference = replaced(kValidSpec, "reference: {source: toy.cpp, kernel: toy}\n", "");
  EXPECT_NE(load_error(without_reference).find("reference: required field is missing"), std::string::npos);
  testing::SpecFolder folder;
  OpSpec spec = load_op_spec(folder.write(replaced(without_reference, "  fp32: {rtol: 1.0e-5, atol: 1.0e-6}",
                                                   "  skip: \"output is random by design\"")));
  EXPECT_EQ(spec.tolerance(DType::fp32).mode, Tolerance::Mode::skip);
}

TEST(OpSpec, UnknownOpListsTheKnownOnes) {
  try {
    find_op_spec(std::filesystem::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "no_such_op");
    FAIL();
  } catch (const InputError& error) {
    std::string message = error.what();
    EXPECT_NE(message.find("unknown op 'no_such_op'"), std::string::npos);
    EXPECT_NE(message.find("cpu_matmul"), std::string::npos);
  }
}

}  // namespace abt
