// counters/: callgrind's dump files as the host counter reads them, the arguments file the runner
// reads, and a real count under Valgrind of a variant built here (skipped, with the reason, where
// Valgrind is not installed).
#include <gtest/gtest.h>

#include <filesystem>

#include "args_file.h"
#include "compilers/compiler.h"
#include "counters/host_instruction_counter.h"
#include "launch/point_workspace.h"
#include "opspec/op_spec.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// The head of a dump as callgrind 3.19 writes it (--dump-line=no --compress-strings=no).
constexpr const char* kDump = R"(# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 2091
cmd:  ./abtool-count-host /tmp/args 2 /tmp/a.so abtool_entry
part: 2

desc: I1 cache: 
desc: D1 cache: 
desc: LL cache: 
desc: Timerange: Basic block 16147 - 32048
desc: Trigger: Client Request: side1.call0

positions: line
events: Ir
summary: 104346

fn=work
0 104346

totals: 104346
)";

TEST(CallgrindDump, GivesTheClientRequestAndItsInstructions) {
  const auto dump = parse_callgrind_dump(kDump);
  ASSERT_TRUE(dump);
  EXPECT_EQ(dump->trigger, "side1.call0");
  EXPECT_EQ(dump->instructions, 104346u);
}

TEST(CallgrindDump, TheLastDumpIsTheProgramsEnd) {
  const auto dump = parse_callgrind_dump("desc: Trigger: Program termination\nevents: Ir\ntotals: 0\n");
  ASSERT_TRUE(dump);
  EXPECT_EQ(dump->trigger, "Program termination");
  EXPECT_EQ(dump->instructions, 0u);
}

TEST(CallgrindDump, ATextWithoutTriggerOrTotalsIsNoDump) {
  EXPECT_FALSE(parse_callgrind_dump(""));
  EXPECT_FALSE(parse_callgrind_dump("desc: Trigger: Client Request: empty\n"));
  EXPECT_FALSE(parse_callgrind_dump("totals: 12\n"));
  EXPECT_FALSE(parse_callgrind_dump("desc: Trigger: Client Request: empty\ntotals: twelve\n"));
}

TEST(CountArgs, BlocksComeBackAsTheyWent) {
  const std::string scalar("\x01\x00\x00\x00\x00\x00\x00\x00", 8), empty, text = "abc\ndef";
  const auto blocks = decode_count_args(encode_count_args({scalar, empty, text}));
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0], scalar);
  EXPECT_EQ(blocks[1], empty);
  EXPECT_EQ(blocks[2], text);
}

TEST(CountArgs, ADamagedFileSaysWhat) {
  const std::string good = encode_count_args({"abcd"});
  auto message = [](const std::string& text) {
    try {
      decode_count_args(text);
    } catch (const std::runtime_error& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("hello"), "not an arguments file of this abtool");
  EXPECT_EQ(message(good.substr(0, good.size() - 1)), "shorter than its blocks");
  EXPECT_EQ(message(good + "x"), "longer than its blocks");
  EXPECT_EQ(message("abtool-count-args 1\nmany\n"), "its block count is not a number");
}

TEST(HostCountingTools, AMissingRunnerIsAnInputErrorNamingIt) {
  if (!find_program("valgrind")) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind)";
  try {
    find_host_counting_tools("/nonexistent-abtool-dir");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("abtool-count-host is missing"), std::string::npos) << error.what();
  }
}

// A real count: cpu_saxpy's own source built here, counted twice per call, the same count twice;
// twice the elements, about twice the instructions.
TEST(HostInstructionCounter, CountsTheCallAloneTheSameEveryTime) {
  if (!find_program("valgrind")) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind)";
  const fs::path runner_dir = ABTOOL_TEST_RUNNER_DIR;
  const OpSpec op = load_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops" / "cpu_saxpy" / "op.yaml");
  CompilerSpec spec = parse_compiler_spec("host:g++", "", {});
  spec.valgrind_runnable = true;
  const auto compiler = make_compiler(spec, "");
  TempDir out("abtool-count-test-");
  fs::create_directories(out.path() / "job");
  CompileJob job{op.source, op.kernel, &op.args, {{"UNROLL", "4"}}, DType::fp32, out.path() / "job", {}};
  const CompiledVariant variant = compiler->compile(job);
  ASSERT_TRUE(variant.ok) << variant.log;
  const auto counter = make_host_instruction_counter(find_host_counting_tools(runner_dir), std::chrono::seconds(120));
  auto count_at = [&](long long n) {
    PointWorkspace workspace(op, Point{op.name, {n}, DType::fp32}, 42);
    const auto counts = counter->count(workspace, {{variant.binary, variant.entry_symbol}});
    EXPECT_EQ(counts.size(), 1u);
    return counts.at(0);
  };
  const InstructionCount small = count_at(4096), large = count_at(8192);
  EXPECT_EQ(small.tool, "callgrind");
  ASSERT_EQ(small.calls.size(), size_t(kCountedCalls));
  EXPECT_EQ(small.calls[0], small.calls[1]) << "deterministic code, counted twice";
  EXPECT_EQ(small.spread(), 0.0);
  EXPECT_EQ(count_at(4096).value(), small.value()) << "another process, the same count";
  const double ratio = double(large.value()) / double(small.value());
  EXPECT_GT(ratio, 1.8);
  EXPECT_LT(ratio, 2.2);
}

}  // namespace
}  // namespace abt
