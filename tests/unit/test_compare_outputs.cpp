#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "launch/point_workspace.h"
#include "opspec/op_spec.h"
#include "spec_fixture.h"
#include "verify/compare_outputs.h"

namespace abt {

class CompareOutputsTest : public ::testing::Test {
 protected:
  float* output(PointWorkspace& workspace) { return reinterpret_cast<float*>(workspace.args()[2]); }
  testing::SpecFolder folder_;
  OpSpec spec_ = load_op_spec(folder_.write(testing::kValidSpec));
  Point point_{"toy", {1, 4}, DType::fp32};
  PointWorkspace reference_workspace_{spec_, point_, 1};
  PointWorkspace candidate_{spec_, point_, 1};
  void SetUp() override {
    float* ref = output(reference_workspace_);
    for (int i = 0; i < 4; ++i) ref[i] = float(i + 1);
    reference_ = reference_workspace_.read_outputs();
  }
  VerifyOutcome check(const Tolerance& tolerance) { return compare_outputs(candidate_.read_outputs(), reference_, tolerance); }
  OutputSnapshot reference_;
};

TEST_F(CompareOutputsTest, WithinToleranceFollowsAllclose) {
  float* out = output(candidate_);
  for (int i = 0; i < 4; ++i) out[i] = float(i + 1);
  out[3] = 4.0f * (1 + 1e-6f);
  Tolerance tolerance{Tolerance::Mode::close, 1e-5, 0, ""};
  VerifyOutcome outcome = check(tolerance);
  EXPECT_TRUE(outcome.passed());
  EXPECT_NEAR(outcome.max_rel, 1e-6, 2e-7);
  out[3] = 4.1f;
  outcome = check(tolerance);
  EXPECT_FALSE(outcome.passed());
  EXPECT_EQ(outcome.mismatches, 1u);
  EXPECT_NEAR(outcome.max_abs, 0.1, 1e-5);
  EXPECT_NE(outcome.first_mismatch.find("args.y[3]"), std::string::npos) << outcome.first_mismatch;
}

TEST_F(CompareOutputsTest, UnwrittenPoisonFails) {
  candidate_.poison_outputs();
  float* out = output(candidate_);
  for (int i = 0; i < 3; ++i) out[i] = float(i + 1);  // element 3 never written
  VerifyOutcome outcome = check(Tolerance{Tolerance::Mode::close, 1, 1, ""});
  EXPECT_FALSE(outcome.passed());
  EXPECT_TRUE(std::isinf(outcome.max_abs));
}

TEST_F(CompareOutputsTest, ExactMeansBitwise) {
  float* out = output(candidate_);
  for (int i = 0; i < 4; ++i) out[i] = float(i + 1);
  EXPECT_TRUE(check(Tolerance{Tolerance::Mode::exact, 0, 0, ""}).passed());
  out[0] = std::nextafter(1.0f, 2.0f);
  EXPECT_FALSE(check(Tolerance{Tolerance::Mode::exact, 0, 0, ""}).passed());
}

TEST_F(CompareOutputsTest, SkipCarriesItsReason) {
  VerifyOutcome outcome = check(Tolerance{Tolerance::Mode::skip, 0, 0, "random"});
  EXPECT_EQ(outcome.status, VerifyOutcome::Status::skipped);
  EXPECT_EQ(outcome.skip_reason, "random");
  EXPECT_TRUE(outcome.passed());
}

TEST(CompareHalfOutputs, ComparesTheEncodedValues) {
  ArgSpec spec;
  spec.name = "y";
  auto copy_of = [&](DType dtype, std::vector<uint16_t> bits) {
    OutputCopy copy{&spec, dtype, bits.size(), std::vector<std::byte>(bits.size() * 2)};
    std::memcpy(copy.bytes.data(), bits.data(), copy.bytes.size());
    return copy;
  };
  // fp16 1.0 = 0x3c00, next value up 0x3c01 = 1 + 2^-10; bf16 1.0 = 0x3f80, 0x3f81 = 1 + 2^-7.
  Tolerance tight{Tolerance::Mode::close, 1e-4, 0, ""}, loose{Tolerance::Mode::close, 1e-2, 0, ""};
  OutputSnapshot half_ref{copy_of(DType::fp16, {0x3c00})}, half_got{copy_of(DType::fp16, {0x3c01})};
  EXPECT_FALSE(compare_outputs(half_got, half_ref, tight).passed());
  VerifyOutcome outcome = compare_outputs(half_got, half_ref, loose);
  EXPECT_TRUE(outcome.passed());
  EXPECT_DOUBLE_EQ(outcome.max_abs, 0x1p-10);
  OutputSnapshot bf_ref{copy_of(DType::bf16, {0x3f80})}, bf_got{copy_of(DType::bf16, {0x3f81})};
  EXPECT_DOUBLE_EQ(compare_outputs(bf_got, bf_ref, loose).max_abs, 0x1p-7);
  OutputSnapshot poisoned{copy_of(DType::bf16, {0x7fc0})};
  EXPECT_FALSE(compare_outputs(poisoned, bf_ref, loose).passed());
}

}  // namespace abt
