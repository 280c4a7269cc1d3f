#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "compilers/compile_store.h"
#include "compilers/compiler.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/parallel.h"
#include "util/sha256.h"

namespace abt {

class HostCompilerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_.path() / "k.cpp") << "#include <cstdint>\n"
                                            "void k(int64_t n, const ABT_DTYPE* x, ABT_DTYPE* y) {\n"
                                            "#if BROKEN\n  this does not compile;\n#endif\n"
                                            "  for (int64_t i = 0; i < n; ++i) y[i] = x[i] * SCALE; }\n";
    args_.push_back(ArgSpec{"n", ArgKind::scalar, "i64", {}, {}, Expr("N")});
    args_.push_back(ArgSpec{"x", ArgKind::in, "$dtype", {Expr("N")}, {}, {}});
    args_.push_back(ArgSpec{"y", ArgKind::out, "$dtype", {Expr("N")}, {}, {}});
  }
  CompileJob job(Config config, const std::string& sub) {
    std::filesystem::create_directories(dir_.path() / sub);
    return CompileJob{dir_.path() / "k.cpp", "k", &args_, std::move(config), DType::fp32, dir_.path() / sub, {}};
  }
  TempDir dir_{"abtool-hostcc-"};
  std::vector<ArgSpec> args_;
};

TEST_F(HostCompilerTest, BuildsAssemblyAndSharedObjectWithConfigMacros) {
  auto compiler = make_compiler(parse_compiler_spec("host:g++", "-O2", {}), "");
  EXPECT_EQ(compiler->fingerprint().backend, BackendKind::host);
  EXPECT_NE(compiler->fingerprint().version.find("g++"), std::string::npos);
  EXPECT_EQ(compiler->fingerprint().sha256, sha256_of_file(compiler->fingerprint().path));
  EXPECT_EQ(compiler->fingerprint().flags.back(), "-O2");  // user flags come after the defaults

  CompiledVariant variant = compiler->compile(job({{"SCALE", "3"}, {"BROKEN", "0"}}, "a"));
  ASSERT_TRUE(variant.ok) << variant.log;
  EXPECT_TRUE(std::filesystem::exists(variant.binary));
  EXPECT_EQ(variant.binary_hash, sha256_of_file(variant.binary.string()));
  ASSERT_TRUE(variant.ir.count("s"));
  std::string assembly = read_text_file(variant.ir.at("s"));
  EXPECT_NE(assembly.find("abtool_entry"), std::string::npos);
  EXPECT_EQ(assembly.find(dir_.path().string()), std::string::npos) << "temporary paths leak into the IR";
}

TEST_F(HostCompilerTest, SameInputGivesIdenticalFiles) {
  auto compiler = make_compiler(parse_compiler_spec("host:g++", "", {}), "");
  CompiledVariant first = compiler->compile(job({{"SCALE", "3"}, {"BROKEN", "0"}}, "a"));
  CompiledVariant second = compiler->compile(job({{"SCALE", "3"}, {"BROKEN", "0"}}, "b"));
  ASSERT_TRUE(first.ok && second.ok);
  EXPECT_EQ(first.binary_hash, second.binary_hash);
  EXPECT_EQ(read_text_file(first.ir.at("s")), read_text_file(second.ir.at("s")));
}

// Two ops of one process may store the same variant in the compile cache at once: each store
// writes a scratch folder of its own before renaming it into place, so the entry that lands is
// always whole (a shared scratch folder emptied by the other store was renamed in half written).
TEST_F(HostCompilerTest, TwoStoresOfOneVariantAtOnceLeaveAWholeEntry) {
  auto compiler = make_compiler(parse_compiler_spec("host:g++", "", {}), "");
  const CompiledVariant variant = compiler->compile(job({{"SCALE", "3"}, {"BROKEN", "0"}}, "a"));
  ASSERT_TRUE(variant.ok) << variant.log;
  const CompileStore store(dir_.path() / "cache", 64u << 20);
  for (int round = 0; round < 20; ++round) {
    const std::string key = "k" + std::to_string(round);
    for_each_index(2, [&](size_t) { store.store(key, variant); });
    const auto loaded = store.load(key, dir_.path() / ("loaded" + std::to_string(round)));
    ASSERT_TRUE(loaded) << "round " << round << ": the entry stored was damaged";
    EXPECT_EQ(loaded->binary_hash, variant.binary_hash);
  }
}

// A cache over its limit loses its least recently used entries first, down to the limit.
TEST_F(HostCompilerTest, AFullCacheLosesItsLeastRecentlyUsedEntries) {
  auto compiler = make_compiler(parse_compiler_spec("host:g++", "", {}), "");
  const CompiledVariant variant = compiler->compile(job({{"SCALE", "3"}, {"BROKEN", "0"}}, "a"));
  ASSERT_TRUE(variant.ok) << variant.log;
  const CompileStore filling(dir_.path() / "cache", 64u << 20);
  for (const char* key : {"old", "used", "new"}) {
    filling.store(key, variant);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // distinct modification times
  }
  ASSERT_TRUE(filling.load("old", dir_.path() / "loaded-old"));  // now used more recently than "used"
  uint64_t one_entry = 0;
  for (const auto& file : std::filesystem::recursive_directory_iterator(dir_.path() / "cache" / "variants"))
    if (file.is_regular_file()) one_entry += file.file_size();
  one_entry /= 3;
  const CompileStore bounded(dir_.path() / "cache", 2 * one_entry + one_entry / 2);  // room for two
  bounded.prune();
  EXPECT_EQ(bounded.pruned(), 1u);
  EXPECT_FALSE(bounded.load("used", dir_.path() / "loaded-used")) << "the least recently used entry goes";
  EXPECT_TRUE(bounded.load("old", dir_.path() / "loaded-old-again"));
  EXPECT_TRUE(bounded.load("new", dir_.path() / "loaded-new"));
}

TEST_F(HostCompilerTest, CompileErrorComesBackWithTheDiagnostics) {
  auto compiler = make_compiler(parse_compiler_spec("host:g++", "", {}), "");
  CompiledVariant variant = compiler->compile(job({{"SCALE", "3"}, {"BROKEN", "1"}}, "c"));
  EXPECT_FALSE(variant.ok);
  EXPECT_NE(variant.log.find("error"), std::string::npos) << variant.log;
}

TEST_F(HostCompilerTest, MissingCompilerIsAnInputError) {
  try {
    make_compiler(parse_compiler_spec("host:/opt/nowhere/g++", "", {}), "");
    FAIL();
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("compiler not found: /opt/nowhere/g++"), std::string::npos);
  }
}

TEST_F(HostCompilerTest, CompilerThatCannotReportAVersionIsAnInputError) {
  EXPECT_THROW(make_compiler(parse_compiler_spec("host:false", "", {}), ""), InputError);
}

}  // namespace abt
