#include "engine/point_bench.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/side_plan.h"
#include "util/errors.h"
#include "verify/compare_outputs.h"
#include "verify/run_to_run.h"

#include <algorithm>
#include <cstring>

#include "launch/point_workspace.h"

namespace abt {
namespace {

// Triton's launch contract (compilers/compiler.h) in terms of this op's arguments.
TritonCall triton_call(const OpSpec& op, const TritonLaunchContract& contract, const Point& point, const Config& config,
                       LaunchGeometry& geometry) {
  if (!contract.unsupported.empty()) throw PointError(contract.unsupported);
  geometry.block = {contract.num_warps * 32, 1, 1};
  geometry.shared_bytes = contract.shared_bytes;
  TritonCall call;
  const Symbols symbols = op.symbols(point.shape, point.dtype, config);
  for (const auto& name : contract.passed_args) {
    auto found = std::find_if(op.args.begin(), op.args.end(), [&](const ArgSpec& arg) { return arg.name == name; });
    if (found == op.args.end()) throw PointError("the kernel takes '" + name + "', which is not an argument of the op");
    const size_t index = size_t(found - op.args.begin());
    call.passed_args.push_back(index);
    if (!found->descriptor) continue;
    DescriptorCall descriptor{index, name, found->resolve_dtype(point.dtype), {}, {}, found->descriptor->padding, std::nullopt};
    try {
      for (const Expr& extent : found->shape) descriptor.shape.push_back(extent.eval_int(symbols));
      descriptor.block = descriptor_block(*found->descriptor, symbols);
    } catch (const std::invalid_argument& error) {
      throw PointError(fmt::format("tensor descriptor {}: {}", name, error.what()));
    }
    call.descriptors.push_back(std::move(descriptor));
  }
  // TMA layouts come in the order of the descriptor arguments, one each, or none at all.
  if (!contract.tensor_maps.empty()) {
    if (contract.tensor_maps.size() != call.descriptors.size())
      throw PointError(fmt::format("the compiled kernel has {} TMA descriptors, the op {} descriptor arguments",
                                   contract.tensor_maps.size(), call.descriptors.size()));
    for (size_t d = 0; d < call.descriptors.size(); ++d) call.descriptors[d].tensor_map = contract.tensor_maps[d];
  }
  call.global_scratch_bytes = contract.global_scratch_bytes;
  call.global_scratch_align = contract.global_scratch_align;
  call.profile_scratch_bytes = contract.profile_scratch_bytes;
  call.profile_scratch_align = contract.profile_scratch_align;
  return call;
}

// reference: captured -- what the library's own launch wrote, on the inputs the workspace holds.
OutputSnapshot captured_outputs(const OpSpec& op, const Point& point) {
  const CapturedCase& found = op.captured->at(point);
  const std::vector<ArgLayout> layout = arg_layout(op, point);
  OutputSnapshot outputs;
  for (size_t index = 0; index < op.args.size(); ++index) {
    const ArgSpec& arg = op.args[index];
    const std::optional<ArgKind> kind = layout[index].kind_here(arg, index);
    if (kind != ArgKind::out && kind != ArgKind::inout) continue;
    const ArgLayout& buffer = layout[index];
    OutputCopy copy{&arg, buffer.dtype, buffer.buffer_bytes() / dtype_size(buffer.dtype), std::vector<std::byte>(buffer.buffer_bytes())};
    read_captured_input(*found.args.at(arg.name).output, copy.bytes.size(), copy.bytes.data());
    outputs.push_back(std::move(copy));
  }
  return outputs;
}

}  // namespace

double compile_seconds(const OpSession& session) {
  return session.services.variants.seconds() + (session.services.references ? session.services.references->seconds() : 0);
}

PointBench::PointBench(const OpSession& session, const Point& point)
    : session_(session), point_(point), specialization_(specialization_at(session.context.op, point)) {
  {
    PhaseClock inputs(phases_, PointPhase::inputs);
    workspace_ = session.services.target.make_workspace(session.context.op, point, session.context.seed);
    input_digest_ = workspace_->input_digest();
  }
  const auto reference_started = std::chrono::steady_clock::now();
  const double compiled_before = compile_seconds(session);
  const PhaseTimes before = phases_;
  prepare_reference();
  // The reference phase is what the bench's other phases and the compiles inside it leave.
  const double inside = phases_.total() - before.total() + compile_seconds(session) - compiled_before;
  phases_.add(PointPhase::reference,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - reference_started).count() - inside);
  setup_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

void PointBench::prepare_reference() {
  const OpSession& session = session_;
  const Point& point = point_;
  const OpSpec& op = session.context.op;
  const Tolerance& tolerance = op.tolerance(point.dtype);
  if (tolerance.mode == Tolerance::Mode::skip) return;
  if (op.reference_from_baseline(point)) {
    prepare_baseline_reference();
    against_ = VerifiedAgainst::baseline_output;
    return;
  }
  if (op.reference.captured) {
    against_ = VerifiedAgainst::captured_output;
    const OutputSnapshot captured = captured_outputs(op, point);
    if (captured.empty())  // verification would compare nothing: never timed unverified
      throw PointError("the op writes none of its arguments (no out or inout): nothing to verify against the capture");
    workspace_->keep_outputs(OutputsAt::reference, captured);
    return;
  }
  if (!session.services.references) throw PointError("no reference kernel to verify against");
  const CompiledVariant& reference = session.services.references->get({}, point.dtype);
  if (!reference.ok) throw PointError("reference " + op.reference.kernel + " did not compile: " + reference.log);
  LaunchPlan plan;
  if (op.reference.launch) plan.geometry = launch_geometry(op, *op.reference.launch, point, {});
  auto kernel = session.services.target.load(reference.binary, reference.entry_symbol, plan);
  take_reference_from(*kernel, "reference " + op.reference.kernel);
  against_ = VerifiedAgainst::reference_kernel;
}

void PointBench::take_reference_from(const LoadedVariant& kernel, const std::string& what) {
  workspace_->restore_inputs();
  workspace_->poison_outputs();
  workspace_->arm_guards();
  try {
    kernel.launch(workspace_->args());
    if (auto breach = workspace_->guard_breach())  // its outputs would be a corrupted reference
      throw PointError(fmt::format("{} cannot be the reference: {}", what, *breach));
    workspace_->keep_outputs(OutputsAt::reference);
  } catch (const DeviceFault& fault) {
    throw DeviceFault(what + ": " + fault.what());
  }
}

void PointBench::prepare_baseline_reference() {
  const OpServices& services = session_.services;
  const OpSpec& op = session_.context.op;
  if (std::none_of(op.args.begin(), op.args.end(), [](const ArgSpec& arg) { return arg.kind == ArgKind::out || arg.kind == ArgKind::inout; }))
    throw PointError("the op writes none of its arguments (no out or inout): nothing to verify against A's outputs");
  const std::string why = op.reference.baseline ? "reference: baseline"
                                                : "the capture kept no output of these inputs (over --max-input-mb)";
  // A replay: A's own binary, run here on the same inputs, is what B must agree with.
  if (services.sides) {
    const ReferenceBinary a = services.sides->baseline_for_reference(point_);
    if (!a.variant) throw PointError(fmt::format("no reference: A's output is this point's ({}), but {}", why, a.why_not));
    // A's results.json holds the config sorted by name; a captured grid is found by the config in the op's order.
    const Config config = op.canonical_config(a.config).value_or(a.config);
    const std::string what = fmt::format("A's stored binary ({})", config_text(config));
    take_reference_from(*load(*a.variant, config), what);
    services.sink.log(fmt::format("{}: the reference is {}, run here ({})", point_.id(), what, why));
    return;
  }
  // A record is side A: its configs are checked against one of its own, the library's pick
  // where the capture knows it, else the first that compiles and loads.
  std::vector<Config> configs = op.config_space_at(point_);
  if (op.captured)
    if (const auto& pick = op.captured->at(point_).library_choice)
      std::stable_partition(configs.begin(), configs.end(), [&](const Config& config) { return config_text(config) == *pick; });
  std::vector<std::string> failures;
  for (const Config& config : configs) {
    const CompiledVariant& variant = compiled(config);
    std::unique_ptr<LoadedVariant> kernel;
    try {
      if (!variant.ok) throw PointError("it did not compile");
      kernel = load(variant, config);
    } catch (const PointError& error) {
      failures.push_back(fmt::format("{}: {}", config_text(config), error.what()));
      continue;
    }
    const std::string what = fmt::format("A's config {}", config_text(config));
    take_reference_from(*kernel, what);
    services.sink.log(fmt::format("{}: the reference is {}: A's other configs are checked against it, a replay's B "
                                  "against A's binary ({})", point_.id(), what, why));
    return;
  }
  throw PointError(fmt::format("no reference ({}): no config of A's compiled and loaded to give one ({})", why,
                               fmt::join(failures, "; ")));
}

TuneKey PointBench::key() const {
  return TuneKey{point_.op, session_.context.op.kernel, point_.shape_text(), dtype_name(point_.dtype)};
}

std::string PointBench::variant_name(const Config& config) const { return session_.context.naming.name(config, point_.dtype); }

const CompiledVariant& PointBench::compiled(const Config& config) const {
  return session_.services.variants.get(config, point_.dtype, specialization_);
}

std::string PointBench::params_text(const Config& config) const {
  if (specialization_.empty()) return config_text(config);
  return config_text(config) + " | " + specialization_.text();
}

std::unique_ptr<LoadedVariant> PointBench::load(const CompiledVariant& variant, const Config& config) const {
  PhaseClock load(phases_, PointPhase::load);
  const OpSpec& op = session_.context.op;
  LaunchPlan plan;
  if (op.language == Language::triton) {
    if (!variant.triton) throw PointError("a Triton variant without its launch contract");
    plan.geometry = launch_geometry(op, *op.launch, point_, config);
    plan.triton = triton_call(op, *variant.triton, point_, config, plan.geometry);
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
  return session_.services.target.load(variant.binary, variant.entry_symbol, plan);
}

void PointBench::run_on_inputs(const LoadedVariant& variant) {
  workspace_->restore_inputs();
  workspace_->poison_outputs();
  workspace_->arm_guards();
  variant.launch(workspace_->args());
}

VerifyOutcome PointBench::verify(const LoadedVariant& variant) {
  PhaseClock verify(phases_, PointPhase::verify);
  run_on_inputs(variant);
  // Checked before the outputs, and whatever the tolerance: memory outside the buffers is nobody's output.
  if (auto breach = workspace_->guard_breach()) {
    VerifyOutcome wrote_outside;
    wrote_outside.status = VerifyOutcome::Status::failed;
    wrote_outside.first_mismatch = *breach;
    return with_against(std::move(wrote_outside));
  }
  const Tolerance& tolerance = session_.context.op.tolerance(point_.dtype);
  if (tolerance.mode == Tolerance::Mode::skip) return compare_outputs({}, {}, tolerance);  // skipped, with its reason
  const OutputsCompared compared = workspace_->compare_outputs(OutputsAt::current, OutputsAt::reference, tolerance);
  VerifyOutcome outcome = outcome_of(compared);
  if (outcome.passed() || tolerance.mode != Tolerance::Mode::close) return with_against(std::move(outcome));
  return with_against(against_own_spread(variant, tolerance, compared.want_max_abs, std::move(outcome)));
}

VerifyOutcome PointBench::against_own_spread(const LoadedVariant& variant, const Tolerance& tolerance,
                                             double reference_scale, VerifyOutcome failed) {
  workspace_->keep_outputs(OutputsAt::failed_run);
  Tolerance bitwise;
  bitwise.mode = Tolerance::Mode::exact;
  double spread = 0;
  for (int run = 0; run < kRunsForSpread; ++run) {
    run_on_inputs(variant);
    spread = std::max(spread, workspace_->compare_outputs(OutputsAt::failed_run, OutputsAt::current, bitwise).max_abs);
  }
  const RunToRunAllowance allowance = allowance_for_spread(tolerance, spread, reference_scale);
  if (spread > 0) failed.own_spread = spread;
  if (!allowance.widened) {
    if (spread > 0) failed.first_mismatch += "; " + allowance.refused;
    return failed;
  }
  VerifyOutcome again = outcome_of(workspace_->compare_outputs(OutputsAt::failed_run, OutputsAt::reference, *allowance.widened));
  again.own_spread = spread;
  if (!again.passed()) {
    again.first_mismatch += fmt::format("; its own runs differ by up to {:.3g}, and it is further from the reference than "
                                        "the tolerance plus twice that",
                                        spread);
    return again;
  }
  if (!spread_told_)  // once a point: a sweep's check and the gate's would say it twice
    session_.services.sink.log(fmt::format("{}: its outputs differ from run to run by up to {:.3g} (as atomics summing in "
                                           "another order do): verified within the tolerance plus twice that (max abs "
                                           "{:.3g}, {} element(s) outside the tolerance alone)",
                                           point_.id(), spread, again.max_abs, failed.mismatches));
  spread_told_ = true;
  return again;
}

std::string PointBench::output_digest() const {
  PhaseClock verify(phases_, PointPhase::verify);
  return workspace_->output_digest();
}

void PointBench::keep_outputs(OutputsAt copy) {
  PhaseClock verify(phases_, PointPhase::verify);
  workspace_->keep_outputs(copy);
}

OutputsCompared PointBench::compare_bits(OutputsAt got, OutputsAt want) const {
  PhaseClock verify(phases_, PointPhase::verify);
  Tolerance bitwise;
  bitwise.mode = Tolerance::Mode::exact;
  return workspace_->compare_outputs(got, want, bitwise);
}

VerifyOutcome PointBench::with_against(VerifyOutcome outcome) const {
  if (outcome.status != VerifyOutcome::Status::skipped) outcome.against = against_;
  return outcome;
}

Measurement PointBench::time(const LoadedVariant& variant, const TimingSettings& settings) {
  TimedCall call;
  call.launch = [&] { variant.launch(workspace_->args()); };
  if (workspace_->has_inout()) call.reset = [&] { workspace_->restore_inputs(); };
  call.kernel_symbols = variant.symbols();
  Measurement measured = session_.services.timer.measure(call, settings);
  phases_.add(PointPhase::warmup, measured.warmup_s);
  phases_.add(PointPhase::timing, measured.sampling_s);
  return measured;
}

}  // namespace abt
