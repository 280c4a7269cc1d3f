#include "recorder/point_bench.h"

#include <fmt/format.h>

#include "util/errors.h"

namespace abt {

PointBench::PointBench(OpSession& session, const Point& point)
    : session_(session), point_(point), workspace_(session.target.make_workspace(session.op, point, session.seed)) {
  input_digest_ = workspace_->input_digest();
  const Tolerance& tolerance = session.op.tolerance(point.dtype);
  if (tolerance.mode == Tolerance::Mode::skip) return;
  if (!session.references) throw PointError("no reference kernel to verify against");
  const CompiledVariant& reference = session.references->get({}, point.dtype);
  if (!reference.ok) throw PointError("reference " + session.op.reference.kernel + " did not compile: " + reference.log);
  LaunchPlan plan;
  if (session.op.reference.launch) plan.geometry = launch_geometry(session.op, *session.op.reference.launch, point, {});
  auto kernel = session.target.load(reference.binary, reference.entry_symbol, plan);
  workspace_->restore_inputs();
  workspace_->poison_outputs();
  try {
    kernel->launch(workspace_->args());
    reference_ = workspace_->read_outputs();
  } catch (const DeviceFault& fault) {
    throw DeviceFault(std::string("reference ") + session.op.reference.kernel + ": " + fault.what());
  }
}

TuneKey PointBench::key() const {
  return TuneKey{point_.op, session_.op.kernel, point_.shape_text(), dtype_name(point_.dtype)};
}

std::string PointBench::variant_name(const Config& config) const { return session_.naming.name(config, point_.dtype); }

std::unique_ptr<LoadedVariant> PointBench::load(const CompiledVariant& variant, const Config& config) const {
  const OpSpec& op = session_.op;
  LaunchPlan plan;
  if (op.prologue) {
    const LaunchPrologue& prologue = *op.prologue;
    const Point point = point_;
    plan.prologue = ReadbackPrologue{prologue.kernel, launch_geometry(op, prologue.launch, point, config), prologue.read_arg,
                                     op.args[prologue.read_arg].resolve_dtype(point.dtype),
                                     [&op, point, config, symbol = prologue.read_as](long long value) {
                                       return launch_geometry(op, *op.launch, point, config, {{symbol, double(value)}});
                                     }};
  } else if (op.launch) {
    plan.geometry = launch_geometry(op, *op.launch, point_, config);
  }
  return session_.target.load(variant.binary, variant.entry_symbol, plan);
}

VerifyOutcome PointBench::verify(const LoadedVariant& variant) {
  workspace_->restore_inputs();
  workspace_->poison_outputs();
  variant.launch(workspace_->args());
  last_outputs_ = workspace_->read_outputs();
  return compare_outputs(last_outputs_, reference_ ? *reference_ : OutputSnapshot{}, session_.op.tolerance(point_.dtype));
}

Measurement PointBench::time(const LoadedVariant& variant, const TimingSettings& settings) {
  TimedCall call;
  call.launch = [&] { variant.launch(workspace_->args()); };
  if (workspace_->has_inout()) call.reset = [&] { workspace_->restore_inputs(); };
  call.kernel_symbols = variant.symbols();
  return session_.timer.measure(call, settings);
}

}  // namespace abt
