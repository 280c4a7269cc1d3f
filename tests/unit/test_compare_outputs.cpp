#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "launch/point_workspace.h"
#include "opspec/op_spec.h"
#include "spec_fixture.h"
#include "verify/compare_outputs.h"
#include "verify/run_to_run.h"

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

TEST(RunToRun, AVariantThatRepeatsItselfKeepsItsFailure) {
  const Tolerance close{Tolerance::Mode::close, 1e-2, 1e-5, ""};
  const RunToRunAllowance allowance = allowance_for_spread(close, 0, 4.0);
  EXPECT_FALSE(allowance.widened);
  EXPECT_EQ(allowance.refused, "4 more runs gave the same outputs bit for bit");
}

TEST(RunToRun, ASpreadWithinTheToleranceAtTheLargestValueWidensAtolByTwiceIt) {
  const Tolerance close{Tolerance::Mode::close, 1.6e-2, 1e-5, ""};
  const RunToRunAllowance allowance = allowance_for_spread(close, 0.0156, 4.0);  // a bf16 unit at 2..4
  ASSERT_TRUE(allowance.widened);
  EXPECT_DOUBLE_EQ(allowance.widened->atol, 1e-5 + 2 * 0.0156);
  EXPECT_DOUBLE_EQ(allowance.widened->rtol, 1.6e-2);
  EXPECT_EQ(allowance.widened->mode, Tolerance::Mode::close);
}

TEST(RunToRun, ASpreadBeyondTheToleranceAtTheLargestValueIsNoRounding) {
  const Tolerance close{Tolerance::Mode::close, 1e-5, 1e-8, ""};
  for (double spread : {0.04, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
    const RunToRunAllowance allowance = allowance_for_spread(close, spread, 2.0);
    EXPECT_FALSE(allowance.widened) << spread;
    EXPECT_NE(allowance.refused.find("more than the tolerance at the reference's largest value (2e-05)"), std::string::npos)
        << allowance.refused;
  }
  const Tolerance exact{Tolerance::Mode::exact, 0, 0, ""};
  EXPECT_FALSE(allowance_for_spread(exact, 1e-9, 2.0).widened);
}

TEST(CompareOutputs, TheLargestReferenceValueIsTheScaleOfTheTolerance) {
  ArgSpec spec;
  spec.name = "y";
  const std::vector<float> want{0.5f, -3.0f, std::numeric_limits<float>::infinity(), 1.0f}, got{0.5f, -3.0f, 1.0f, 1.0f};
  const OutputView a{&spec, DType::fp32, got.size(), reinterpret_cast<const std::byte*>(got.data())};
  const OutputView b{&spec, DType::fp32, want.size(), reinterpret_cast<const std::byte*>(want.data())};
  EXPECT_EQ(compare_output_views({a}, {b}, Tolerance{}).want_max_abs, 3.0);  // the infinity is no scale
}

}  // namespace abt
