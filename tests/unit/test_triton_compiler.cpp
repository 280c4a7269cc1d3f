// The Triton backend's compile and IR path for an explicit sm_90 target: needs Triton, not a GPU.
// The interpreter is build/triton-venv's (scripts/bootstrap.sh installs triton==3.6.0 there), or
// ABTOOL_TEST_TRITON_PYTHON; without Triton the tests skip and say why.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "compilers/compile_counting.h"
#include "compilers/compile_store.h"
#include "compilers/compiler.h"
#include "opspec/op_spec.h"
#include "passes/pass_dump.h"
#include "engine/compile_cache.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/parallel.h"
#include "util/process.h"

namespace abt {
namespace fs = std::filesystem;

class TritonCompile : public ::testing::Test {
 protected:
  static std::string python() {
    if (const char* env = std::getenv("ABTOOL_TEST_TRITON_PYTHON")) return env;
    if (fs::exists(ABTOOL_TEST_TRITON_VENV "/bin/python3")) return ABTOOL_TEST_TRITON_VENV "/bin/python3";
    return "python3";
  }
  std::unique_ptr<CompilerBackend> compiler(const std::string& flags = "") {
    try {
      return make_compiler(parse_compiler_spec("triton:" + python(), flags, {}), "sm_90");
    } catch (const InputError& error) {
      if (std::string(error.what()).find("cannot import Triton") != std::string::npos) return nullptr;
      throw;
    }
  }
  void SetUp() override {
    if (!compiler()) GTEST_SKIP() << "no Triton for " << python() << " (scripts/bootstrap.sh installs it in build/triton-venv)";
  }
  TempDir dir_{"abtool-triton-"};
};

TEST_F(TritonCompile, EveryVariantOfTheExampleCompilesInBatchesWithEveryIrStage) {
  auto triton = compiler();
  EXPECT_EQ(triton->fingerprint().backend, BackendKind::triton);
  EXPECT_EQ(triton->fingerprint().version.rfind("Triton 3.", 0), 0u) << triton->fingerprint().version;
  EXPECT_EQ(triton->fingerprint().sha256.size(), 64u) << "the hash of libtriton identifies the compiler build";
  EXPECT_TRUE(triton->accepts(Language::triton));
  EXPECT_GT(triton->preferred_batch(), 1u);

  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_add");
  CompileCache variants(*triton, op.source, op.kernel, op.args, op.name);
  variants.compile_all(op.config_space(), DType::fp32);  // 4 variants, batched
  for (const Config& config : op.config_space()) {
    const CompiledVariant& variant = variants.get(config, DType::fp32);
    ASSERT_TRUE(variant.ok) << config_text(config) << "\n" << variant.log;
    EXPECT_EQ(variant.entry_symbol, "add_kernel");
    for (const char* stage : {"ttir", "ttgir", "llir", "ptx", "cubin"}) EXPECT_TRUE(variant.ir.count(stage)) << stage;
    EXPECT_EQ(read_text_file(variant.binary).substr(0, 4), "\x7f" "ELF");
    ASSERT_TRUE(variant.triton.has_value());
    EXPECT_EQ(std::to_string(variant.triton->num_warps), config[1].second);
    EXPECT_EQ(variant.triton->global_scratch_bytes, 0u);
    EXPECT_NE(read_text_file(variant.ir.at("ttgir")).find("\"ttg.num-warps\" = " + config[1].second), std::string::npos);
    // Pointers are compiled as 16-byte divisible (abtool's device buffers are); scalars only
    // when a point's values say so (the next test).
    EXPECT_NE(read_text_file(variant.ir.at("ttir")).find("%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}"), std::string::npos);
    EXPECT_EQ(variant.triton->passed_args, (std::vector<std::string>{"x_ptr", "y_ptr", "out_ptr", "n"}));
    // Each stage's wall time, the front end first: Triton's own stages, compiled for real.
    std::vector<std::string> stages;
    for (const CompileStage& stage : variant.profile.stages) {
      stages.push_back(stage.name);
      EXPECT_TRUE(stage.ms && *stage.ms > 0) << stage.name;
      EXPECT_FALSE(stage.instructions) << "counted only with --compile-instructions";
    }
    EXPECT_EQ(stages, (std::vector<std::string>{"ast", "ttir", "ttgir", "llir", "ptx", "cubin"}));
    // Issue 74: the compile's time is the compile itself, as Triton's stages took it, not the
    // interpreter's start or fork around it (a cold start against a warm one read as 39x).
    ASSERT_TRUE(variant.profile.stages_ms());
    EXPECT_DOUBLE_EQ(variant.compile_ms, *variant.profile.stages_ms());
  }
  EXPECT_NE(variants.get(op.config_space()[0], DType::fp32).binary_hash, variants.get(op.config_space()[1], DType::fp32).binary_hash);
}

// Host tensor descriptors compile as Triton's JIT types them (tensordesc<bf16[64, 64]>), and the
// contract carries the TMA layout the compiler chose for each: what abtool's launcher encodes.
TEST_F(TritonCompile, TensorDescriptorsCompileWithTheTmaLayoutOfEach) {
  auto triton = compiler();
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_tma_matmul");
  CompileCache variants(*triton, op.source, op.kernel, op.args, op.name);
  const Config config = op.config_space()[2];
  ASSERT_EQ(config_text(config), "BLOCK_M=64 BLOCK_N=128 BLOCK_K=64 num_warps=4 num_stages=3");
  variants.compile_all({config}, DType::bf16);
  const CompiledVariant& variant = variants.get(config, DType::bf16);
  ASSERT_TRUE(variant.ok) << variant.log;
  ASSERT_TRUE(variant.triton);
  EXPECT_EQ(variant.triton->unsupported, "");
  EXPECT_EQ(variant.triton->passed_args, (std::vector<std::string>{"a_desc", "b_desc", "c_desc", "M", "N", "K"}));
  ASSERT_EQ(variant.triton->tensor_maps.size(), 3u);
  const TensorMapMeta& a = variant.triton->tensor_maps[0];
  const TensorMapMeta& c = variant.triton->tensor_maps[2];
  EXPECT_EQ(a.data_type, 9) << "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, not Triton's device-side 10";
  EXPECT_EQ(a.element_bytes, 2);
  EXPECT_EQ(a.block.front(), 64) << "BLOCK_M rows";
  EXPECT_EQ(c.data_type, 7) << "CU_TENSOR_MAP_DATA_TYPE_FLOAT32";
  EXPECT_EQ(c.element_bytes, 4);
  // The PTX takes a 128-byte CUtensorMap parameter per descriptor, then its shape and strides.
  const std::string ptx = read_text_file(variant.ir.at("ptx"));
  EXPECT_NE(ptx.find(".param .align 64 .b8 matmul_tma_kernel_param_0[128]"), std::string::npos) << ptx.substr(0, 2000);
  EXPECT_NE(read_text_file(variant.ir.at("ttir")).find("!tt.tensordesc<tensor<64x64xbf16"), std::string::npos);
}

// The server describes the install at once and hashes libtriton.so beside the first import of an
// op's library; the fingerprint waits for that digest. It is the file's sha256, and a compiler
// made later with the same store takes it from the store's memo (a server that hashes nothing).
TEST_F(TritonCompile, TheInstallsDigestFollowsItsDescriptionAndIsLibtritonsSha256) {
  CompileStore store(dir_.path() / "store", 1ull << 30);
  const auto spec = parse_compiler_spec("triton:" + python(), "", {});
  auto described = make_compiler(spec, "sm_90", &store);
  EXPECT_EQ(described->backend(), BackendKind::triton);
  const CompilerFingerprint& fingerprint = described->fingerprint();
  const std::string library = fingerprint.env.at("(libtriton)");
  const ProcessResult hashed = run_process(
      {python(), {"-c", "import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())", library}});
  ASSERT_EQ(hashed.exit_code, 0) << hashed.err;
  EXPECT_EQ(fingerprint.sha256 + "\n", hashed.out) << library;
  EXPECT_EQ(make_compiler(spec, "sm_90", &store)->fingerprint().sha256, fingerprint.sha256) << "from the store's memo";
}

TEST_F(TritonCompile, PointValuesSpecializeTheKernelAsTritonsJitDoes) {
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_add");
  auto triton = compiler();
  CompileCache variants(*triton, op.source, op.kernel, op.args, op.name);
  const Config config = op.config_space().front();
  const Specialization plain = specialization_at(op, Point{op.name, {1000001}, DType::fp32});
  const Specialization div16 = specialization_at(op, Point{op.name, {65536}, DType::fp32});
  const Specialization one = specialization_at(op, Point{op.name, {1}, DType::fp32});
  ASSERT_TRUE(plain.empty());
  ASSERT_EQ(div16.text(), "n=div16");
  ASSERT_EQ(one.text(), "n=1");

  const CompiledVariant& unspecialized = variants.get(config, DType::fp32, plain);
  const CompiledVariant& divisible = variants.get(config, DType::fp32, div16);
  const CompiledVariant& constant = variants.get(config, DType::fp32, one);
  for (const CompiledVariant* variant : {&unspecialized, &divisible, &constant}) ASSERT_TRUE(variant->ok) << variant->log;
  EXPECT_NE(read_text_file(unspecialized.ir.at("ttir")).find("%n: i32 loc"), std::string::npos);
  EXPECT_NE(read_text_file(divisible.ir.at("ttir")).find("%n: i32 {tt.divisibility = 16 : i32}"), std::string::npos);
  EXPECT_EQ(read_text_file(constant.ir.at("ttir")).find("%n:"), std::string::npos) << "n = 1 is compiled in";
  EXPECT_EQ(constant.triton->passed_args, (std::vector<std::string>{"x_ptr", "y_ptr", "out_ptr"})) << "and not passed";
  EXPECT_EQ(divisible.triton->passed_args, (std::vector<std::string>{"x_ptr", "y_ptr", "out_ptr", "n"}));
  EXPECT_NE(unspecialized.binary_hash, divisible.binary_hash) << "one cache entry per specialization";
  EXPECT_NE(divisible.binary_hash, constant.binary_hash);
}

TEST_F(TritonCompile, CompilerFlagsAreTritonOptionsAndChangeTheCode) {
  std::ofstream(dir_.path() / "fma.py") << "import triton\nimport triton.language as tl\n\n"
                                           "@triton.jit\ndef fma_kernel(a, b, c, out, n, BLOCK: tl.constexpr):\n"
                                           "    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    m = o < n\n"
                                           "    tl.store(out + o, tl.load(a + o, mask=m) * tl.load(b + o, mask=m) + tl.load(c + o, mask=m), mask=m)\n";
  std::vector<ArgSpec> args(5);
  for (int i = 0; i < 4; ++i) args[i] = ArgSpec{std::string(1, char('a' + i)) == "d" ? "out" : std::string(1, char('a' + i)),
                                                 i == 3 ? ArgKind::out : ArgKind::in, "fp32", {}, {}, {}};
  args[4] = ArgSpec{"n", ArgKind::scalar, "i32", {}, {}, {}};
  auto ptx_with = [&](const std::string& flags, const std::string& sub) {
    fs::create_directories(dir_.path() / sub);
    CompiledVariant variant = compiler(flags)->compile({dir_.path() / "fma.py", "fma_kernel", &args, {{"BLOCK", "256"}}, DType::fp32, dir_.path() / sub, {}});
    EXPECT_TRUE(variant.ok) << variant.log;
    return variant.ok ? read_text_file(variant.ir.at("ptx")) : std::string();
  };
  EXPECT_NE(ptx_with("", "fused").find("fma.rn.f32"), std::string::npos);
  std::string unfused = ptx_with("enable_fp_fusion=0", "unfused");
  EXPECT_EQ(unfused.find("fma.rn.f32"), std::string::npos);
  EXPECT_NE(unfused.find("mul.rn.f32"), std::string::npos) << "no fusion: a separate, rounded multiply";
  EXPECT_THROW(compiler("maxnreg"), InputError) << "a Triton option is KEY=VALUE";
}

// abtool_skip_passes (issue 47): a pass named as MLIR's dumps name it is left out of the backend's
// pipeline; its dumps then lack it and the code shows it; a name no pass has is bad input, saying so.
TEST_F(TritonCompile, AbtoolSkipPassesLeavesANamedPassOutOfThePipeline) {
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_add");
  auto compile = [&](const std::string& flags, const std::string& sub) {
    fs::create_directories(dir_.path() / sub);
    return compiler(flags)->compile_with_pass_dumps(
        {op.source, op.kernel, &op.args, {{"BLOCK_SIZE", "1024"}, {"num_warps", "4"}}, DType::fp32, dir_.path() / sub, {}});
  };
  auto runs_coalesce = [](const PassCompile& compiled) {
    return std::any_of(compiled.passes.begin(), compiled.passes.end(),
                       [](const PassPoint& point) { return point.pass.find("(tritongpu-coalesce)") != std::string::npos; });
  };
  const PassCompile whole = compile("", "whole");
  ASSERT_TRUE(whole.variant.ok) << whole.variant.log;
  EXPECT_TRUE(runs_coalesce(whole));
  const PassCompile without = compile("abtool_skip_passes=tritongpu-coalesce", "without");
  ASSERT_TRUE(without.variant.ok) << without.variant.log;
  EXPECT_FALSE(runs_coalesce(without)) << "the pass left out is not in the dumps";
  EXPECT_EQ(whole.passes.size(), without.passes.size() + 1);
  const std::string ttgir = read_text_file(without.variant.ir.at("ttgir"));
  EXPECT_NE(read_text_file(whole.variant.ir.at("ttgir")).find("sizePerThread = [4]"), std::string::npos);
  EXPECT_NE(ttgir.find("sizePerThread = [1]"), std::string::npos) << "uncoalesced: one element per thread\n" << ttgir;
  EXPECT_NE(without.variant.binary_hash, whole.variant.binary_hash);
  // a pass whose add_* function has another name (add_allocate_tensor_memory): found by what it adds
  auto runs = [](const PassCompile& compiled, const std::string& pass) {
    return std::any_of(compiled.passes.begin(), compiled.passes.end(),
                       [&](const PassPoint& point) { return point.pass.find("(" + pass + ")") != std::string::npos; });
  };
  ASSERT_TRUE(runs(whole, "triton-tensor-memory-allocation"));
  const PassCompile no_tmem = compile("abtool_skip_passes=triton-tensor-memory-allocation", "no_tmem");
  ASSERT_TRUE(no_tmem.variant.ok) << no_tmem.variant.log;
  EXPECT_FALSE(runs(no_tmem, "triton-tensor-memory-allocation"));
  EXPECT_EQ(whole.passes.size(), no_tmem.passes.size() + 1);
  // a name no pass has is bad input when the compiler is made, with the nearest name where one is near
  auto refused = [&](const std::string& flags) {
    try {
      compiler(flags);
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(refused("abtool_skip_passes=tritongpu-no-such-pass"),
            "--compiler-flags abtool_skip_passes: this Triton has no pass named 'tritongpu-no-such-pass' (name passes as MLIR's "
            "dumps do, the argument in parentheses: tritongpu-coalesce)");
  EXPECT_EQ(refused("abtool_skip_passes=,,"), "--compiler-flags abtool_skip_passes: ',,' names no pass (name passes as MLIR's "
                                                "dumps do, comma separated: tritongpu-coalesce,tritongpu-remove-layout-conversions)");
  EXPECT_EQ(refused("abtool_skip_passes=tritongpu-coalesce,,tritongpu-prefetch"),
            "--compiler-flags abtool_skip_passes: 'tritongpu-coalesce,,tritongpu-prefetch' has an empty name at character 20");
  EXPECT_EQ(refused("abtool_skip_passes=tritongpu-coalesce,tritongpu-colaesce"),
            "--compiler-flags abtool_skip_passes: this Triton has no pass named 'tritongpu-colaesce' (did you mean "
            "'tritongpu-coalesce'?) (name passes as MLIR's dumps do, the argument in parentheses: tritongpu-coalesce)");
}

// Two compiles of one kernel at once, one leaving a pass out: Triton hashes both alike (the option is
// abtool's), so in a Triton cache shared between the two processes one could read the other's binary
// (seen under load in CI: a skipped pass "had no effect"). Each compiler has a Triton cache of its own.
TEST_F(TritonCompile, TwoCompilesOfOneKernelAtOnceLeavingOutDifferentPassesGetTheirOwnBinaries) {
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_add");
  const fs::path home = dir_.path() / "home";  // where Triton's shared cache would be: $TRITON_HOME/.triton/cache
  const char* earlier = std::getenv("TRITON_HOME");
  const std::string restore = earlier ? earlier : "";
  ::setenv("TRITON_HOME", home.c_str(), 1);
  auto whole = compiler(), without = compiler("abtool_skip_passes=tritongpu-coalesce");
  if (earlier) ::setenv("TRITON_HOME", restore.c_str(), 1);
  else ::unsetenv("TRITON_HOME");
  for (int round = 0; round < 3; ++round) {
    std::array<CompiledVariant, 2> compiled;
    std::array<fs::path, 2> folders{dir_.path() / ("whole" + std::to_string(round)), dir_.path() / ("without" + std::to_string(round))};
    for_each_index(2, [&](size_t i) {
      fs::create_directories(folders[i]);
      compiled[i] = (i ? without : whole)
                        ->compile({op.source, op.kernel, &op.args, {{"BLOCK_SIZE", "1024"}, {"num_warps", "4"}}, DType::fp32,
                                   folders[i], {}});
    });
    ASSERT_TRUE(compiled[0].ok && compiled[1].ok) << compiled[0].log << compiled[1].log;
    EXPECT_NE(compiled[0].binary_hash, compiled[1].binary_hash) << "round " << round;
  }
  EXPECT_FALSE(fs::exists(home / ".triton" / "cache")) << "nothing written to the shared Triton cache";
}

TEST_F(TritonCompile, ABrokenVariantFailsAloneWithItsTraceback) {
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_add");
  auto triton = compiler();
  fs::create_directories(dir_.path() / "good");
  fs::create_directories(dir_.path() / "bad");
  std::vector<CompileJob> jobs{{op.source, op.kernel, &op.args, {{"BLOCK_SIZE", "1024"}, {"num_warps", "4"}}, DType::fp32, dir_.path() / "good", {}},
                               {op.source, op.kernel, &op.args, {{"BLOCK_SIZE", "1000"}, {"num_warps", "4"}}, DType::fp32, dir_.path() / "bad", {}}};
  std::vector<CompiledVariant> variants = triton->compile_batch(jobs);
  ASSERT_EQ(variants.size(), 2u);
  EXPECT_TRUE(variants[0].ok) << variants[0].log;
  EXPECT_FALSE(variants[1].ok);
  EXPECT_NE(variants[1].log.find("power of 2"), std::string::npos) << "tl.arange needs a power of two:\n" << variants[1].log;
}

// Issue "Resilience III": a library's module that no longer imports says which module and the
// exception, on the first line (run.log shows it), not "Traceback (most recent call last):".
TEST_F(TritonCompile, AModuleThatNoLongerImportsNamesItAndTheExceptionFirst) {
  std::ofstream(dir_.path() / "gone.py") << "import triton\nimport no_such_module_anymore\n\n@triton.jit\ndef k(x):\n    pass\n";
  std::vector<ArgSpec> args{ArgSpec{"x", ArgKind::in, "fp32", {}, {}, {}}};
  const PythonImport module{"gone", {}};
  fs::create_directories(dir_.path() / "v");
  CompileJob job{dir_.path() / "gone.py", "k", &args, {{"num_warps", "4"}}, DType::fp32, dir_.path() / "v", {}};
  job.python = &module;
  const CompiledVariant variant = compiler()->compile(job);
  ASSERT_FALSE(variant.ok);
  const std::string first = variant.log.substr(0, variant.log.find('\n'));
  EXPECT_EQ(first, "cannot import the op's module gone (kernel k): ModuleNotFoundError: No module named 'no_such_module_anymore'")
      << variant.log;
}

}  // namespace abt

namespace abt {

TEST_F(TritonCompile, AHangingVariantIsStoppedAndTheRestOfItsBatchStillCompiles) {
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_add");
  CompilerSpec spec = parse_compiler_spec("triton:" + python(), "", {"ABTOOL_TEST_TRITON_HANG=512"});
  spec.variant_limit_s = 4;  // 16 s for the batch: Python, Triton, one compile
  auto triton = make_compiler(spec, "sm_90");
  std::vector<CompileJob> jobs;
  for (const char* block : {"256", "512", "1024"}) {
    fs::create_directories(dir_.path() / block);
    jobs.push_back({op.source, op.kernel, &op.args, {{"BLOCK_SIZE", block}, {"num_warps", "4"}}, DType::fp32, dir_.path() / block, {}});
  }
  std::vector<CompiledVariant> variants = triton->compile_batch(jobs);
  ASSERT_EQ(variants.size(), 3u);
  EXPECT_TRUE(variants[0].ok) << variants[0].log;
  EXPECT_FALSE(variants[1].ok);
  EXPECT_NE(variants[1].log.find("was stopped here"), std::string::npos) << variants[1].log;
  EXPECT_TRUE(variants[2].ok) << "the variant after the hang compiles in a new process: " << variants[2].log;
}

// --compile-instructions on a Triton variant: the helper's stages between client requests, ptxas
// whole; the counted compile builds the measured cubin, and counted again gives the same counts
// to a few parts per million (a compile is deterministic; Python's and LLVM's hashing are fixed).
TEST_F(TritonCompile, ItsCompileIsCountedStageByStageUnderCallgrind) {
  CompileCounting counting;
  try {
    counting = find_compile_counting(ABTOOL_TEST_TOOL_DIR);
  } catch (const InputError& error) {
    GTEST_SKIP() << error.what();
  }
  auto triton = compiler();
  if (std::string why = triton->uncountable(counting); !why.empty()) GTEST_SKIP() << why;
  OpSpec op = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_add");
  CompileCache variants(*triton, op.source, op.kernel, op.args, op.name);
  const Config config = op.config_space().front();
  const CompiledVariant& variant = variants.get(config, DType::fp32);
  ASSERT_TRUE(variant.ok) << variant.log;
  std::vector<CountedCompile> counts;
  for (int i = 0; i < 2; ++i) counts.push_back(variants.count(config, DType::fp32, {}, counting));
  for (const CountedCompile& counted : counts) {
    EXPECT_EQ(counted.binary_hash, variant.binary_hash) << "the counted compile built the measured cubin";
    EXPECT_EQ(counted.profile.counted_by, "callgrind");
    std::vector<std::string> stages;
    for (const CompileStage& stage : counted.profile.stages) {
      stages.push_back(stage.name);
      ASSERT_TRUE(stage.instructions) << stage.name;
      EXPECT_GT(*stage.instructions, 10000u) << stage.name;
    }
    EXPECT_EQ(stages, (std::vector<std::string>{"ast", "ttir", "ttgir", "llir", "ptx", "cubin", "ptxas"}));
  }
  for (size_t i = 0; i < counts[0].profile.stages.size(); ++i) {
    const double a = double(*counts[0].profile.stages[i].instructions), b = double(*counts[1].profile.stages[i].instructions);
    EXPECT_LT(std::abs(b / a - 1), 1e-4) << counts[0].profile.stages[i].name << ": " << a << " then " << b;
    std::printf("%s: %.0f, then %.0f\n", counts[0].profile.stages[i].name.c_str(), a, b);
  }
}

}  // namespace abt
