#include "recorder/point_bench.h"

#include <fmt/format.h>

#include "util/errors.h"

namespace abt {

PointBench::PointBench(OpSession& session, const Point& point)
    : session_(session), point_(point), workspace_(session.op, point, session.seed) {
  input_digest_ = workspace_.input_digest();
  const Tolerance& tolerance = session.op.tolerance(point.dtype);
  if (tolerance.mode == Tolerance::Mode::skip) return;
  if (!session.references) throw PointError("no reference kernel to verify against");
  const CompiledVariant& reference = session.references->get({}, point.dtype);
  if (!reference.ok) throw PointError("reference " + session.op.reference.kernel + " did not compile: " + reference.log);
  auto kernel = load(reference);
  workspace_.restore_inputs();
  workspace_.poison_outputs();
  kernel->launch(workspace_.args());
  reference_ = snapshot_outputs(workspace_);
}

TuneKey PointBench::key() const {
  return TuneKey{point_.op, session_.op.kernel, point_.shape_text(), dtype_name(point_.dtype)};
}

std::string PointBench::variant_name(const Config& config) const { return session_.naming.name(config, point_.dtype); }

std::unique_ptr<LoadedVariant> PointBench::load(const CompiledVariant& variant) const {
  return std::make_unique<HostKernel>(variant.binary, variant.entry_symbol);
}

VerifyOutcome PointBench::verify(const LoadedVariant& variant) {
  workspace_.restore_inputs();
  workspace_.poison_outputs();
  variant.launch(workspace_.args());
  if (!reference_) return compare_outputs(workspace_, ReferenceOutputs{}, session_.op.tolerance(point_.dtype));
  return compare_outputs(workspace_, *reference_, session_.op.tolerance(point_.dtype));
}

Measurement PointBench::time(const LoadedVariant& variant, const TimingSettings& settings) {
  TimedCall call;
  call.launch = [&] { variant.launch(workspace_.args()); };
  if (workspace_.has_inout()) call.reset = [&] { workspace_.restore_inputs(); };
  return session_.timer.measure(call, settings);
}

}  // namespace abt
