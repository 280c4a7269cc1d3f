// Every example CUDA op compiles with NVRTC for sm_90, all configs, all dtypes, reference included,
// and its measured-variant IR lands in the run directory: the compile and IR path without a GPU.
#include <gtest/gtest.h>

#include <algorithm>

#include "compilers/compiler.h"
#include "irdump/cuda_binary_ir.h"
#include "irdump/ir_dump.h"
#include "launch/device_target.h"
#include "opspec/op_spec.h"
#include "engine/compile_cache.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

class CudaExamples : public ::testing::TestWithParam<std::string> {};

TEST_P(CudaExamples, EveryVariantAndTheReferenceCompileForSm90) {
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", GetParam());
  ASSERT_EQ(op.language, Language::cuda);
  auto compiler = make_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  auto reference = make_reference_compiler(Language::cuda, "sm_90");
  CompileCache variants(*compiler, op.source, op.kernel, op.args, op.name);
  CompileCache references(*reference, op.reference.source, op.reference.kernel, op.args, op.name + " reference");
  const auto configs = op.config_space();
  for (DType dtype : op.dtypes) {
    variants.compile_all(configs, dtype);
    for (const Config& config : configs) {
      const CompiledVariant& variant = variants.get(config, dtype);
      ASSERT_TRUE(variant.ok) << op.name << " " << dtype_name(dtype) << " " << config_text(config) << ":\n" << variant.log;
      EXPECT_EQ(variant.entry_symbol, op.kernel);
      EXPECT_TRUE(variant.ir.count("ptx") && variant.ir.count("cubin"));
    }
    const CompiledVariant& ref = references.get({}, dtype);
    ASSERT_TRUE(ref.ok) << op.name << " reference " << dtype_name(dtype) << ":\n" << ref.log;
  }
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaExamples, ::testing::Values("saxpy", "softmax", "rmsnorm", "transpose", "gemm", "moe_gather"));

TEST(CudaIrDump, MeasuredVariantGetsPtxAndSassOrANote) {
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "saxpy");
  auto compiler = make_compiler(parse_compiler_spec("nvrtc", "", {}), "sm_90");
  CompileCache variants(*compiler, op.source, op.kernel, op.args, op.name);
  const CompiledVariant& variant = variants.get(op.config_space().front(), DType::fp32);
  ASSERT_TRUE(variant.ok) << variant.log;

  TempDir run("abtool-irdump-");
  IrDump ir(RunLayout(run.path()));
  ir.add_legend("saxpy", "");
  auto written = ir.write_measured({"1024", "saxpy", "BLOCK128_ITEMS1", "fp32", "BLOCK=128 ITEMS=1", 1, variant.binary_hash,
                                    VariantRole::measured},
                                   variant.ir);
  const std::vector<std::string> files = written.all();  // the disassembly, on a thread of its own, has ended
  const fs::path folder = run.path() / "ir" / "1024" / "saxpy";
  ASSERT_TRUE(fs::exists(folder / "BLOCK128_ITEMS1.ptx"));
  EXPECT_NE(read_text_file(folder / "BLOCK128_ITEMS1.ptx").find(".entry saxpy("), std::string::npos);
  EXPECT_FALSE(fs::exists(folder / "BLOCK128_ITEMS1.cubin")) << "the CUBIN is not IR";
  const bool have_tools = CudaBinaryTools::find().nvdisasm || CudaBinaryTools::find().cuobjdump;
  EXPECT_EQ(fs::exists(folder / "BLOCK128_ITEMS1.sass"), have_tools);
  EXPECT_EQ(std::count(files.begin(), files.end(), "ir/1024/saxpy/BLOCK128_ITEMS1.sass"), have_tools ? 1 : 0);
  std::string naming = read_text_file(run.path() / "ir" / "naming.md");
  if (!have_tools) {
    EXPECT_NE(naming.find("Not written here"), std::string::npos) << naming;
  } else {
    std::string sass = read_text_file(folder / "BLOCK128_ITEMS1.sass");
    EXPECT_NE(sass.find("FFMA"), std::string::npos) << sass;
    EXPECT_EQ(sass.find("/*0000*/"), std::string::npos) << "addresses are stripped";
    EXPECT_NE(read_text_file(folder / "BLOCK128_ITEMS1.res").find("REG:"), std::string::npos);
  }
}

TEST(CudaIrDump, SassNormalizationDropsAddressesAndEncodings) {
  const std::string raw =
      "        /*0000*/                   LDC R1, c[0x0][0x28] ;                /* 0x00000a00ff017b82 */\n"
      "                                                                         /* 0x000fe40000000800 */\n"
      "        /*0010*/                   S2R R0, SR_TID.X ;                    /* 0x0000000000007919 */\n";
  const std::string normalized = normalize_sass(raw);
  EXPECT_EQ(std::count(normalized.begin(), normalized.end(), '\n'), 2) << normalized;
  EXPECT_NE(normalized.find("LDC R1, c[0x0][0x28] ;\n"), std::string::npos) << normalized;
  EXPECT_NE(normalized.find("S2R R0, SR_TID.X ;\n"), std::string::npos) << normalized;
  EXPECT_EQ(normalized.find("/*"), std::string::npos) << normalized;
}

}  // namespace abt

namespace abt {

TEST(DeviceInputGenerator, CompilesWithTheReferenceNvrtc) {
  TempDir dir("abtool-fill-");
  write_file_atomically(dir.path() / "fill.cu", device_fill_source());
  auto reference = make_reference_compiler(Language::cuda, "sm_90");
  CompiledVariant fill = reference->compile({dir.path() / "fill.cu", "abt_fill_fp32", nullptr, {}, DType::fp32, dir.path(), {}});
  ASSERT_TRUE(fill.ok) << fill.log;
  const std::string ptx = read_text_file(fill.ir.at("ptx"));
  for (const char* kernel : {"abt_fill_fp32", "abt_fill_fp64", "abt_fill_fp16", "abt_fill_bf16", "abt_fill_i32", "abt_fill_i64"})
    EXPECT_NE(ptx.find(std::string(".entry ") + kernel + "("), std::string::npos) << kernel;
  EXPECT_NE(device_fill_source().find("0xD1B54A32D192ED03ull"), std::string::npos) << "the hash comes from counter_hash.inc";
}

}  // namespace abt

namespace abt {

// The sweep's on-device output check builds where CI has no GPU; its judgement is compared with
// the host's on a device in test_gpu (DeviceCheck).
TEST(DeviceOutputCheck, CompilesWithTheReferenceNvrtcWithoutFusedMultiplyAdds) {
  TempDir dir("abtool-check-");
  write_file_atomically(dir.path() / "check.cu", device_check_source());
  auto reference = make_reference_compiler(Language::cuda, "sm_90");
  CompiledVariant check = reference->compile({dir.path() / "check.cu", kDeviceCheckKernel, nullptr, {}, DType::fp32, dir.path(), {}});
  ASSERT_TRUE(check.ok) << check.log;
  const std::string ptx = read_text_file(check.ir.at("ptx"));
  EXPECT_NE(ptx.find(std::string(".entry ") + kDeviceCheckKernel + "("), std::string::npos);
  EXPECT_EQ(ptx.find("fma.rn.f64"), std::string::npos) << "atol + rtol * |want| rounds twice, as on the host";
}

}  // namespace abt
