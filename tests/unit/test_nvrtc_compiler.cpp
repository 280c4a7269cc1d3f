// The NVRTC backend's compile and IR path, for an explicit target: needs no GPU.
#include <gtest/gtest.h>

#include <fstream>

#include "nvcc_compiler.h"   // internal: find_ptx_entry
#include "nvrtc_compiler.h"  // internal: parse_nvrtc_times
#include "compilers/compiler.h"
#include "opspec/op_spec.h"
#include "util/process.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/sha256.h"

namespace abt {

class NvrtcTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_.path() / "scale.cu") << "#if BLOCK != 128 && BLOCK != 256\n#error \"unsupported BLOCK\"\n#endif\n"
                                               "extern \"C\" __global__ void scale(long long n, const ABT_DTYPE* x, ABT_DTYPE* y) {\n"
                                               "  long long i = (long long)blockIdx.x * BLOCK + threadIdx.x;\n"
                                               "  if (i < n) y[i] = 2 * x[i];\n}\n"
                                               "template <int K> __global__ void cxx_kernel(float* y) { y[threadIdx.x] = K; }\n"
                                               "template __global__ void cxx_kernel<3>(float*);\n";
  }
  CompileJob job(const std::string& kernel, Config config, const std::string& sub) {
    std::filesystem::create_directories(dir_.path() / sub);
    return CompileJob{dir_.path() / "scale.cu", kernel, nullptr, std::move(config), DType::fp32, dir_.path() / sub, {}};
  }
  TempDir dir_{"abtool-nvrtc-"};
};

TEST_F(NvrtcTest, CompilesCubinAndPtxForTheTarget) {
  auto compiler = make_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  EXPECT_EQ(compiler->fingerprint().backend, BackendKind::nvrtc);
  EXPECT_EQ(compiler->fingerprint().version.rfind("NVRTC ", 0), 0u) << compiler->fingerprint().version;
  EXPECT_EQ(compiler->fingerprint().sha256, sha256_of_file(compiler->fingerprint().path));
  EXPECT_TRUE(compiler->accepts(Language::cuda));
  EXPECT_FALSE(compiler->accepts(Language::cpp));

  CompiledVariant variant = compiler->compile(job("scale", {{"BLOCK", "128"}}, "a"));
  ASSERT_TRUE(variant.ok) << variant.log;
  EXPECT_EQ(variant.entry_symbol, "scale");
  std::string cubin = read_text_file(variant.binary);
  EXPECT_EQ(cubin.substr(0, 4), "\x7f" "ELF");
  EXPECT_EQ(variant.binary_hash, sha256_of_file(variant.binary.string()));
  std::string ptx = read_text_file(variant.ir.at("ptx"));
  EXPECT_NE(ptx.find(".target sm_90"), std::string::npos);
  EXPECT_NE(ptx.find(".entry scale("), std::string::npos);
  EXPECT_EQ(ptx.find(dir_.path().string()), std::string::npos) << "temporary paths leak into the PTX";
}

// NVRTC's own phases as the variant's stages (its --time table): front end, NVVM, and the PTX
// translation (ptxas inside NVRTC), each with its wall time.
TEST_F(NvrtcTest, ItsPhasesAreTheVariantsStages) {
  auto compiler = make_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  const CompiledVariant variant = compiler->compile(job("scale", {{"BLOCK", "128"}}, "timed"));
  ASSERT_TRUE(variant.ok) << variant.log;
  std::vector<std::string> stages;
  for (const CompileStage& stage : variant.profile.stages) {
    stages.push_back(stage.name);
    EXPECT_TRUE(stage.ms && *stage.ms >= 0) << stage.name;
  }
  EXPECT_EQ(stages, (std::vector<std::string>{"CUDA C++ Frontend", "NVVM Optimizer", "PTX Translation"}));
}

TEST(NvrtcTimes, TheTableIsReadRowByRowAndWhatIsNotAPhaseIsLeftOut) {
  const auto stages = parse_nvrtc_times(
      "File name, phase name, metric, unit\nk.cu, CUDA C++ Frontend, 23, ms\nk.cu, NVVM Optimizer, 12.5, ms\n"
      "k.cu, NVVM Optimizer, 1, ms\nk.cu, Peak memory, 40, MB\ngarbage\nk.cu, PTX Translation, x, ms\n");
  ASSERT_EQ(stages.size(), 2u);
  EXPECT_EQ(stages[0].name, "CUDA C++ Frontend");
  EXPECT_EQ(*stages[0].ms, 23);
  EXPECT_EQ(*stages[1].ms, 13.5) << "a phase given twice is summed";
  EXPECT_TRUE(parse_nvrtc_times("").empty());
}

TEST_F(NvrtcTest, ConfigMacrosReachTheSourceAndChangeTheCode) {
  auto compiler = make_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  CompiledVariant a = compiler->compile(job("scale", {{"BLOCK", "128"}}, "a"));
  CompiledVariant b = compiler->compile(job("scale", {{"BLOCK", "256"}}, "b"));
  ASSERT_TRUE(a.ok && b.ok);
  EXPECT_NE(a.binary_hash, b.binary_hash);
  CompiledVariant bad = compiler->compile(job("scale", {{"BLOCK", "64"}}, "c"));
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.log.find("unsupported BLOCK"), std::string::npos) << bad.log;
}

TEST_F(NvrtcTest, UserFlagsChangeTheCode) {
  auto plain = make_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  auto debug = make_compiler(parse_compiler_spec("nvrtc", "-G", {}), "sm_90");
  EXPECT_EQ(debug->fingerprint().flags.back(), "-G");
  CompiledVariant a = plain->compile(job("scale", {{"BLOCK", "128"}}, "a"));
  CompiledVariant b = debug->compile(job("scale", {{"BLOCK", "128"}}, "b"));
  ASSERT_TRUE(a.ok && b.ok) << b.log;
  EXPECT_NE(read_text_file(a.ir.at("ptx")), read_text_file(b.ir.at("ptx")));
}

TEST_F(NvrtcTest, CxxKernelsAreFoundByTheirLoweredName) {
  auto compiler = make_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  CompiledVariant variant = compiler->compile(job("cxx_kernel<3>", {{"BLOCK", "128"}}, "a"));
  ASSERT_TRUE(variant.ok) << variant.log;
  EXPECT_EQ(variant.entry_symbol.rfind("_Z", 0), 0u) << variant.entry_symbol;
  CompiledVariant missing = compiler->compile(job("no_such_kernel", {{"BLOCK", "128"}}, "b"));
  EXPECT_FALSE(missing.ok);
}

TEST_F(NvrtcTest, ALibraryThatIsNotNvrtcIsAnInputError) {
  EXPECT_THROW(make_compiler(parse_compiler_spec("nvrtc:/nonexistent/libnvrtc.so", "", {}), "sm_90"), InputError);
  EXPECT_THROW(make_compiler(parse_compiler_spec("nvrtc:libm.so.6", "", {}), "sm_90"), InputError);
}

}  // namespace abt

namespace abt {

TEST(NvccCompiler, BuildsCubinAndPtxOfAnExampleOpAndFindsItsEntry) {
  if (!find_program("nvcc") && !std::filesystem::exists("/usr/local/cuda/bin/nvcc"))
    GTEST_SKIP() << "no nvcc on PATH or in /usr/local/cuda/bin";
  const std::string nvcc = find_program("nvcc").value_or("/usr/local/cuda/bin/nvcc");
  auto compiler = make_compiler(parse_compiler_spec("nvcc:" + nvcc, "-Xptxas -O2", {}), "sm_90");
  EXPECT_EQ(compiler->fingerprint().backend, BackendKind::nvcc);
  EXPECT_NE(compiler->fingerprint().version.find("release"), std::string::npos) << compiler->fingerprint().version;
  OpSpec op = find_op_spec(std::filesystem::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "softmax");
  TempDir dir("abtool-nvcc-");
  CompiledVariant variant = compiler->compile({op.source, op.kernel, &op.args, {{"BLOCK", "256"}}, DType::bf16, dir.path(), {}});
  ASSERT_TRUE(variant.ok) << variant.log;
  EXPECT_EQ(variant.entry_symbol, "softmax");
  EXPECT_EQ(read_text_file(variant.binary).substr(0, 4), "\x7f" "ELF");
  EXPECT_NE(read_text_file(variant.ir.at("ptx")).find(".target sm_90"), std::string::npos);
  CompiledVariant broken = compiler->compile({op.source, op.kernel, &op.args, {}, DType::bf16, dir.path(), {}});
  EXPECT_FALSE(broken.ok) << "BLOCK undefined must not compile";
  EXPECT_NE(broken.log.find("BLOCK"), std::string::npos) << broken.log;
}

TEST(NvccCompiler, FindsExternCAndMangledEntries) {
  const std::string ptx = ".visible .entry saxpy(\n.visible .entry _Z6scale2PfS_i(\n.visible .entry _Z5scalePf(\n";
  EXPECT_EQ(find_ptx_entry(ptx, "saxpy"), "saxpy");
  EXPECT_EQ(find_ptx_entry(ptx, "scale"), "_Z5scalePf");
  EXPECT_EQ(find_ptx_entry(ptx, "scale2"), "_Z6scale2PfS_i");
  EXPECT_EQ(find_ptx_entry(ptx, "missing"), "");
}

}  // namespace abt
