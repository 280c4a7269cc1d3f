// Triton specialization from a point's values, checked against what Triton 3.6's JIT does
// (native_specialize_impl): 1 -> constexpr, multiples of 16 (0 and negatives included) -> div16.
#include <gtest/gtest.h>

#include "compilers/specialization.h"
#include "spec_fixture.h"

namespace abt {

namespace {
OpSpec toy(const std::string& language) {
  std::string yaml = testing::replaced(testing::kValidSpec, "language: cpp", "language: " + language);
  yaml = testing::replaced(yaml, "  - {name: m, kind: scalar, dtype: i64, value: M}\n",
                           "  - {name: m, kind: scalar, dtype: i64, value: M}\n"
                           "  - {name: n, kind: scalar, dtype: i32, value: N}\n"
                           "  - {name: stride, kind: scalar, dtype: i32, value: N-M}\n"
                           "  - {name: scale, kind: scalar, dtype: fp32, value: 16}\n");
  if (language != "cpp") {
    yaml = testing::replaced(yaml, "reference: {source: toy.cpp, kernel: toy}",
                             "reference: {source: toy.cpp, kernel: toy, launch: {grid: [M], block: [32]}}");
    yaml += language == "triton" ? "launch: {grid: [M]}\n" : "launch: {grid: [M], block: [32]}\n";
  }
  static testing::SpecFolder folder;
  return load_op_spec(folder.write(yaml));
}
}  // namespace

TEST(Specialization, IntegersEqualToOneAndMultiplesOf16AsTritonsJit) {
  const OpSpec op = toy("triton");
  Specialization at = specialization_at(op, Point{"toy", {1, 48}, DType::fp32});
  EXPECT_EQ(at.text(), "m=1 n=div16") << "stride = 47 is neither; fp32 scalars are never specialized";
  at = specialization_at(op, Point{"toy", {17, 17}, DType::fp32});
  EXPECT_EQ(at.text(), "stride=div16") << "N - M = 0 is divisible by 16, as in Triton";
  at = specialization_at(op, Point{"toy", {40, 24}, DType::fp32});
  EXPECT_EQ(at.text(), "stride=div16") << "-16 too";
  EXPECT_TRUE(specialization_at(op, Point{"toy", {3, 5}, DType::fp32}).empty());
  EXPECT_EQ(at.scalars.at("stride"), Specialization::Kind::divisible_by_16);
}

TEST(Specialization, OnlyTritonKernelsAreSpecialized) {
  EXPECT_TRUE(specialization_at(toy("cuda"), Point{"toy", {1, 48}, DType::fp32}).empty())
      << "NVRTC and nvcc compile the source as written";
  EXPECT_TRUE(specialization_at(toy("cpp"), Point{"toy", {1, 48}, DType::fp32}).empty());
}

}  // namespace abt
