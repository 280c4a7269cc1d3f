// One point's bench: its inputs, the reference outputs, and the two things done to a variant
// there: verify it (the gate) and time it.
#pragma once
#include <memory>

#include "launch/host_kernel.h"
#include "launch/point_workspace.h"
#include "recorder/op_session.h"

namespace abt {

class PointBench {
 public:
  // Builds inputs and runs the reference. Throws PointError when the reference cannot be built.
  PointBench(OpSession& session, const Point& point);

  const Point& point() const { return point_; }
  OpSession& session() { return session_; }
  TuneKey key() const;
  std::string variant_name(const Config& config) const;
  const std::string& input_digest() const { return input_digest_; }

  std::unique_ptr<LoadedVariant> load(const CompiledVariant& variant) const;  // throws PointError
  // Restores inputs, poisons outputs, runs once and compares with the reference.
  VerifyOutcome verify(const LoadedVariant& variant);
  std::string output_digest() const { return workspace_.output_digest(); }
  Measurement time(const LoadedVariant& variant, const TimingSettings& settings);

 private:
  OpSession& session_;
  Point point_;
  PointWorkspace workspace_;
  std::optional<ReferenceOutputs> reference_;
  std::string input_digest_;
};

}  // namespace abt
