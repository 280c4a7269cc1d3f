// Pass outputs compared as code (issue "Explain II"): value names matched between the sides, so a
// renumbering, a moved location or another metadata number is no change; a reordering is said as
// one; and the operations whose count changed are the line a compiler engineer reads.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "passes/canonical_diff.h"
#include "passes/divergence.h"
#include "passes/time_report.h"
#include "util/files.h"

namespace abt {
namespace {

std::string fixture(const std::string& name) {
  return read_text_file(std::string(ABTOOL_TEST_SOURCE_DIR) + "/tests/fixtures/passes/" + name);
}

const std::string kLlvm = R"(define void @k(ptr %0, ptr %1, i32 %2) {
  %4 = load float, ptr %0, align 4, !dbg !12
  %5 = load float, ptr %1, align 4, !dbg !13
  %6 = fmul float %4, %5, !dbg !14
  %7 = fadd float %6, %4, !dbg !15
  store float %7, ptr %0, align 4, !dbg !16
  ret void, !dbg !17
}
!12 = !DILocation(line: 3, column: 5, scope: !9)
)";

TEST(CanonicalDiff, DumpsThatDifferOnlyInValueNamesLocationsOrMetadataAreTheSame) {
  // LLVM: every value renumbered (as a value more before them would), other !dbg numbers.
  std::string renamed = R"(define void @k(ptr %10, ptr %11, i32 %12) {
  %14 = load float, ptr %10, align 4, !dbg !40
  %15 = load float, ptr %11, align 4, !dbg !41
  %16 = fmul float %14, %15, !dbg !42
  %17 = fadd float %16, %14, !dbg !43
  store float %17, ptr %10, align 4, !dbg !44
  ret void, !dbg !45
}
!40 = !DILocation(line: 9, column: 1, scope: !2)
)";
  EXPECT_NE(kLlvm, renamed);
  EXPECT_TRUE(same_code(normalize_ir(kLlvm), normalize_ir(renamed)));
  // MLIR: Triton 3.6.0's output, its locations moved, its value names changed.
  const std::string mlir = fixture("add_kernel.convert-triton-gpu-to-llvm.triton-3.6.0.mlir");
  std::string moved = mlir;
  for (size_t at = 0; (at = moved.find("%offs_", at)) != std::string::npos; at += 6) moved.replace(at, 6, "%o_");
  for (size_t at = 0; (at = moved.find("loc(#loc2"), at) != std::string::npos; at += 9) moved.replace(at, 9, "loc(#loc9");
  EXPECT_NE(mlir, moved);
  EXPECT_TRUE(same_code(normalize_ir(mlir), normalize_ir(moved)));
  // A swapped operand is not a renaming: %4 and %5 trade places in the fmul's uses only.
  std::string swapped = kLlvm;
  swapped.replace(swapped.find("fadd float %6, %4"), 17, "fadd float %6, %5");
  EXPECT_FALSE(same_code(normalize_ir(kLlvm), normalize_ir(swapped)));
  EXPECT_EQ(canonical_difference(normalize_ir(kLlvm), normalize_ir(swapped), PassStage::llvm).changed_lines, 2u);
}

TEST(CanonicalDiff, IndependentOperationsInAnotherOrderAreSaidToBeOrderOnly) {
  std::string reordered = kLlvm;
  const std::string first = "  %4 = load float, ptr %0, align 4, !dbg !12\n", second = "  %5 = load float, ptr %1, align 4, !dbg !13\n";
  reordered.replace(reordered.find(first), first.size() + second.size(), second + first);
  const CanonicalDifference found = canonical_difference(normalize_ir(kLlvm), normalize_ir(reordered), PassStage::llvm);
  EXPECT_GT(found.changed_lines, 0u) << "another order is another text";
  EXPECT_TRUE(found.order_only);
  EXPECT_TRUE(found.op_changes.empty());
}

// Triton 3.5.1 against 3.6.0 on one add kernel, after ConvertTritonGPUToLLVM: as text, hundreds of
// lines differ (3.6.0's three casts at the top renumber every value after them); as code, few.
TEST(CanonicalDiff, TwoTritonBuildsOutputsDifferInFewLinesOfCodeAndTheOpCountsSayHow) {
  const std::string a = normalize_ir(fixture("add_kernel.convert-triton-gpu-to-llvm.triton-3.5.1.mlir"));
  const std::string b = normalize_ir(fixture("add_kernel.convert-triton-gpu-to-llvm.triton-3.6.0.mlir"));
  const PassDivergence raw = first_divergence({{PassStage::mlir_llvm, "p", a}}, {{PassStage::mlir_llvm, "p", b}}, false);
  const PassDivergence code = first_divergence({{PassStage::mlir_llvm, "p", a}}, {{PassStage::mlir_llvm, "p", b}}, true);
  ASSERT_TRUE(raw.diverged && code.diverged);
  EXPECT_EQ(code.raw_changed_lines, raw.changed_lines);
  EXPECT_LT(code.changed_lines * 4, raw.changed_lines) << code.changed_lines << " of " << raw.changed_lines;
  EXPECT_FALSE(code.order_only);
  ASSERT_TRUE(code.ops_counted);
  const std::string ops = op_changes_text(code.op_changes);
  // 3.6.0 casts the three pointers first, masks the thread id with 127 and names the cluster id op
  // nvg.cluster_id (3.5.1: nvgpu.cluster_id).
  EXPECT_EQ(ops, "builtin.unrealized_conversion_cast +3, llvm.and +2, llvm.mlir.constant +2, nvg.cluster_id +1, "
                 "nvgpu.cluster_id -1");
  EXPECT_LE(std::count(code.excerpt.begin(), code.excerpt.end(), '\n'), long(kExcerptLines));
  std::cout << "raw " << raw.changed_lines << ", canonical " << code.changed_lines << ": " << ops << "\n" << code.excerpt;
}

// Compile time per pass, as GCC 12 and Clang 14 print it with -ftime-report (fixtures: a saxpy at -O3).
TEST(TimeReport, GccsTimeVariablesAndLlvmsPassTimingsAreRead) {
  const TimeReport gcc = read_time_report(fixture("saxpy.gcc-12.ftime-report.txt"));
  ASSERT_FALSE(gcc.empty());
  EXPECT_DOUBLE_EQ(gcc.total_ms, 50.0) << "TOTAL's wall column";
  EXPECT_EQ(gcc.passes_ms.front().first, "callgraph optimization") << "the phase aggregates and |parts left out";
  EXPECT_EQ(gcc.passes_ms.size(), 7u);
  const auto expansion = std::find_if(gcc.passes_ms.begin(), gcc.passes_ms.end(),
                                      [](const auto& p) { return p.first == "callgraph functions expansion"; });
  ASSERT_NE(expansion, gcc.passes_ms.end());
  EXPECT_DOUBLE_EQ(expansion->second, 30.0);

  const std::string clang_err = fixture("saxpy.clang-14.ftime-report.txt");
  const TimeReport clang = read_time_report(clang_err);
  ASSERT_FALSE(clang.empty());
  EXPECT_GT(clang.total_ms, 0);
  const auto vectorizer = std::find_if(clang.passes_ms.begin(), clang.passes_ms.end(),
                                       [](const auto& p) { return p.first == "LoopVectorizePass"; });
  ASSERT_NE(vectorizer, clang.passes_ms.end());
  EXPECT_GT(vectorizer->second, 0);
  EXPECT_TRUE(std::none_of(clang.passes_ms.begin(), clang.passes_ms.end(),
                           [](const auto& p) { return p.first == "Code Generation Time" || p.first == "Evict"; }))
      << "only the pass execution timing reports, not the other timer groups";
  EXPECT_EQ(before_time_report(clang_err), "") << "the fixture is the report alone";
  EXPECT_EQ(before_time_report("*** IR Dump After X ***\nir\n" + clang_err), "*** IR Dump After X ***\nir\n");

  TimeReport slower = gcc;
  slower.passes_ms.front().second += 25;
  const auto changes = largest_time_changes(gcc, slower);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].pass, "callgraph optimization");
  EXPECT_DOUBLE_EQ(changes[0].b_ms - changes[0].a_ms, 25.0);
}

// Triton's (3.6.0, sm_90): an MLIR "Execution time report" after each pipeline and LLVM's pass
// timings, printed between the pass dumps, which stay as they were once the reports are taken out.
TEST(TimeReport, TritonsMlirAndLlvmTimingsAreReadAndLeaveTheDumps) {
  const std::string err = fixture("add_kernel.triton-3.6.0.timing.txt");
  const TimeReport triton = read_time_report(err);
  ASSERT_FALSE(triton.empty());
  auto ms_of = [&](const std::string& name) {
    const auto found = std::find_if(triton.passes_ms.begin(), triton.passes_ms.end(), [&](const auto& p) { return p.first == name; });
    return found == triton.passes_ms.end() ? -1.0 : found->second;
  };
  EXPECT_GT(ms_of("TritonGPUCoalesce"), 0) << "an MLIR pass";
  EXPECT_GE(ms_of("NVPTX DAG->DAG Pattern Instruction Selection"), 0) << "an LLVM pass";
  EXPECT_EQ(ms_of("Rest"), -1.0);
  EXPECT_EQ(ms_of("(A) DominanceInfo"), -1.0) << "analyses are not passes";
  EXPECT_EQ(ms_of("Canonicalizer") > 0, true) << "a pass run several times: its runs summed";
  double sum = 0;
  for (const auto& [pass, ms] : triton.passes_ms) sum += ms;
  EXPECT_LE(sum, triton.total_ms + 1.0) << "nested passes are inside their pipeline's line, not counted twice";
  EXPECT_GT(triton.total_ms, 0);

  const std::string dump_a = "// -----// IR Dump Before Inliner (inline) //----- //\nmodule {\n}\n\n";
  const std::string dump_b = "// -----// IR Dump Before TritonGPUCoalesce (tritongpu-coalesce) //----- //\nmodule {}\n";
  EXPECT_EQ(without_time_reports(dump_a + err + dump_b), dump_a + dump_b);
  EXPECT_EQ(without_time_reports(dump_a), dump_a);
}

}  // namespace
}  // namespace abt
