// The NVRTC backend's compile and IR path, for an explicit target: needs no GPU.
#include <gtest/gtest.h>

#include <fstream>

#include "compilers/compiler.h"
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
    return CompileJob{dir_.path() / "scale.cu", kernel, nullptr, std::move(config), DType::fp32, dir_.path() / sub};
  }
  TempDir dir_{"abtool-nvrtc-"};
};

TEST_F(NvrtcTest, CompilesCubinAndPtxForTheTarget) {
  auto compiler = make_nvrtc_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  EXPECT_EQ(compiler->fingerprint().backend, "nvrtc");
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

TEST_F(NvrtcTest, ConfigMacrosReachTheSourceAndChangeTheCode) {
  auto compiler = make_nvrtc_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  CompiledVariant a = compiler->compile(job("scale", {{"BLOCK", "128"}}, "a"));
  CompiledVariant b = compiler->compile(job("scale", {{"BLOCK", "256"}}, "b"));
  ASSERT_TRUE(a.ok && b.ok);
  EXPECT_NE(a.binary_hash, b.binary_hash);
  CompiledVariant bad = compiler->compile(job("scale", {{"BLOCK", "64"}}, "c"));
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.log.find("unsupported BLOCK"), std::string::npos) << bad.log;
}

TEST_F(NvrtcTest, UserFlagsChangeTheCode) {
  auto plain = make_nvrtc_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  auto debug = make_nvrtc_compiler(parse_compiler_spec("nvrtc", "-G", {}), "sm_90");
  EXPECT_EQ(debug->fingerprint().flags.back(), "-G");
  CompiledVariant a = plain->compile(job("scale", {{"BLOCK", "128"}}, "a"));
  CompiledVariant b = debug->compile(job("scale", {{"BLOCK", "128"}}, "b"));
  ASSERT_TRUE(a.ok && b.ok) << b.log;
  EXPECT_NE(read_text_file(a.ir.at("ptx")), read_text_file(b.ir.at("ptx")));
}

TEST_F(NvrtcTest, CxxKernelsAreFoundByTheirLoweredName) {
  auto compiler = make_nvrtc_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  CompiledVariant variant = compiler->compile(job("cxx_kernel<3>", {{"BLOCK", "128"}}, "a"));
  ASSERT_TRUE(variant.ok) << variant.log;
  EXPECT_EQ(variant.entry_symbol.rfind("_Z", 0), 0u) << variant.entry_symbol;
  CompiledVariant missing = compiler->compile(job("no_such_kernel", {{"BLOCK", "128"}}, "b"));
  EXPECT_FALSE(missing.ok);
}

TEST_F(NvrtcTest, ALibraryThatIsNotNvrtcIsAnInputError) {
  EXPECT_THROW(make_nvrtc_compiler(parse_compiler_spec("nvrtc:/nonexistent/libnvrtc.so", "", {}), "sm_90"), InputError);
  EXPECT_THROW(make_nvrtc_compiler(parse_compiler_spec("nvrtc:libm.so.6", "", {}), "sm_90"), InputError);
}

}  // namespace abt
