#include "recorder/point_bench.h"

#include <fmt/format.h>

#include "util/errors.h"

#include <algorithm>

namespace abt {
namespace {

// The launch that Triton's own launcher would make for this compiled kernel (its meta.json):
// block = num_warps x 32, the kernel's shared memory, its passed parameters and scratch sizes.
TritonCall triton_call(const OpSpec& op, const CompiledVariant& variant, LaunchGeometry& geometry) {
  const nlohmann::json& meta = variant.metadata;
  TritonCall call;
  try {
    if (meta.value("num_ctas", 1) != 1)
      throw PointError(fmt::format("num_ctas={} (thread-block clusters) is not supported", meta.value("num_ctas", 1)));
    if (meta.value("launch_cooperative_grid", false) || meta.value("launch_pdl", false) || meta.value("tensordesc", false))
      throw PointError("cooperative, PDL and tensor-descriptor launches are not supported");
    geometry.block = {unsigned(meta.at("num_warps").get<int>() * 32), 1, 1};
    geometry.shared_bytes = meta.at("shared").get<unsigned>();
    for (const auto& name : meta.at("launch_args")) {
      auto found = std::find_if(op.args.begin(), op.args.end(), [&](const ArgSpec& arg) { return arg.name == name.get<std::string>(); });
      if (found == op.args.end()) throw PointError("the kernel takes '" + name.get<std::string>() + "', which is not an argument of the op");
      call.passed_args.push_back(size_t(found - op.args.begin()));
    }
    auto size = [&](const char* key) { return meta.contains(key) && !meta[key].is_null() ? meta[key].get<size_t>() : size_t(0); };
    call.global_scratch_bytes = size("global_scratch_size");
    call.global_scratch_align = std::max<size_t>(1, size("global_scratch_align"));
    call.profile_scratch_bytes = size("profile_scratch_size");
    call.profile_scratch_align = std::max<size_t>(1, size("profile_scratch_align"));
  } catch (const nlohmann::json::exception& error) {
    throw PointError(std::string("the Triton helper's meta.json lacks what a launch needs: ") + error.what());
  }
  return call;
}

}  // namespace

PointBench::PointBench(OpSession& session, const Point& point)
    : session_(session), point_(point), workspace_(session.target.make_workspace(session.op, point, session.seed)),
      specialization_(specialization_at(session.op, point)) {
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

const CompiledVariant& PointBench::compiled(const Config& config) const {
  return session_.variants.get(config, point_.dtype, specialization_);
}

std::string PointBench::params_text(const Config& config) const {
  if (specialization_.empty()) return config_text(config);
  return config_text(config) + " | " + specialization_.text();
}

std::unique_ptr<LoadedVariant> PointBench::load(const CompiledVariant& variant, const Config& config) const {
  const OpSpec& op = session_.op;
  LaunchPlan plan;
  if (op.language == Language::triton) {
    plan.geometry = launch_geometry(op, *op.launch, point_, config);
    plan.triton = triton_call(op, variant, plan.geometry);
  } else if (op.prologue) {
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
