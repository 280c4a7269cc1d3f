#include "replay/replay_sides.h"

#include <fmt/format.h>

#include "recorder/sweep.h"
#include "util/errors.h"

namespace abt {
namespace {

// A's stored binary, loaded here and verified on this point's inputs like B's; its outputs are
// compared with B's (kept as OutputsAt::other_side) bit for bit, where they are. Without it (none
// stored, or it does not pass here) the point is measured as B alone.
std::optional<Side> baseline_side(PointBench& bench, StoredBaselines& baselines, const Choice& choice,
                                  std::vector<Marker>& markers) {
  auto not_interleaved = [&](const std::string& why) {
    bench.session().services.sink.log(
        fmt::format("{}: A's stored binary is not measured beside B's: {}", bench.point().id(), why));
    return std::nullopt;
  };
  StoredBaseline stored = baselines.baseline(bench.point(), choice.config);
  if (stored.unavailable) {  // the point's marker says why, in run.log too
    markers.push_back(*stored.unavailable);
    return std::nullopt;
  }
  if (!stored.variant) return std::nullopt;
  Side side;
  side.role = SideRole::baseline;
  side.config = choice.config;
  side.binary_hash = stored.variant->binary_hash;
  side.counted = {stored.variant->binary, stored.variant->entry_symbol};
  std::optional<double> a_self_max_abs;
  try {
    side.loaded = bench.load(*stored.variant, choice.config);
    const VerifyOutcome outcome = bench.verify(*side.loaded);
    if (!outcome.passed()) return not_interleaved("it fails verification here: " + outcome.first_mismatch);
    // Twice: outputs that differ between two runs of A's own code are nondeterministic (atomics),
    // and B's difference from A is read against that spread, not as a numerics change.
    bench.keep_outputs(OutputsAt::earlier_run);
    if (!bench.verify(*side.loaded).passed()) return not_interleaved("a second run of it fails verification here");
    const OutputsCompared itself = bench.compare_bits(OutputsAt::earlier_run, OutputsAt::current);
    if (itself.mismatches) a_self_max_abs = itself.max_abs;
  } catch (const DeviceFault&) {
    throw;
  } catch (const PointError& error) {
    return not_interleaved(error.what());
  }
  const OutputsCompared bits = bench.compare_bits(OutputsAt::other_side, OutputsAt::current);
  side.outputs = OutputComparison{bits.mismatches == 0, bits.max_abs, bits.max_rel, size_t(bits.mismatches), a_self_max_abs};
  return side;
}

// replay --retune: B's own sweep winner, kept (IR, binary, index row) and timed in the same rounds
// when it is not A's config; when it is, it shares the measured side's samples. For a key A's
// record lacks, B's variant came from a sweep with B's compiler already: that is B's own best.
std::optional<Side> retuned_side(PointBench& bench, const Choice& choice, const Side& measured) {
  const OpSession& session = bench.session();
  Side side;
  side.role = SideRole::retuned;
  if (choice.source == ConfigSource::fallback_sweep) {
    side.config = measured.config;
  } else {
    Choice own = sweep_point(bench, ConfigSource::sweep);
    if (!own.found) {
      session.services.sink.log(fmt::format("{}: replay --retune found no config of B's own: {}", bench.point().id(), own.failure));
      return std::nullopt;
    }
    side.config = own.config;
    if (own.config != measured.config) {
      const CompiledVariant& compiled = bench.compiled(own.config);
      const Point& point = bench.point();
      side.row = IndexRow{point.shape_text(), session.context.op.kernel, bench.variant_name(own.config),
                          dtype_name(point.dtype), bench.params_text(own.config), own.unindexed_launches,
                          compiled.binary_hash, VariantRole::measured, compiled.compile_ms};
      side.ir_files = session.services.ir.write_measured(*side.row, compiled.ir);
      session.services.ir.write_binary(*side.row, compiled);
      side.loaded = std::move(own.loaded);
    }
  }
  const CompiledVariant& compiled = bench.compiled(side.config);
  side.variant = bench.variant_name(side.config);
  side.binary_hash = compiled.binary_hash;
  side.compile_ms = compiled.compile_ms;
  return side;
}

}  // namespace

PlannedSides ReplaySides::sides(PointBench& bench, const Choice& choice, const Side& measured) const {
  // B's outputs of its variant: the gate's run was the bench's last (its digest is taken already).
  // --retune's sweep below runs other variants: they are kept first.
  const bool interleaved = interleave_ && choice.source == ConfigSource::replay;
  if (interleaved) bench.keep_outputs(OutputsAt::other_side);
  PlannedSides planned;
  if (retune_)
    if (auto own = retuned_side(bench, choice, measured)) planned.sides.push_back(std::move(*own));
  if (interleaved)
    if (auto baseline = baseline_side(bench, stored_, choice, planned.markers))
      planned.sides.push_back(std::move(*baseline));
  return planned;
}

ReferenceBinary ReplaySides::baseline_for_reference(const Point& point) const {
  ReferenceBinary reference;
  const std::optional<Config> config = stored_.config_of(point);
  if (!config) {
    reference.why_not = "A has no measured binary for it (A failed there, or its run is older than bin/)";
    return reference;
  }
  StoredBaseline stored = stored_.baseline(point, *config);
  if (stored.unavailable) {
    reference.why_not = "A's stored binary cannot be used: " + stored.unavailable->detail;
    return reference;
  }
  reference.variant = std::move(stored.variant);
  reference.config = *config;
  return reference;
}

}  // namespace abt
