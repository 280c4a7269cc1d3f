// compare/compile_stages.h: both sides' compiles by stage, summed per op over the points that
// carry them, the counts decided at the instruction threshold, wall times shown only.
#include <gtest/gtest.h>

#include "compare/comparison.h"

namespace abt {
namespace {

CompileProfile counted(std::vector<std::pair<std::string, uint64_t>> stages) {
  CompileProfile profile;
  profile.counted_by = "callgrind";
  for (auto& [name, instructions] : stages) profile.stages.push_back({name, std::nullopt, instructions});
  return profile;
}

PointComparison row(const std::string& op, std::optional<CompileProfile> a, std::optional<CompileProfile> b) {
  PointComparison point;
  point.id = op + "/1/fp32";
  point.op = op;
  point.a_compile = std::move(a);
  point.b_compile = std::move(b);
  return point;
}

// A variant's compile_ms, where the compiler times its stages: their sum (compile_cache.cpp).
TEST(CompileStages, TheStagesTimesAreTheCompileWhereTheCompilerTimesThem) {
  CompileProfile profile;
  EXPECT_FALSE(profile.stages_ms()) << "no stage: the process's wall time is the compile's";
  profile.stages = {{"ast", 12.5, std::nullopt}, {"ttir", std::nullopt, 100}, {"cubin", 30.0, std::nullopt}};
  ASSERT_TRUE(profile.stages_ms());
  EXPECT_DOUBLE_EQ(*profile.stages_ms(), 42.5);
}

TEST(CompileStages, EqualCountsAreSameAndAOnePercentChangeIsDecided) {
  const std::vector<PointComparison> points{
      row("gemm", counted({{"cicc", 1000000}, {"ptxas", 500000}}), counted({{"cicc", 1000000}, {"ptxas", 515000}})),
      row("gemm", counted({{"cicc", 1000000}, {"ptxas", 500000}}), counted({{"cicc", 1000000}, {"ptxas", 515000}})),
      row("gemm", std::nullopt, counted({{"cicc", 1}})),  // A without a profile: not compared
  };
  const auto ops = compare_compile_stages(points, 0.1);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0].points, 2);
  EXPECT_EQ(ops[0].counted_points, 2);
  ASSERT_EQ(ops[0].stages.size(), 2u);
  EXPECT_EQ(ops[0].stages[0].decision->verdict, Verdict::same);
  EXPECT_EQ(ops[0].stages[1].decision->verdict, Verdict::slower);
  EXPECT_NEAR(ops[0].stages[1].decision->change_pct, 3.0, 1e-9);
  EXPECT_EQ(ops[0].stages[1].a_instructions, 1000000u);
  ASSERT_TRUE(ops[0].total);
  EXPECT_EQ(ops[0].total->verdict, Verdict::slower);
  EXPECT_NEAR(ops[0].total->change_pct, 1.0, 1e-9);
}

TEST(CompileStages, StagesOfOneCompilerOnlyCountInTheTotal) {
  // g++ runs cc1plus apart; clang compiles in its own process: other stages, one total.
  const auto ops = compare_compile_stages(
      {row("cpu_saxpy", counted({{"g++", 10}, {"cc1plus", 900}, {"ld", 90}}), counted({{"clang", 1200}, {"ld", 90}}))}, 0.1);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_TRUE(ops[0].stages[0].only_in_a);
  EXPECT_FALSE(ops[0].stages[0].decision);
  EXPECT_EQ(ops[0].stages[2].stage, "ld");
  EXPECT_EQ(ops[0].stages[2].decision->verdict, Verdict::same);
  EXPECT_TRUE(ops[0].stages[3].only_in_b);
  EXPECT_EQ(ops[0].total->a, 1000u);
  EXPECT_EQ(ops[0].total->b, 1290u);
  EXPECT_EQ(ops[0].total->verdict, Verdict::slower);
}

TEST(CompileStages, WallTimesAloneAreShownNotDecided) {
  CompileProfile a, b;
  a.stages = {{"ttgir", 10.0, std::nullopt}};
  b.stages = {{"ttgir", 30.0, std::nullopt}};
  const auto ops = compare_compile_stages({row("triton_add", a, b)}, 0.1);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0].counted_points, 0);
  EXPECT_FALSE(ops[0].total);
  EXPECT_FALSE(ops[0].stages[0].decision);
  EXPECT_EQ(*ops[0].stages[0].b_ms, 30.0);
}

}  // namespace
}  // namespace abt
