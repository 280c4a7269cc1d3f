#include <gtest/gtest.h>

#include <cmath>

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
    reference_ = snapshot_outputs(reference_workspace_);
  }
  ReferenceOutputs reference_;
};

TEST_F(CompareOutputsTest, WithinToleranceFollowsAllclose) {
  float* out = output(candidate_);
  for (int i = 0; i < 4; ++i) out[i] = float(i + 1);
  out[3] = 4.0f * (1 + 1e-6f);
  Tolerance tolerance{Tolerance::Mode::close, 1e-5, 0, ""};
  VerifyOutcome outcome = compare_outputs(candidate_, reference_, tolerance);
  EXPECT_TRUE(outcome.passed());
  EXPECT_NEAR(outcome.max_rel, 1e-6, 2e-7);
  out[3] = 4.1f;
  outcome = compare_outputs(candidate_, reference_, tolerance);
  EXPECT_FALSE(outcome.passed());
  EXPECT_EQ(outcome.mismatches, 1u);
  EXPECT_NEAR(outcome.max_abs, 0.1, 1e-5);
  EXPECT_NE(outcome.first_mismatch.find("args.y[3]"), std::string::npos) << outcome.first_mismatch;
}

TEST_F(CompareOutputsTest, UnwrittenPoisonFails) {
  candidate_.poison_outputs();
  float* out = output(candidate_);
  for (int i = 0; i < 3; ++i) out[i] = float(i + 1);  // element 3 never written
  VerifyOutcome outcome = compare_outputs(candidate_, reference_, Tolerance{Tolerance::Mode::close, 1, 1, ""});
  EXPECT_FALSE(outcome.passed());
  EXPECT_TRUE(std::isinf(outcome.max_abs));
}

TEST_F(CompareOutputsTest, ExactMeansBitwise) {
  float* out = output(candidate_);
  for (int i = 0; i < 4; ++i) out[i] = float(i + 1);
  EXPECT_TRUE(compare_outputs(candidate_, reference_, Tolerance{Tolerance::Mode::exact, 0, 0, ""}).passed());
  out[0] = std::nextafter(1.0f, 2.0f);
  EXPECT_FALSE(compare_outputs(candidate_, reference_, Tolerance{Tolerance::Mode::exact, 0, 0, ""}).passed());
}

TEST_F(CompareOutputsTest, SkipCarriesItsReason) {
  VerifyOutcome outcome = compare_outputs(candidate_, reference_, Tolerance{Tolerance::Mode::skip, 0, 0, "random"});
  EXPECT_EQ(outcome.status, VerifyOutcome::Status::skipped);
  EXPECT_EQ(outcome.skip_reason, "random");
  EXPECT_TRUE(outcome.passed());
}

}  // namespace abt
