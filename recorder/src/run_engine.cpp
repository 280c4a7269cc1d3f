#include "recorder/run_engine.h"

#include <fmt/format.h>

#include <filesystem>

#include "pending_point.h"
#include "util/errors.h"
#include "verify/compare_outputs.h"

namespace abt {
namespace {

Roofline roofline_of(const OpSpec& op, const Point& point, const DeviceInfo* device) {
  Roofline roofline;
  Symbols symbols = op.symbols(point.shape, point.dtype, {});
  if (!op.flops.empty()) roofline.flops = op.flops.eval(symbols);
  if (!op.bytes.empty()) roofline.bytes = op.bytes.eval(symbols);
  if (device) {
    PeakRates peaks = device_peaks(*device, point.dtype, op.tensor_peak ? ComputeUnit::tensor : ComputeUnit::simt);
    roofline.peak_tflops = peaks.tflops;
    roofline.peak_gbps = peaks.gbps;
    roofline.peak_source = peaks.source;
  }
  return roofline;
}

void finish_point(const OpSession& session, PointRecord& result) {
  if (const DeviceInfo* device = session.context.device) result.gpu = PointGpu{device->index, device->uuid};
  result.markers.insert(result.markers.end(), session.context.conditions.begin(), session.context.conditions.end());
  for (const auto& marker : result.markers) session.services.sink.log(marker.text() + " point=" + result.point.id());
  session.services.sink.point_finished(result);
}

Marker verify_failed(const VerifyOutcome& outcome) { return verify_failed_marker(outcome.max_abs, outcome.max_rel); }

// An interleaved replay: A's stored binary, loaded here and verified on this point's inputs like
// B's. Without it (none stored, or it does not pass here) the point is measured as B alone.
void load_baseline(const OpSession& session, PendingPoint& pending) {
  PointBench& bench = *pending.bench;
  auto stored = session.services.baselines->baseline(bench.point(), pending.choice.config);
  if (!stored) return;
  // B's outputs of its pinned variant: the chooser's verification was the last run before this
  // (its digest is taken already).
  const OutputSnapshot b_outputs = bench.take_last_outputs();
  auto not_interleaved = [&](const std::string& why) {
    session.services.sink.log(fmt::format("{}: A's stored binary is not measured beside B's: {}", bench.point().id(), why));
    pending.baseline.reset();
  };
  try {
    pending.baseline = bench.load(*stored, pending.choice.config);
    VerifyOutcome outcome = bench.verify(*pending.baseline);
    if (!outcome.passed()) return not_interleaved("it fails verification here: " + outcome.first_mismatch);
  } catch (const DeviceFault&) {
    throw;
  } catch (const PointError& error) {
    return not_interleaved(error.what());
  }
  pending.result.baseline = Baseline{{}, {}, stored->binary_hash};
  Tolerance bitwise;
  bitwise.mode = Tolerance::Mode::exact;
  const VerifyOutcome bits = compare_outputs(b_outputs, bench.last_outputs(), bitwise);
  pending.result.output_vs_baseline = OutputComparison{bits.mismatches == 0, bits.max_abs, bits.max_rel, bits.mismatches};
}

// replay --retune: B's own sweep winner. When it is A's config, the point's measurement is B's
// best as well; otherwise that variant is kept (IR, binary, index row) and timed in the same rounds.
void adopt_own_best(const OpSession& session, PendingPoint& pending) {
  Choice& own = *pending.choice.own_best;
  PointBench& bench = *pending.bench;
  PointRecord& result = pending.result;
  if (!own.found) {
    session.services.sink.log(fmt::format("{}: replay --retune found no config of B's own: {}", result.id(), own.failure));
    return;
  }
  Retuned retuned;
  retuned.config = own.config;
  retuned.variant = bench.variant_name(own.config);
  retuned.same_as_pinned = own.config == pending.choice.config;
  const CompiledVariant& compiled = bench.compiled(own.config);
  retuned.binary_hash = compiled.binary_hash;
  retuned.compile_ms = compiled.compile_ms;
  if (!retuned.same_as_pinned) {
    pending.retuned_row = IndexRow{result.point.shape_text(), session.context.op.kernel, retuned.variant,
                                   dtype_name(result.point.dtype), bench.params_text(own.config), own.unindexed_launches,
                                   compiled.binary_hash, VariantRole::measured, compiled.compile_ms};
    retuned.ir_files = session.services.ir.write_measured(pending.retuned_row, compiled.ir);
    session.services.ir.write_binary(pending.retuned_row, compiled);
    pending.retuned = std::move(own.loaded);
  }
  result.retuned = std::move(retuned);
}

// Chooses, records the IR of, and verifies the point's variant. False when the point is done
// (FAILED) before any timing.
bool prepare_point(const OpSession& session, PendingPoint& pending, ConfigChooser& chooser) {
  const OpServices& services = session.services;
  PointRecord& result = pending.result;
  const Point& point = result.point;
  result.roofline = roofline_of(session.context.op, point, session.context.device);
  pending.bench = std::make_unique<PointBench>(session, point);
  PointBench& bench = *pending.bench;
  result.input_digest = bench.input_digest();
  pending.choice = chooser.choose(bench);
  Choice& choice = pending.choice;
  if (services.watch) services.watch->step(point, session.context.op.kernel, "verifying the chosen variant", true);
  result.markers = choice.markers;
  result.config_source = choice.source;
  if (!choice.found) {
    result.error = choice.failure;
    if (choice.verify && !choice.verify->passed()) {
      result.verify = choice.verify;
      result.markers.push_back(verify_failed(*choice.verify));
    }
    return false;
  }
  const CompiledVariant& compiled = bench.compiled(choice.config);
  result.config = choice.config;
  result.variant = bench.variant_name(choice.config);
  result.binary_hash = compiled.binary_hash;
  pending.row = IndexRow{point.shape_text(), session.context.op.kernel, result.variant, dtype_name(point.dtype),
                         bench.params_text(choice.config), choice.unindexed_launches, compiled.binary_hash,
                         VariantRole::measured, compiled.compile_ms};
  result.compile_ms = compiled.compile_ms;
  result.ir_files = services.ir.write_measured(pending.row, compiled.ir);
  result.binary = services.ir.write_binary(pending.row, compiled);

  // The gate: whatever the chooser saw, the variant is verified on this point before timing. A sweep
  // winner runs once more: hashing every candidate's outputs would cost more than that run.
  if (!choice.verify || !choice.loaded || choice.output_digest.empty()) {
    if (!choice.loaded) choice.loaded = bench.load(compiled, choice.config);
    choice.verify = bench.verify(*choice.loaded);
    choice.output_digest = bench.output_digest();
    services.ir.add_launches(pending.row.shape, pending.row.kernel, pending.row.variant, 1);
  }
  result.verify = choice.verify;
  result.output_digest = choice.output_digest;
  if (!choice.verify->passed()) {
    result.markers.push_back(verify_failed(*choice.verify));
    result.error = "verification failed: " + choice.verify->first_mismatch;
    return false;
  }
  if (services.baselines && choice.source == ConfigSource::replay) load_baseline(session, pending);
  if (choice.own_best) adopt_own_best(session, pending);
  return true;
}

}  // namespace

void lose_device(const OpSession& session, const DeviceFault& fault, const Point& point) {
  session.state.device_lost = fmt::format("{} (at point {})", fault.what(), point.id());
  session.services.sink.log(Marker{MarkerKind::device_fault, session.state.device_lost}.text());
}

// Points are measured in batches: a batch's points are chosen and verified, then timed in
// interleaved rounds, then written. A bigger batch spreads each point's rounds over a longer
// stretch; a smaller one writes finished points sooner (a killed run keeps them, --resume).
constexpr size_t kPointsPerBatch = 8;

int run_op_points(const OpSession& session, const std::vector<Point>& points, ConfigChooser& chooser,
                  const ProgressCallback& progress) {
  OpRunState& state = session.state;
  const TimingSettings& timing = session.context.timing;
  const int rounds = std::max(1, timing.rounds);
  const int total_steps = int(points.size()) * (1 + rounds);
  int step = 0, failed = 0;
  const bool restart_after_fault = session.services.watch != nullptr;  // a fresh worker takes the device over

  for (size_t first = 0; first < points.size(); first += kPointsPerBatch) {
    const size_t last = std::min(points.size(), first + kPointsPerBatch);
    std::vector<PendingPoint> pending;
    for (size_t index = first; index < last; ++index) {
      const Point& point = points[index];
      if (restart_after_fault && !state.device_lost.empty()) break;
      progress(step, total_steps, "choosing " + point.id());
      if (session.services.watch) session.services.watch->step(point, session.context.op.kernel, "compiling and choosing", false);
      PendingPoint entry;
      entry.result.point = point;
      entry.result.kernel = session.context.op.kernel;
      bool ready = false;
      if (!state.device_lost.empty()) {
        entry.result.error = "not run: the device context was lost: " + state.device_lost;
      } else {
        try {
          ready = prepare_point(session, entry, chooser);
        } catch (const InputError&) {
          throw;
        } catch (const Interrupted&) {
          throw;  // the run stops; this point was not finished
        } catch (const StorageError&) {
          throw;  // the machine, not the point: the run stops
        } catch (const std::filesystem::filesystem_error& error) {
          throw StorageError(error.what());
        } catch (const DeviceFault& fault) {
          entry.result.error = fault.what();
          lose_device(session, fault, point);
        } catch (const std::exception& error) {
          entry.result.error = error.what();
        }
      }
      ++step;
      if (ready) {
        pending.push_back(std::move(entry));
      } else {
        ++failed;
        step += rounds;
        finish_point(session, entry.result);
      }
    }

    run_timing_rounds(session, pending, [&](const PendingPoint& entry, int round) {
      const int shown = round + 1;
      progress(std::min(step++, total_steps - 1), total_steps,
               fmt::format("timing {} (round {}{})", entry.result.point.id(), shown,
                           shown > rounds ? " extra" : "/" + std::to_string(rounds)));
    });

    for (auto& entry : pending) {
      PointRecord& result = entry.result;
      // Under a supervisor the points the fault cut short are measured again by the next worker.
      if (restart_after_fault && result.error.empty() && !state.device_lost.empty()) continue;
      if (result.error.empty() && !state.device_lost.empty() && int(result.measurement.round_sizes.size()) < rounds)
        result.error = "not timed to the end: the device context was lost: " + state.device_lost;
      result.success = result.error.empty();
      failed += !result.success;
      for (const auto& marker : result.measurement.markers) result.markers.push_back(marker);
      result.latency = summarize(result.measurement.samples_us);
      if (result.retuned) result.retuned->latency = summarize(result.retuned->measurement.samples_us);
      if (result.baseline) {
        for (const auto& marker : result.baseline->measurement.markers)
          if (std::find(result.markers.begin(), result.markers.end(), marker) == result.markers.end())
            result.markers.push_back(marker);
        result.baseline->latency = summarize(result.baseline->measurement.samples_us);
      }
      finish_point(session, result);
    }
    if (restart_after_fault && !state.device_lost.empty()) throw DeviceLost(state.device_lost);
  }
  progress(total_steps, total_steps, "");
  return failed;
}

}  // namespace abt
